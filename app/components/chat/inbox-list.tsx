import { Link } from "@remix-run/react";
import type { InboxEntryPayload, PresencePayload } from "~/engine/live/feeds";
import { useTranslation } from "react-i18next";
import { HIDDEN_MESSAGE_TEXT } from "~/features/chat/hidden";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatNumber, relativeTime } from "~/utils/format";
import { Avatar } from "../members/avatar";
import { presenceText } from "./presence-text";
import { nameTranslate } from "../members/isolated-name";

/**
 * The conversations, latest activity first, each with the other member and an unread count. The open
 * one (`openChatId`) is marked as a NavLink marks the current page (`aria-current`, its background):
 * the layout already knows it from the URL, so each row is a plain Link, without a NavLink's own
 * matching of the location on every render (issue 28).
 */
export function InboxList({
  entries,
  me,
  presence,
  now,
  openChatId,
}: {
  entries: readonly InboxEntryPayload[];
  me: string;
  presence: PresencePayload;
  now: number;
  openChatId: string | undefined;
}) {
  const { t } = useTranslation("chat");
  const locale = useFormatLocale();
  return (
    <ul className="divide-y divide-slate-100" aria-label={t("inbox.list")}>
      {entries.map((entry) => (
        <li key={entry.chatId}>
          <Link
            to={`/inbox/${entry.chatId}`}
            data-testid="conversation"
            aria-current={entry.chatId === openChatId ? "page" : undefined}
            className={`flex items-center gap-3 px-3 py-3 ${entry.chatId === openChatId ? "bg-brand-50" : "hover:bg-slate-50"}`}
          >
            {presence[entry.other.uid] ? (
              <Avatar
                src={entry.other.avatar}
                size="sm"
                presence={presence[entry.other.uid]!}
                presenceLabel={presenceText(t, presence[entry.other.uid]!, now)}
              />
            ) : (
              <Avatar src={entry.other.avatar} size="sm" />
            )}
            <div className="min-w-0 flex-1">
              <div className="flex items-baseline justify-between gap-2">
                <span
                  dir="auto"
                  translate={nameTranslate(entry.other.name)}
                  className={`truncate text-sm ${entry.unread ? "font-bold" : "font-medium"}`}
                >
                  {entry.other.name.text}
                </span>
                {entry.lastMessage ? (
                  <time className="shrink-0 text-xs text-slate-600">{relativeTime(entry.updatedAt, locale, now)}</time>
                ) : null}
              </div>
              <div className="flex items-center justify-between gap-2">
                <p className={`truncate text-xs ${entry.unread ? "text-slate-900" : "text-slate-600"}`}>
                  {!entry.lastMessage ? (
                    t("inbox.noMessages")
                  ) : entry.lastMessage === HIDDEN_MESSAGE_TEXT ? (
                    t("thread.hidden")
                  ) : (
                    <>
                      {entry.lastSender === me ? t("inbox.you") : null}
                      <bdi translate="no">{entry.lastMessage}</bdi>
                    </>
                  )}
                </p>
                {entry.unread > 0 ? (
                  <span
                    data-testid="unread-count"
                    className="shrink-0 rounded-full bg-brand-600 px-1.5 text-[11px] font-semibold text-white"
                  >
                    {entry.unread > 99
                      ? t("inbox.unreadMany", { max: formatNumber(99, locale) })
                      : formatNumber(entry.unread, locale)}
                    <span className="sr-only">{t("inbox.unread", { count: entry.unread })}</span>
                  </span>
                ) : null}
              </div>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
