/**
 * Outgoing mail through an SMTP server (SMTP_URL), for a self-hosted SkillSwap that must reach
 * people's inboxes. Each message goes out as plain text and as HTML; the HTML is the same words,
 * escaped, with the one link made clickable.
 */
import nodemailer from "nodemailer";
import { htmlBody, type Mailer } from "./mail.server";

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    await transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: htmlBody(message),
    });
  };
}
