import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { NewThreadForm } from "~/components/community/new-thread-form";
import { ThreadView } from "~/components/community/thread-view";
import { getStore } from "~/engine/index.server";
import { startThread } from "~/features/community/discuss.server";
import { listSpaces } from "~/features/community/read.server";
import { loadThreadPage } from "~/features/community/thread-page.server";
import { namedSpace } from "~/features/community/space-names.server";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { Icon } from "~/components/icons";
import { loadingNamespaces } from "~/i18n/client-loader";
import { useTranslation } from "react-i18next";
import { fixedT, languageOf } from "~/i18n/i18n.server";

// The thread view and new-thread form are the forum's (namespace "community"); the page's own words are "chat"'s.
export const handle = { i18n: ["community", "chat"] };
export const clientLoader = loadingNamespaces("community", "chat");

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const store = await getStore();
  const params = new URL(request.url).searchParams;
  const threadId = params.get("thread");
  const language = await languageOf(request, user.profile.language);
  const title = fixedT(language, "chat")("discuss.title");
  if (threadId) {
    const thread = await loadThreadPage(store, user.uid, threadId, language);
    // The thread's title is the member's words, shown as written inside the page title's message.
    const pageTitle = fixedT(language, "community")("thread.pageTitle", { title: thread.title });
    return { title: pageTitle, thread, spaces: [], space: null };
  }
  return {
    title,
    thread: null,
    // Skill spaces by their skill's name in the reader's language, a member's own tag as written.
    spaces: (await listSpaces(store, user.profile)).map((s) => namedSpace(s, language)),
    space: params.get("space"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return startThread(await getStore(), user, request);
}

/** The plain-layout place to write: a new thread with a live preview, or one thread full screen (`?thread=`). */
export default function Discuss() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("chat");
  return (
    <div className="min-h-full bg-slate-50">
      <div className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <Link
          to={d.thread ? `/community/${d.thread.threadId}` : "/community"}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <Icon name="back" className="h-4 w-4 shrink-0" />
          {t("discuss.back")}
        </Link>
      </div>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        {d.thread ? (
          <ThreadView key={d.thread.threadId} {...d.thread} />
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight">{t("discuss.start")}</h1>
            <NewThreadForm spaces={d.spaces} initialSpace={d.space} />
          </>
        )}
      </main>
    </div>
  );
}
