import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Icon } from "~/components/icons";
import { useLiveFeed } from "~/components/live/use-live-feed";
import { EmptyState, PageHeader } from "~/components/page-header";
import { Coin } from "~/components/wallet/coin";
import { requestTopUp } from "~/components/wallet/open-top-up";
import { WaitingPayouts } from "~/components/wallet/waiting-payouts";
import { mergeNewestFirst, WalletHistory, type HistoryRow } from "~/components/wallet/wallet-history";
import { getStore } from "~/engine/index.server";
import { loadWaitingPayouts } from "~/features/bookings/views.server";
import { formatSp } from "~/utils/format";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { firstEntryPage, getBalance, listEntries } from "~/features/wallet/ledger.server";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { useTranslation } from "react-i18next";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { withSkillNamed } from "~/features/wallet/entry-skills.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { Search } from "./_app.wallet.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: "wallet" };
export const clientLoader = loadingNamespaces("wallet");

const PAGE_SIZE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const search = Search.safeParse({ before: new URL(request.url).searchParams.get("before") ?? undefined });
  // A cursor that is not a timestamp came from a hand-edited URL: start from the newest.
  if (!search.success) throw redirect("/wallet");
  const { before } = search.data;
  const store = await getStore();
  const language = await languageOf(request, user.profile.language);
  const [{ balance, page }, waiting] = await Promise.all([
    // The first page is kept until the wallet is written; older pages are read each time.
    before === undefined
      ? firstEntryPage(store, user.uid, PAGE_SIZE)
      : Promise.all([getBalance(store, user.uid), listEntries(store, user.uid, { limit: PAGE_SIZE, before })]).then(
          ([balance, page]) => ({ balance, page }),
        ),
    // Asked on the first page only: "Load more" fetches this loader for its rows.
    before === undefined ? loadWaitingPayouts(store, user.uid, language) : [],
  ]);
  const rows: HistoryRow[] = withSkillNamed(
    page.entries.map(({ id, amount, type, description, label, params, timestamp }) => ({
      id,
      amount,
      type,
      description,
      label,
      params,
      timestamp,
    })),
    language,
  );
  return {
    title: fixedT(language, "wallet")("title"),
    balance,
    rows,
    nextBefore: page.nextBefore,
    waiting,
    isFirstPage: before === undefined,
    timeZone: user.profile.timezone || "UTC",
  };
}

const olderPageUrl = (before: number) => `/wallet?${new URLSearchParams({ before: String(before) })}`;

/** Older pages fetched with "Load more", appended below the page the URL shows. */
function useOlderPages(startBefore: number | null) {
  const fetcher = useFetcher<typeof loader>();
  const [older, setOlder] = useState<{ rows: HistoryRow[]; nextBefore: number | null }>({
    rows: [],
    nextBefore: startBefore,
  });
  useEffect(() => {
    const page = fetcher.data;
    if (page) setOlder((current) => ({ rows: [...current.rows, ...page.rows], nextBefore: page.nextBefore }));
  }, [fetcher.data]);
  return {
    ...older,
    loading: fetcher.state !== "idle",
    loadMore: () => older.nextBefore !== null && fetcher.load(olderPageUrl(older.nextBefore)),
  };
}

export default function WalletPage() {
  const { search } = useLocation();
  // A new URL (another cursor) starts a fresh list.
  return <Wallet key={search} />;
}

function Wallet() {
  const { balance: initialBalance, rows, nextBefore, waiting, isFirstPage, timeZone } = useLoaderData<typeof loader>();
  const { balance } = useLiveFeed("wallet", { balance: initialBalance });
  const locale = useFormatLocale();
  const { t } = useTranslation("wallet");
  // The layout already streams the latest entries; on the first page they join the list as they happen.
  const latest = useLiveFeed("transactions", [], { enabled: isFirstPage });
  const older = useOlderPages(nextBefore);
  const newestLoaded = rows[0]?.timestamp ?? Number.NEGATIVE_INFINITY;
  const live = isFirstPage ? latest.filter((entry) => entry.timestamp >= newestLoaded) : [];
  const history = mergeNewestFirst(rows, older.rows, live);

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <button type="button" className="btn-primary" onClick={requestTopUp}>
            <Icon name="plus" className="h-4 w-4" />
            {t("topUp")}
          </button>
        }
      />
      <section className="card mb-6 flex items-center gap-4" aria-labelledby="wallet-balance-label">
        <Coin className="h-12 w-12" />
        <div>
          <p id="wallet-balance-label" className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {t("balance")}
          </p>
          <p className="text-3xl font-bold tabular-nums text-slate-900" data-testid="wallet-page-balance">
            {formatSp(balance, locale)}
          </p>
        </div>
      </section>

      <WaitingPayouts payouts={waiting} timeZone={timeZone} />

      <section aria-labelledby="wallet-history-title">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="wallet-history-title" className="text-base font-semibold text-slate-900">
            {t("history")}
          </h2>
          {isFirstPage ? null : (
            <Link to="/wallet" className="text-sm font-medium text-brand-600 hover:underline">
              {t("backToNewest")}
            </Link>
          )}
        </div>
        {history.length === 0 ? (
          <EmptyState title={t("empty.title")}>{t("empty.body")}</EmptyState>
        ) : (
          <div className="card overflow-hidden p-0">
            <WalletHistory rows={history} timeZone={timeZone} />
          </div>
        )}
        {older.nextBefore !== null ? (
          <div className="mt-4 flex justify-center">
            {/* A real link, so the next page opens even before the page's script has loaded. */}
            <Link
              to={olderPageUrl(older.nextBefore)}
              className="btn-secondary"
              aria-disabled={older.loading || undefined}
              onClick={(event) => {
                event.preventDefault();
                if (!older.loading) older.loadMore();
              }}
            >
              {older.loading ? t("loadingMore") : t("loadMore")}
            </Link>
          </div>
        ) : null}
      </section>
    </>
  );
}
