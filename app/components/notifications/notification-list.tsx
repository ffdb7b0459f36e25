import { Link, useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { NotificationPayload } from "~/engine/live/feeds";
import { bodyIsWritten, noticeText } from "~/features/notifications/text";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { relativeTime } from "~/utils/format";
import { NoticeWords } from "./notice-words";

/** Only same-site paths open from a notification; anything else stays on this page. */
function sameSitePath(link: string): string {
  return link.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\") ? link : "/notifications";
}

interface MarkReadResult {
  ok: boolean;
  formError?: string;
}

function NotificationItem({ notification }: { notification: NotificationPayload }) {
  const fetcher = useFetcher<MarkReadResult>();
  const { t } = useTranslation("notifications");
  const locale = useFormatLocale();
  const { title, body } = noticeText(notification, t, locale);
  // A message's preview, a thread's title, an admin's reason: the member's words, as written.
  const written = bodyIsWritten(notification);
  // Shown read as soon as it is asked for; the live feed confirms it a moment later.
  const markedRead = fetcher.formData?.get("id") === notification.id || fetcher.data?.ok === true;
  const read = notification.read || markedRead;
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.formError : undefined;
  return (
    <li
      data-testid="notification"
      data-read={read}
      className={`flex items-start gap-3 px-4 py-4 sm:px-6 ${read ? "bg-white" : "bg-brand-50/70"}`}
    >
      <span
        aria-hidden="true"
        className={`mt-2 h-2 w-2 shrink-0 rounded-full ${read ? "bg-transparent" : "bg-brand-600"}`}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={sameSitePath(notification.link)}
          className={`block hover:underline ${read ? "font-medium text-slate-700" : "font-semibold text-slate-900"}`}
        >
          {read ? null : <span className="sr-only">{t("page.unread")} </span>}
          <NoticeWords text={title} skill={notification.skill} />
        </Link>
        {body ? (
          <p
            className="mt-0.5 text-sm text-slate-600"
            {...(written ? { translate: "no" as const, dir: "auto" as const } : {})}
          >
            {written ? body : <NoticeWords text={body} skill={notification.skill} />}
          </p>
        ) : null}
        <time
          className="mt-1 block text-xs text-slate-600"
          dateTime={new Date(notification.timestamp).toISOString()}
          suppressHydrationWarning
        >
          {relativeTime(notification.timestamp, locale)}
        </time>
        {failed ? (
          <p role="alert" className="field-error">
            {failed}
          </p>
        ) : null}
      </div>
      {read ? null : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="mark-read" />
          <input type="hidden" name="id" value={notification.id} />
          <button
            type="submit"
            className="btn-secondary whitespace-nowrap px-3 py-1.5 text-xs"
            disabled={fetcher.state !== "idle"}
          >
            {t("page.markOne")}
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}

/** The member's notifications, newest first; unread ones stand out and can be marked read one by one. */
export function NotificationList({ notifications }: { notifications: NotificationPayload[] }) {
  return (
    <ul className="divide-y divide-slate-100" data-testid="notification-list">
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} />
      ))}
    </ul>
  );
}
