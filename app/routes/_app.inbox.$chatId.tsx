import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { Thread } from "~/components/chat/thread";
import { usePresence } from "~/components/members/use-presence";
import { getStore } from "~/engine/index.server";
import { ChatError, loadThread, markSeen, quotablePost } from "~/features/chat/chat.server";
import { otherParticipant } from "~/features/chat/pair";
import { keptPresences, keptProfile, missingNames } from "~/features/members/members.server";
import { listedMember, nameInPlainText, publicMember } from "~/features/members/member";
import { requireUser } from "~/features/auth/auth.server";
import { readForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { chatErrorText } from "~/features/chat/errors";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { intlLocale } from "~/utils/format";
import type { TFunction } from "i18next";
import { StoreBusyError, TransactionConflictError } from "~/engine/store/types";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: ["chat"] };
export const clientLoader = loadingNamespaces("chat");

function notFound(t: TFunction, locale: string) {
  return (error: unknown): never => {
    if (error instanceof ChatError) throw new Response(chatErrorText(t, locale, error), { status: 404 });
    throw error;
  };
}

/** `?before=<timestamp>`: the "Load earlier messages" fetcher asks for the page before that time. */
function earlierCursor(request: Request, t: TFunction): number | undefined {
  const raw = new URL(request.url).searchParams.get("before");
  if (raw === null) return undefined;
  const before = Number(raw);
  if (!/^\d{1,16}$/.test(raw) || !Number.isSafeInteger(before))
    throw new Response(t("errors.badCursor"), { status: 400 });
  return before;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const store = await getStore();
  const chatId = params.chatId ?? "";
  const language = await languageOf(request, user.profile.language);
  const t = fixedT(language, "chat");
  const before = earlierCursor(request, t);
  const { chat, messages, earlierBefore } = await loadThread(store, user.uid, chatId).catch(
    notFound(t, intlLocale(language)),
  );
  const otherUid = otherParticipant(chat.participants, user.uid) ?? user.uid;
  const [member, presences, earlier] = await Promise.all([
    // Kept until their profile is written (decision 083): the inbox beside it reads the same one.
    keptProfile(store, otherUid).then((profile) => listedMember(otherUid, profile)),
    keptPresences(store, [otherUid]),
    before === undefined
      ? null
      : loadThread(store, user.uid, chatId, { before }).then(({ messages, earlierBefore }) => ({
          messages,
          earlierBefore,
        })),
  ]);
  const other = member ?? publicMember(otherUid, null, missingNames(language));
  // `?post=<id>` from "Message" on a board post: the composer quotes it (a removed post is left out).
  const postId = new URL(request.url).searchParams.get("post");
  const quote = postId ? await quotablePost(store, postId).catch(() => null) : null;
  return {
    title: t("thread.title", { name: nameInPlainText(other.name) }),
    chatId,
    me: user.uid,
    other: { uid: other.uid, name: other.name, avatar: other.avatar, deleted: other.deleted },
    presence: presences.get(otherUid)!,
    messages,
    earlierBefore,
    quote,
    // Only the fetcher reads this; the page itself always opens on the latest messages.
    earlier,
    timezone: user.profile.timezone || "UTC",
    now: Date.now(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const store = await getStore();
  const chatId = params.chatId ?? "";
  const form = await readForm(request);
  const language = await languageOf(request, user.profile.language);
  // Messages are sent to /api/chats/$chatId/messages (decision 107); this page only hears "seen".
  if (form.get("intent") !== "seen") return redirect(`/inbox/${chatId}`, 303);
  try {
    return { ok: true as const, seen: await markSeen(store, user.uid, chatId) };
  } catch (error) {
    if (error instanceof ChatError) {
      const message = chatErrorText(fixedT(language, "chat"), intlLocale(language), error);
      return data({ ok: false as const, error: message }, { status: error.status });
    }
    // Nothing was written; the next message from the other member asks again.
    if (error instanceof StoreBusyError || error instanceof TransactionConflictError)
      return data({ ok: false as const, error: fixedT(language, "chat")("errors.busy") }, { status: 503 });
    throw error;
  }
}

// Messages arrive through the live feed; re-running the loaders after each send or "seen" would only repeat them.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formAction,
  currentParams,
  nextParams,
  defaultShouldRevalidate,
}) => {
  if (formAction?.startsWith("/inbox/") && currentParams.chatId === nextParams.chatId) return false;
  return defaultShouldRevalidate;
};

export default function ChatThread() {
  const {
    chatId,
    me,
    other,
    presence: initialPresence,
    messages,
    earlierBefore,
    quote,
    timezone,
    now,
  } = useLoaderData<typeof loader>();
  const presence = usePresence({ [other.uid]: initialPresence })[other.uid] ?? initialPresence;
  return (
    <Thread
      key={chatId}
      chatId={chatId}
      me={me}
      other={other}
      presence={presence}
      initialMessages={messages}
      initialEarlierBefore={earlierBefore}
      quote={quote}
      timezone={timezone}
      now={now}
    />
  );
}
