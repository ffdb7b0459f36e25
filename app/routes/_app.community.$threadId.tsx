import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ThreadView } from "~/components/community/thread-view";
import { getStore } from "~/engine/index.server";
import { loadThreadPage } from "~/features/community/thread-page.server";
import { runThreadAction } from "~/features/community/thread-action.server";
import { requireUser } from "~/features/auth/auth.server";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";
import { readForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { Icon } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { loadingNamespaces } from "~/i18n/client-loader";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.pageTitle, matches });

export const handle = { i18n: "community" };
export const clientLoader = loadingNamespaces("community");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  const page = await loadThreadPage(await getStore(), user.uid, params.threadId ?? "", language);
  const t = fixedT(language, "community");
  // The thread's title is the member's words, shown as written inside the page title's message.
  return { ...page, pageTitle: t("thread.pageTitle", { title: page.title }) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  return runThreadAction(await getStore(), user.uid, params.threadId ?? "", await readForm(request), {
    t: fixedT(language, "community"),
    locale: intlLocale(language),
  });
}

// Posts and counts arrive through the live feed; only the member's own state (reactions, follow) needs the loader again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  if (intent === "reply" || intent === "edit") return false;
  return defaultShouldRevalidate;
};

export default function ThreadPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("community");
  return (
    <div className="mx-auto max-w-3xl">
      <p className="mb-4 text-sm">
        <a href="/community" className="inline-flex items-center gap-1 text-brand-700 hover:underline">
          <Icon name="back" className="h-4 w-4 shrink-0" />
          {t("title")}
        </a>
        <span className="text-slate-400"> · </span>
        <a href={`/discuss?thread=${d.threadId}`} className="text-brand-700 hover:underline">
          {t("thread.fullScreen")}
        </a>
      </p>
      <ThreadView key={d.threadId} {...d} />
    </div>
  );
}
