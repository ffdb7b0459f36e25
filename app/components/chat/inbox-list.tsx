import { NavLink } from "@remix-run/react";
import type { InboxEntryPayload, PresencePayload } from "~/engine/live/feeds";
import { timeAgo } from "~/utils/time";
import { Avatar } from "../members/avatar";

/** The conversations, latest activity first, each with the other member and an unread count. */
export function InboxList({
  entries,
  me,
  presence,
  now,
}: {
  entries: readonly InboxEntryPayload[];
  me: string;
  presence: PresencePayload;
  now: number;
}) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Conversations">
      {entries.map((entry) => (
        <li key={entry.chatId}>
          <NavLink
            to={`/inbox/${entry.chatId}`}
            data-testid="conversation"
            className={({ isActive }) =>
              `flex items-center gap-3 px-3 py-3 ${isActive ? "bg-brand-50" : "hover:bg-slate-50"}`
            }
          >
            <Avatar src={entry.other.avatar} size="sm" presence={presence[entry.other.uid]} now={now} />
            <div className="min-w-0 flex-1">
              <div className="flex items-baseline justify-between gap-2">
                <span className={`truncate text-sm ${entry.unread ? "font-bold" : "font-medium"}`}>
                  <bdi>{entry.other.fullName}</bdi>
                </span>
                {entry.lastMessage ? (
                  <time className="shrink-0 text-xs text-slate-600">{timeAgo(entry.updatedAt, now)}</time>
                ) : null}
              </div>
              <div className="flex items-center justify-between gap-2">
                <p className={`truncate text-xs ${entry.unread ? "text-slate-900" : "text-slate-600"}`}>
                  {entry.lastMessage
                    ? `${entry.lastSender === me ? "You: " : ""}${entry.lastMessage}`
                    : "No messages yet"}
                </p>
                {entry.unread > 0 ? (
                  <span
                    data-testid="unread-count"
                    className="shrink-0 rounded-full bg-brand-600 px-1.5 text-[11px] font-semibold text-white"
                  >
                    {entry.unread > 99 ? "99+" : entry.unread}
                    <span className="sr-only"> unread</span>
                  </span>
                ) : null}
              </div>
            </div>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
