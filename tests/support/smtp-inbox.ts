/**
 * A real SMTP server on a free local port that keeps every message it is given, parsed, for tests
 * that read the mail SkillSwap sent. `failNext` makes it refuse messages, like a server in trouble.
 */
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Every header as it arrived, by lower-case name (the last one of a name). */
  headers: Record<string, string>;
}

export interface SmtpInbox {
  url: string;
  messages: ReceivedMail[];
  /** Messages to `address`, in the order they arrived. */
  to(address: string): ReceivedMail[];
  /** Refuses the next `count` messages with a 451 (a temporary failure). */
  failNext(count: number): void;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (failures > 0) {
            failures--;
            return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          }
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            messageId: parsed.messageId ?? "",
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(":") + 1).trim()]),
            ),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address)),
    failNext: (count) => {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
