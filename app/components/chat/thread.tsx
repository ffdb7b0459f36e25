import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useLiveFeed } from "~/components/live/use-live-feed";
import { mergeMessages } from "~/features/chat/history";
import { messageParts } from "~/features/chat/links";
import { chatMessagesFeed } from "~/engine/live/feed-names";
import type { ChatMessagePayload } from "~/engine/live/feeds";
import type { MessageQuote } from "~/documents/chats";
import { QuoteCard } from "./quote-card";
import { nameInPlainText } from "~/features/members/member";
import type { Presence } from "~/features/members/presence";
import { useTranslation } from "react-i18next";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { interleave } from "~/i18n/interleave";
import { presenceText } from "./presence-text";
import { Avatar } from "../members/avatar";
import { ReportButton } from "~/components/reports/report-button";
import { Composer } from "./composer";
import { useMarkSeen } from "./use-mark-seen";
import { Icon } from "~/components/icons";
import { IsolatedName } from "../members/isolated-name";
import type { PublicMember } from "~/features/members/member";

interface ThreadProps {
  chatId: string;
  me: string;
  other: Pick<PublicMember, "uid" | "name" | "avatar" | "deleted">;
  presence: Presence;
  initialMessages: ChatMessagePayload[];
  /** Cursor for the page before `initialMessages`; null when they are the whole conversation. */
  initialEarlierBefore: number | null;
  /** A board post the reply being written quotes ("Message" on the post's page). */
  quote?: MessageQuote | null;
  timezone: string;
  now: number;
}

// One formatter per locale and zone for the whole process: building one costs more than the thread's render.
const timeFormats = new Map<string, Intl.DateTimeFormat>();
const TIME_PARTS: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", day: "numeric", month: "short" };

/** English keeps "25 Nov, 14:05" (en-GB) as the thread always wrote it; other languages their own. */
function timeFormat(locale: string, timeZone: string) {
  const key = `${locale}|${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    const intl = locale === "en-IE" ? "en-GB" : locale;
    try {
      format = new Intl.DateTimeFormat(intl, { timeZone, ...TIME_PARTS });
    } catch {
      format = new Intl.DateTimeFormat(intl, { timeZone: "UTC", ...TIME_PARTS });
    }
    if (timeFormats.size < 1_000) timeFormats.set(key, format);
  }
  return format;
}

/** What the thread route's loader answers "Load earlier messages" with. */
interface EarlierData {
  earlier: { messages: ChatMessagePayload[]; earlierBefore: number | null } | null;
}

/**
 * The live window of the latest messages, plus older pages loaded on request. Messages that
 * leave the live window as new ones arrive stay shown.
 */
function useThreadHistory(chatId: string, initialMessages: ChatMessagePayload[], initialEarlierBefore: number | null) {
  const live = useLiveFeed(chatMessagesFeed(chatId), initialMessages);
  const [messages, setMessages] = useState(initialMessages);
  const [earlierBefore, setEarlierBefore] = useState(initialEarlierBefore);
  const loader = useFetcher<EarlierData>();
  useEffect(() => setMessages((known) => mergeMessages(known, live)), [live]);
  const page = loader.data?.earlier;
  useEffect(() => {
    if (!page) return;
    setMessages((known) => mergeMessages(known, page.messages));
    setEarlierBefore(page.earlierBefore);
  }, [page]);
  const loadEarlier = () => {
    if (earlierBefore !== null) loader.load(`/inbox/${chatId}?before=${earlierBefore}`);
  };
  return { messages, earlierBefore, loadEarlier, loadingEarlier: loader.state !== "idle" };
}

/** One conversation: live messages, newest at the bottom, marked seen while it is open. */
/** Message text with its web links clickable; they open in a new tab without handing it this page. */
function MessageText({ text }: { text: string }) {
  return (
    <>
      {messageParts(text).map((part, i) =>
        part.kind === "link" ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

export function Thread({
  chatId,
  me,
  other,
  presence,
  initialMessages,
  initialEarlierBefore,
  quote = null,
  timezone,
  now,
}: ThreadProps) {
  const { messages, earlierBefore, loadEarlier, loadingEarlier } = useThreadHistory(
    chatId,
    initialMessages,
    initialEarlierBefore,
  );
  const list = useRef<HTMLOListElement>(null);
  const end = useRef<HTMLLIElement>(null);
  /** The list's height and scroll offset when earlier messages were asked for. */
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const { t } = useTranslation("chat");
  const locale = useFormatLocale();
  const format = useMemo(() => timeFormat(locale, timezone), [locale, timezone]);

  // The recipient has the thread open: their unseen messages become seen.
  useMarkSeen(messages, me, `/inbox/${chatId}`);

  // A new message at the bottom scrolls to it; older ones added at the top must not.
  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [newestId]);

  // Older messages were added above: keep the ones being read where they were on screen.
  const oldestId = messages[0]?.id;
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || !anchor.current) return;
    el.scrollTop = anchor.current.top + (el.scrollHeight - anchor.current.height);
    anchor.current = null;
  }, [oldestId]);

  const onLoadEarlier = () => {
    if (list.current) anchor.current = { height: list.current.scrollHeight, top: list.current.scrollTop };
    loadEarlier();
  };

  const lastSeenMine = [...messages].reverse().find((m) => m.sender === me && m.seen)?.id;

  return (
    <section
      className="flex h-full min-h-0 min-w-0 flex-col"
      aria-label={t("thread.label", { name: nameInPlainText(other.name) })}
    >
      <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
        <Link to="/inbox" className="text-sm font-medium text-brand-700 lg:hidden" aria-label={t("thread.back")}>
          <Icon name="back" className="h-5 w-5" />
        </Link>
        <Avatar src={other.avatar} size="sm" presence={presence} presenceLabel={presenceText(t, presence, now)} />
        <div className="min-w-0">
          {other.deleted ? (
            <span className="font-semibold">
              <IsolatedName name={other.name} />
            </span>
          ) : (
            <Link to={`/members/${other.uid}`} className="font-semibold hover:underline">
              <IsolatedName name={other.name} />
            </Link>
          )}
          <p className="text-xs text-slate-500" data-testid="thread-presence">
            {presenceText(t, presence, now)}
          </p>
        </div>
      </header>
      <ol ref={list} className="flex-1 space-y-2 overflow-y-auto px-4 py-4" data-testid="messages" aria-live="polite">
        {earlierBefore !== null ? (
          <li className="text-center">
            <button
              type="button"
              onClick={onLoadEarlier}
              disabled={loadingEarlier}
              className="text-sm font-medium text-brand-700 hover:underline disabled:text-slate-400"
            >
              {loadingEarlier ? t("thread.loadingEarlier") : t("thread.loadEarlier")}
            </button>
          </li>
        ) : null}
        {messages.length === 0 ? (
          <li className="py-8 text-center text-sm text-slate-500">
            {interleave((mark) => t("thread.empty", { name: mark }), <IsolatedName name={other.name} />)}
          </li>
        ) : null}
        {messages.map((m) => {
          const mine = m.sender === me;
          return (
            <li
              key={m.id}
              className={`flex min-w-0 flex-col ${mine ? "items-end" : "items-start"}`}
              data-testid="message"
              data-mine={mine ? "true" : "false"}
            >
              {m.quote ? <QuoteCard quote={m.quote} /> : null}
              {m.hidden ? (
                <p className="max-w-[80%] rounded-2xl border border-dashed border-slate-300 px-3 py-2 text-sm italic text-slate-500">
                  {t("thread.hidden")}
                </p>
              ) : (
                <p
                  dir="auto"
                  translate="no"
                  className={`max-w-[80%] whitespace-pre-wrap rounded-2xl px-3 py-2 text-sm [overflow-wrap:anywhere] ${mine ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-900"}`}
                >
                  <MessageText text={m.text} />
                </p>
              )}
              <span className="mt-0.5 text-[11px] text-slate-500">
                <time dateTime={new Date(m.timestamp).toISOString()}>{format.format(m.timestamp)}</time>
                {m.id === lastSeenMine ? <span data-testid="seen-marker">{t("thread.seen")}</span> : null}
              </span>
              {mine || m.hidden ? null : <ReportButton targetKind="message" targetId={m.id} contextId={chatId} />}
            </li>
          );
        })}
        {/* The scroll target after the last message; a list holds only items. */}
        <li ref={end} aria-hidden="true" />
      </ol>
      {other.deleted ? (
        <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-500">{t("thread.left")}</p>
      ) : (
        <Composer chatId={chatId} quote={quote} />
      )}
    </section>
  );
}
