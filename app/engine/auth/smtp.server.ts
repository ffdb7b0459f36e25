/**
 * Outgoing mail through an SMTP server (SMTP_URL), for a self-hosted SkillSwap that must reach
 * people's inboxes. Each message goes out as plain text and as HTML; the HTML is the same words,
 * escaped, with the one link made clickable.
 */
import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "./mail.server";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The HTML part: paragraphs of the plain text, with the message's link as a button-like anchor. */
export function htmlBody(message: MailMessage): string {
  const link = escapeHtml(message.link);
  const paragraphs = message.text
    .split(/\n{2,}/)
    .map((paragraph) =>
      escapeHtml(paragraph)
        .replaceAll(link, `<a href="${link}" style="color:#1d5cee">${link}</a>`)
        .replace(/\n/g, "<br>"),
    )
    .map((paragraph) => `<p style="margin:0 0 16px">${paragraph}</p>`)
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#111827;max-width:560px;margin:0 auto;padding:24px">
${paragraphs}
<p style="margin:24px 0 0;font-size:13px;color:#6b7280">SkillSwap</p>
</body></html>`;
}

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
