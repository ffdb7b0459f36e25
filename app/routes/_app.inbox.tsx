import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { InboxList } from "~/components/chat/inbox-list";
import { useLiveFeed } from "~/components/live/use-live-feed";
import { usePresence } from "~/components/members/use-presence";
import { PageHeader } from "~/components/page-header";
import { getStore } from "~/engine/index.server";
import { keptPresences } from "~/features/members/members.server";
import { loadInbox } from "~/features/live/inbox.server";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { useTranslation } from "react-i18next";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: ["chat"] };
export const clientLoader = loadingNamespaces("chat");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const store = await getStore();
  const language = await languageOf(request, user.profile.language);
  const inbox = await loadInbox(store, user.uid, language);
  const presences = await keptPresences(
    store,
    inbox.map((e) => e.other.uid),
  );
  const t = fixedT(language, "chat");
  return { title: t("inbox.title"), me: user.uid, inbox, presence: Object.fromEntries(presences), now: Date.now() };
}

// The list is live; a message sent or seen in a thread need not re-read it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.startsWith("/inbox/") ? false : defaultShouldRevalidate;

/** Conversations beside the open one on large screens; one or the other on phones. */
export default function Inbox() {
  const { me, inbox: initial, presence: initialPresence, now } = useLoaderData<typeof loader>();
  const inbox = useLiveFeed("inbox", initial, { worded: true, onError: () => {} });
  const presence = usePresence({
    ...initialPresence,
    ...Object.fromEntries(
      inbox
        .filter((e) => !(e.other.uid in initialPresence))
        .map((e) => [e.other.uid, { online: false, lastChanged: 0 }]),
    ),
  });
  const { chatId } = useParams();
  const { t } = useTranslation("chat");
  return (
    <>
      <div className={chatId ? "hidden lg:block" : ""}>
        <PageHeader title={t("inbox.title")} description={t("inbox.description")} />
      </div>
      <div className="card grid grid-cols-[minmax(0,1fr)] overflow-hidden p-0 lg:h-[calc(100vh-12rem)] lg:grid-cols-[320px_minmax(0,1fr)]">
        <div className={`min-h-0 overflow-y-auto border-slate-200 lg:border-e ${chatId ? "hidden lg:block" : ""}`}>
          {inbox.length === 0 ? (
            <div className="px-6 py-12 text-center">
              <h2 className="text-base font-semibold text-slate-900">{t("inbox.empty.title")}</h2>
              <p className="mt-2 text-sm text-slate-600">{t("inbox.empty.text")}</p>
              <Link to="/matches" className="btn-primary mt-5 inline-flex">
                {t("inbox.empty.action")}
              </Link>
            </div>
          ) : (
            <InboxList entries={inbox} me={me} presence={presence} now={now} openChatId={chatId} />
          )}
        </div>
        <div className={`min-h-0 min-w-0 ${chatId ? "h-[calc(100dvh-9.5rem)] lg:h-auto" : "hidden lg:block"}`}>
          <Outlet />
        </div>
      </div>
    </>
  );
}
