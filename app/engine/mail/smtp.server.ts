/**
 * Notification mail through an SMTP server (SMTP_URL). The event key becomes the Message-ID, so a
 * message that is handed over twice (a retry after a lost reply) carries the same id both times.
 */
import nodemailer from "nodemailer";
import { mailKeyIsValid, type MailTransport } from "./types";

export function createSmtpTransport(smtpUrl: string, from: string, messageIdHost: string): MailTransport {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    description: `SMTP server ${new URL(smtpUrl).host}`,
    async send(mail) {
      if (!mailKeyIsValid(mail.key)) throw new Error(`Invalid mail key: ${JSON.stringify(mail.key)}`);
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${mail.key}@${messageIdHost}>`,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
  };
}
