import { Link } from "@remix-run/react";
import type { NotificationPayload } from "~/engine/live/feeds";
import { useTranslation } from "react-i18next";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { relativeTime } from "~/utils/format";
import { listedNotice, noticeTitle, type ListedNotice } from "~/features/notifications/text";
import { NoticeWords } from "../notifications/notice-words";
import { useLiveFeedValue } from "../live/use-live-feed";

/** Notices the widget shows; the dashboard's loader reads as many for the first paint. */
export const ACTIVITY_SHOWN = 5;

/**
 * The widget's notices as it draws them, from the loader's read or the live feed's: the same shape
 * on both sides, so the stream's first value, equal to what the page drew, draws nothing again.
 */
export const activityNotices = (notices: NotificationPayload[]): ListedNotice[] =>
  notices.slice(0, ACTIVITY_SHOWN).map(listedNotice);

/** The latest things that happened to the member — SP moved, messages, sessions, replies, mentions and answers in the community — live. */
export function ActivityWidget({ initial }: { initial: ListedNotice[] }) {
  // Each notice is named for the reader by the server's stream, in the tab's language (decisions 101, 111).
  const latest = useLiveFeedValue("notifications", initial, activityNotices, { worded: true, onError: () => {} });
  const { t } = useTranslation("dashboard");
  const { t: tNotice } = useTranslation("notifications");
  const locale = useFormatLocale();
  if (latest.length === 0) {
    return <p className="text-sm text-slate-600">{t("activity.empty")}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100" data-testid="activity-list">
      {latest.map((n) => (
        <li key={n.id} className="flex items-start gap-3 py-2 first:pt-0 last:pb-0">
          <span
            aria-hidden="true"
            className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.read ? "bg-slate-200" : "bg-brand-600"}`}
          />
          <div className="min-w-0 flex-1">
            <Link
              to={n.link.startsWith("/") && !n.link.startsWith("//") ? n.link : "/notifications"}
              className="block truncate text-sm font-medium text-slate-800 hover:underline"
            >
              <NoticeWords text={noticeTitle(n, tNotice, locale)} skill={n.skill} />
            </Link>
            <p className="text-xs text-slate-500" suppressHydrationWarning>
              {n.type.startsWith("forum_") ? (
                <span className="font-medium text-brand-700">{t("activity.community")}</span>
              ) : null}
              <time dateTime={new Date(n.timestamp).toISOString()} suppressHydrationWarning>
                {relativeTime(n.timestamp, locale)}
              </time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
