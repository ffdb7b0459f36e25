/**
 * The outgoing-mail port: one message, sent once. Features write what a mail says; the engine
 * decides where it goes (SMTP, the embedded outbox, or Firebase's Trigger Email collection).
 */
export interface OutgoingMail {
  /**
   * The event this mail reports, e.g. `booking_b1_accepted_u2`. Transports make it the message's
   * id (SMTP Message-ID, the outbox document's id), so a repeated send of one event is refused or
   * recognised as the same message rather than delivered as a second one.
   */
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header fields, e.g. the digest's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058).
   * Names are the header names; values are one line each.
   */
  headers?: Record<string, string>;
}

export interface MailTransport {
  /** Said once at start-up and in logs: where mail goes. */
  readonly description: string;
  /** Resolves once the message is handed over; rejects when it was not (the caller may retry). */
  send(mail: OutgoingMail): Promise<void>;
}

/** Letters, digits, dot, dash and underscore: safe in a document id and in a Message-ID. */
export function mailKeyIsValid(key: string): boolean {
  return /^[A-Za-z0-9._-]{1,300}$/.test(key);
}
