/** What both members see in place of a message a moderator hid. Browser-safe. */
export const HIDDEN_MESSAGE_TEXT = "This message was hidden by a moderator.";
