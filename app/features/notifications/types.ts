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

export interface NotificationInput {
  /** A fixed id makes the notification idempotent with the change it reports; random when absent. */
  id?: string;
  type: NotificationType;
  title: string;
  body: string;
  /** A same-site path the notification opens. */
  link: string;
}
