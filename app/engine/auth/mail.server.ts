/**
 * The accounts' own mail (reset and verification links), on both engines: what a message holds,
 * the links it carries, how many a person may be sent, and where it goes. On a machine that runs
 * with nothing else there is no mail server, so messages go to the `outbox` collection and one log
 * line carries the link: whoever runs SkillSwap locally can follow it, and tests read the outbox.
 */
import { randomBytes } from "node:crypto";
import { dirOf, SOURCE_LANGUAGE } from "~/i18n/config";
import { fixedT, offeredLanguages } from "~/i18n/i18n.server";
import type { DocStore } from "../store/types";
import { outboxPath } from "../mail/collection.server";
import type { MailTransport } from "../mail/types";
import { createRateLimiter, waitText, type RateLimiter } from "~/utils/rate-limit.server";
import { AuthError } from "./types";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about (e.g. a password-reset link). */
  link: string;
  /** The language it is written in (`<html lang dir>` of the HTML part); English when not said. */
  language?: string;
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
    await store.create(outboxPath(id), {
      to: message.to,
      subject: message.subject,
      text: message.text,
      link: message.link,
      createdAt: now(),
    });
    // The document, not the address: log lines carry no e-mail addresses (decision 044); the link
    // stays, so whoever runs the server without mail can follow it.
    log(`[mail] ${outboxPath(id)}: ${message.subject} → ${message.link}`);
  };
}

/**
 * The account mails through the app's outgoing-mail port (Firebase: SMTP_URL or the Trigger Email
 * collection), as plain text and as HTML, each under a fresh key (every link is a new message).
 */
export function createTransportMailer(transport: MailTransport): Mailer {
  return async (message) => {
    await transport.send({
      key: `account_${randomBytes(12).toString("base64url")}`,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: htmlBody(message),
    });
  };
}

/** A link of an account e-mail, opened by this app's `/auth/action` page on either engine. */
export function emailActionLink(origin: string, mode: "resetPassword" | "verifyEmail", code: string): string {
  return `${origin.replace(/\/+$/, "")}/auth/action?mode=${mode}&oobCode=${encodeURIComponent(code)}`;
}

/**
 * The language an account mail is written in (decision 072): the one the caller names (the
 * member's profile language, or for a visitor the request's, as the page showed it), English when
 * it is not one SkillSwap offers.
 */
function writtenIn(language: string) {
  const code = offeredLanguages().includes(language) ? language : SOURCE_LANGUAGE;
  return { language: code, t: fixedT(code, "mail") };
}

/** Paragraphs of an account mail: a sentence, the link under its lead-in, what to do if it was not you. */
function accountMail(
  to: string,
  language: string,
  kind: "verify" | "reset" | "taken",
  link: string,
  values: Record<string, string> = {},
): MailMessage {
  const { language: code, t } = writtenIn(language);
  const words = (key: string) => t(`account.${kind}.${key}`, { email: to, ...values });
  return {
    to,
    subject: words("subject"),
    text: `${words("intro")}\n\n${words("open")}\n${link}\n\n${words("ignore")}`,
    link,
    language: code,
  };
}

/** The verification mail, the same on both engines, in `language` (decision 072). */
export function verificationMail(email: string, link: string, language: string): MailMessage {
  return accountMail(email, language, "verify", link);
}

/** The password-reset mail (embedded engine; Firebase's browser SDK sends its own), in `language`. */
export function resetMail(email: string, link: string, language: string): MailMessage {
  return accountMail(email, language, "reset", link);
}

/** To the owner of an address someone tried to sign up with: sign in, or reset with the link. */
export function signUpAttemptMail(email: string, link: string, origin: string, language: string): MailMessage {
  return accountMail(email, language, "taken", link, { signIn: `${origin.replace(/\/+$/, "")}/auth` });
}

/**
 * A cap on one kind of account mail per key (an address, an account): without one anyone could
 * flood a person's inbox. `count` records one mail, or throws too_many_attempts
 * ("<what>. Try again in …") past the cap of `max` mails a window (an hour unless told).
 */
export function createMailCap(name: string, max: number, what: string, windowMs = 60 * 60_000) {
  const limiter: RateLimiter = createRateLimiter({ name, windowMs, max });
  return {
    count(key: string, at: number): void {
      const decision = limiter.check(key, at);
      if (!decision.allowed) {
        throw new AuthError(
          "too_many_attempts",
          `${what}. Try again in ${waitText(decision.retryAfterMs)}.`,
          decision.retryAfterMs,
        );
      }
      limiter.hit(key, at);
    },
  };
}

/** Verification mails: 5 an hour per account, on both engines. */
export const createVerificationMailCap = () => createMailCap("email_verification", 5, "Too many verification emails");

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
  const language = message.language ?? SOURCE_LANGUAGE;
  return `<!doctype html>
<html lang="${escapeHtml(language)}" dir="${dirOf(language)}"><head><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#111827;max-width:560px;margin:0 auto;padding:24px">
${paragraphs}
<p style="margin:24px 0 0;font-size:13px;color:#6b7280">SkillSwap</p>
</body></html>`;
}
