import type { NoticeKind, NoticeParams } from "./text";

/** Why a notification was sent; the bell and the notifications page may pick an icon by it. */
export type NotificationType =
  | "welcome_bonus"
  | "top_up"
  | "booking"
  | "reminder"
  | "message"
  | "system"
  | "forum_reply"
  | "forum_mention"
  | "forum_answer"
  | "board_post"
  | "board_proposal"
  | "subscription";

interface NoticeBase {
  /** A fixed id makes the notification idempotent with the change it reports; random when absent. */
  id?: string;
  type: NotificationType;
  /** A same-site path the notification opens. */
  link: string;
}

/**
 * A notice is either a kind with its parameters, rendered in the reader's language when read
 * (decision 060), or (not converted yet) a fixed English title and body.
 */
export type NotificationInput =
  | (NoticeBase & { kind: NoticeKind; params: NoticeParams })
  | (NoticeBase & { kind?: undefined; title: string; body: string });
