import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { useLiveFeed } from "~/components/live/use-live-feed";
import { chatMessagesFeed, type ChatMessagePayload } from "~/features/live/feeds";
import type { Presence } from "~/features/members/presence";
import { lastSeenText } from "~/features/members/presence";
import { Avatar } from "../members/avatar";
import { Composer } from "./composer";

interface ThreadProps {
  chatId: string;
  me: string;
  other: { uid: string; fullName: string; avatar: string; deleted: boolean };
  presence: Presence;
  initialMessages: ChatMessagePayload[];
  timezone: string;
  now: number;
}

function timeFormat(timeZone: string) {
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", day: "numeric", month: "short" });
  } catch {
    return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit", day: "numeric", month: "short" });
  }
}

/** One conversation: live messages, newest at the bottom, marked seen while it is open. */
export function Thread({ chatId, me, other, presence, initialMessages, timezone, now }: ThreadProps) {
  const messages = useLiveFeed(chatMessagesFeed(chatId), initialMessages);
  const seen = useFetcher();
  const requested = useRef<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const format = useMemo(() => timeFormat(timezone), [timezone]);

  // The recipient has the thread open: their unseen messages become seen (one request per new message).
  const latestUnseen = [...messages].reverse().find((m) => m.sender !== me && !m.seen)?.id ?? null;
  useEffect(() => {
    const mark = () => {
      if (!latestUnseen || requested.current === latestUnseen || document.visibilityState !== "visible") return;
      requested.current = latestUnseen;
      seen.submit({ intent: "seen" }, { method: "post", action: `/inbox/${chatId}` });
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
    // seen.submit is stable enough; re-running on it would resubmit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [latestUnseen, chatId]);

  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [messages.length]);

  const lastSeenMine = [...messages].reverse().find((m) => m.sender === me && m.seen)?.id;

  return (
    <section className="flex h-full min-h-0 flex-col" aria-label={`Conversation with ${other.fullName}`}>
      <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
        <Link to="/inbox" className="text-sm font-medium text-brand-700 lg:hidden" aria-label="Back to conversations">
          ←
        </Link>
        <Avatar src={other.avatar} size="sm" presence={presence} now={now} />
        <div className="min-w-0">
          {other.deleted ? (
            <span className="font-semibold">{other.fullName}</span>
          ) : (
            <Link to={`/members/${other.uid}`} className="font-semibold hover:underline">
              {other.fullName}
            </Link>
          )}
          <p className="text-xs text-slate-500" data-testid="thread-presence">{lastSeenText(presence, now)}</p>
        </div>
      </header>
      <ol className="flex-1 space-y-2 overflow-y-auto px-4 py-4" data-testid="messages" aria-live="polite">
        {messages.length === 0 ? <li className="py-8 text-center text-sm text-slate-500">Say hello to {other.fullName}.</li> : null}
        {messages.map((m) => {
          const mine = m.sender === me;
          return (
            <li key={m.id} className={`flex flex-col ${mine ? "items-end" : "items-start"}`} data-testid="message" data-mine={mine ? "true" : "false"}>
              <p className={`max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm ${mine ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-900"}`}>{m.text}</p>
              <span className="mt-0.5 text-[11px] text-slate-500">
                <time dateTime={new Date(m.timestamp).toISOString()}>{format.format(m.timestamp)}</time>
                {m.id === lastSeenMine ? <span data-testid="seen-marker"> · Seen</span> : null}
              </span>
            </li>
          );
        })}
        <div ref={end} />
      </ol>
      {other.deleted ? <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-500">This member has left SkillSwap.</p> : <Composer chatId={chatId} />}
    </section>
  );
}
