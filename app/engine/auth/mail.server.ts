/**
 * Outgoing mail for the embedded engine. There is no mail server on a machine that runs
 * with nothing else, so messages go to the `outbox` collection and one log line carries
 * the link: whoever runs SkillSwap locally can follow it, and tests read the outbox.
 */
import { randomBytes } from "node:crypto";
import type { DocStore } from "../store/types";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about (e.g. a password-reset link). */
  link: string;
}

export type Mailer = (message: MailMessage) => Promise<void>;

export function createOutboxMailer(
  store: DocStore,
  log: (line: string) => void,
  options: { now?: () => number } = {},
): Mailer {
  const now = options.now ?? Date.now;
  return async (message) => {
    // A random id rather than a timestamp so two messages in the same millisecond
    // never collide; createdAt gives the order.
    const id = randomBytes(12).toString("base64url");
    await store.create(`outbox/${id}`, {
      to: message.to,
      subject: message.subject,
      text: message.text,
      link: message.link,
      createdAt: now(),
    });
    log(`[mail] to ${message.to}: ${message.subject} → ${message.link}`);
  };
}
