/**
 * What notification e-mails say, as plain text and as HTML with the same words. Pure: the
 * caller gathers the facts (names, times, the member's timezone, absolute links built from
 * PUBLIC_URL) and these functions only write. Everything a member typed (names, skills,
 * messages) is escaped in the HTML part and kept to one line in the subject.
 */
import { intlLocale, ISOLATE, isolated, SHORT_DATE_TIME } from "~/utils/format";
import type { TFunction } from "i18next";
import { formatDateTime, formatSessionRange, formatTime } from "~/features/bookings/format";
import { dirOf } from "~/i18n/config";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Why a member gets a mail, named after the settings category that turns it off. */
export type MailCategory = "sessions" | "reminders" | "messages" | "board";

interface Layout {
  subject: string;
  /** Paragraphs, each a few sentences. */
  paragraphs: string[];
  /** Lines shown as a quoted block (chat messages). */
  quotes?: string[];
  action: { label: string; url: string };
  /** null: a mail the member asked for, sent whatever their settings. */
  category: MailCategory | null;
  settingsUrl: string;
  /** The recipient's language (decisions 060, 072): `t` fixed to the "mail" namespace of `language`. */
  words: MailWords;
}

/** The recipient's language and the "mail" namespace's t() in it. */
export interface MailWords {
  language: string;
  t: TFunction;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Text for the HTML part whose isolates (a member's name; decision 109) are <bdi> elements, HTML's own way. */
export function escapeHtmlIsolated(text: string): string {
  return escapeHtml(text).replace(new RegExp(ISOLATE, "g"), "<bdi>$1</bdi>");
}

/** One line of visible characters: no line breaks or control characters can reach a header. */
// eslint-disable-next-line no-control-regex
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

function footer(category: MailCategory | null, words: MailWords): string {
  return category === null
    ? words.t("footer.asked")
    : words.t("footer.category", { category: words.t(`category.${category}`) });
}

function layout({ subject, paragraphs, quotes = [], action, category, settingsUrl, words }: Layout): RenderedMail {
  const changeAt = words.t("footer.changeAt", { url: settingsUrl });
  const changeThem = words.t("footer.changeThem");
  const { language } = words;
  const text = [
    ...paragraphs,
    ...(quotes.length ? [quotes.map((q) => `> ${q.replace(/\n/g, "\n> ")}`).join("\n\n")] : []),
    // One message per language: French puts a space before the colon ("Répondre : https://…").
    words.t("actionLine", { label: action.label, url: action.url }),
    "--",
    category === null ? `${footer(category, words)} ${settingsUrl}` : `${footer(category, words)} ${changeAt}`,
  ].join("\n\n");
  const quoteHtml = quotes
    .map(
      (q) =>
        `<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #c7d2fe;color:#374151">${escapeHtml(q).replace(/\n/g, "<br>")}</blockquote>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="${escapeHtml(language)}" dir="${dirOf(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(oneLine(subject))}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#111827;max-width:560px;margin:0 auto;padding:24px">
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#1d5cee">SkillSwap</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtmlIsolated(p)}</p>`).join("\n")}
${quoteHtml}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1d5cee;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:24px 0 0;font-size:13px;color:#6b7280">${escapeHtml(footer(category, words))}${category === null ? "" : ` <a href="${escapeHtml(settingsUrl)}" style="color:#6b7280">${escapeHtml(changeThem)}</a>.`}</p>
</body></html>`;
  return { subject: oneLine(subject), text, html };
}

export interface SessionFacts {
  recipientName: string;
  otherName: string;
  skillLabel: string;
  start: number;
  end: number;
  durationMinutes: number;
  price: number;
  /** The recipient's timezone: times are written as they read them. */
  timeZone: string;
  /** Absolute URL of the session page. */
  sessionUrl: string;
  /** Absolute URL of the settings page. */
  settingsUrl: string;
  /** The recipient's language, never the sender's (decision 060). */
  words: MailWords;
}

const dateTimeOptions = SHORT_DATE_TIME;
const timeOptions: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

/** Times as the recipient reads them: English as the pages wrote them before, other languages through Intl. */
function times(f: SessionFacts) {
  if (f.words.language === "en")
    return {
      date: formatDateTime(f.start, f.timeZone),
      time: formatTime(f.start, f.timeZone),
      when: `${formatSessionRange(f, f.timeZone)} (${f.timeZone})`,
    };
  const format = (ms: number, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(f.words.language, { timeZone: f.timeZone, ...options }).format(ms);
  return {
    date: format(f.start, dateTimeOptions),
    time: format(f.start, timeOptions),
    when: `${format(f.start, dateTimeOptions)}–${format(f.end, timeOptions)} (${f.timeZone})`,
  };
}

/** The values every session mail's messages may name. */
function values(f: SessionFacts) {
  const { t } = f.words;
  return {
    ...times(f),
    // The other member's name may run either way: isolated in the subject and text, a <bdi> in the HTML (decision 109).
    name: isolated(f.otherName),
    skill: f.skillLabel,
    sp: f.price,
    paid: f.price > 0 ? "yes" : "no",
    what: t("session.what", { minutes: f.durationMinutes, skill: f.skillLabel }),
  };
}

function sessionMail(
  f: SessionFacts,
  {
    subject,
    body,
    note,
    action,
    category = "sessions",
  }: { subject: string; body: string; note?: string; action: string; category?: MailCategory },
): RenderedMail {
  const { t } = f.words;
  const v = values(f);
  return layout({
    subject: t(subject, v),
    paragraphs: [t("hello", { name: f.recipientName }), t(body, v), ...(note ? [t(note)] : [])],
    action: { label: t(action), url: f.sessionUrl },
    category,
    settingsUrl: f.settingsUrl,
    words: f.words,
  });
}

/** To the mentor: a learner asks for a session. */
export function bookingRequestedMail(f: SessionFacts): RenderedMail {
  return sessionMail(f, {
    subject: "requested.subject",
    body: "requested.body",
    note: "requested.expiry",
    action: "requested.action",
  });
}

/** To the learner: the mentor accepted. */
export function bookingAcceptedMail(f: SessionFacts): RenderedMail {
  return sessionMail(f, {
    subject: "accepted.subject",
    body: "accepted.body",
    note: "accepted.note",
    action: "accepted.action",
  });
}

/** To the learner: the mentor declined. */
export function bookingDeclinedMail(f: SessionFacts): RenderedMail {
  return sessionMail(f, {
    subject: "declined.subject",
    body: "declined.body",
    note: "declined.note",
    action: "declined.action",
  });
}

export type CancelReason =
  /** The other participant cancelled. */
  | "by_other"
  /** Nobody answered the request before its start (the learner's view). */
  | "expired_learner"
  /** Nobody answered the request before its start (the mentor's view). */
  | "expired_mentor";

/** To the participant who did not cancel, or to both when a request expired unanswered. */
export function bookingCancelledMail(f: SessionFacts, reason: CancelReason): RenderedMail {
  return sessionMail(f, {
    subject: `cancelled.${reason}.subject`,
    body: `cancelled.${reason}.body`,
    action: "cancelled.action",
  });
}

/** To both participants, an hour before the start. */
export function sessionReminderMail(f: SessionFacts): RenderedMail {
  return sessionMail(f, {
    subject: "reminder.subject",
    body: "reminder.body",
    note: "reminder.note",
    action: "reminder.action",
    category: "reminders",
  });
}

export interface UnreadMessage {
  text: string;
  timestamp: number;
}

export interface ChatFacts {
  recipientName: string;
  senderName: string;
  /** The unread messages shown, oldest first. */
  messages: UnreadMessage[];
  /** How many unread messages there are in all (more than shown when the batch is long). */
  unreadCount: number;
  timeZone: string;
  chatUrl: string;
  settingsUrl: string;
  /** The recipient's language (decision 072). */
  words: MailWords;
}

/** The batch of messages that arrived while the recipient was away: one mail per conversation. */
export function newMessagesMail(f: ChatFacts): RenderedMail {
  const { t, language } = f.words;
  const values = { name: isolated(f.senderName), count: f.unreadCount, shown: f.messages.length };
  return layout({
    subject: t("chat.subject", values),
    paragraphs: [
      t("hello", { name: f.recipientName }),
      t(f.unreadCount > f.messages.length ? "chat.bodyLatest" : "chat.body", values),
    ],
    // The messages are the sender's words, quoted as written; only their times follow the reader.
    quotes: f.messages.map((m) => `${formatTime(m.timestamp, f.timeZone, intlLocale(language))}  ${m.text}`),
    action: { label: t("chat.action"), url: f.chatUrl },
    category: "messages",
    settingsUrl: f.settingsUrl,
    words: f.words,
  });
}

export interface BoardPostLine {
  type: "offer" | "need";
  /** The skill's name in the recipient's language (a taxonomy skill), or as the member typed it. */
  skillLabel: string;
  title: string;
  /** Absolute URL of the post's page. */
  url: string;
}

export interface BoardPostsFacts {
  recipientName: string;
  /** The hour's posts still on the board, newest first. */
  posts: BoardPostLine[];
  /** Absolute URL of the board filtered to the member's skills. */
  boardUrl: string;
  settingsUrl: string;
  /** The recipient's language (decision 072). */
  words: MailWords;
}

/** An hour's new board posts for the member's skills, in one mail (at most one an hour). */
export function boardPostsMail(f: BoardPostsFacts): RenderedMail {
  const { t } = f.words;
  const one = f.posts.length === 1 ? f.posts[0] : null;
  return layout({
    subject: one
      ? t("board.subjectOne", { type: one.type, skill: one.skillLabel })
      : t("board.subjectMany", { count: f.posts.length }),
    paragraphs: [t("hello", { name: f.recipientName }), t(one ? "board.introOne" : "board.introMany")],
    // A post's title is its author's words, as written.
    quotes: f.posts.map((p) => `${t("board.line", { type: p.type, skill: p.skillLabel, title: p.title })}\n${p.url}`),
    action: one ? { label: t("board.actionOne"), url: one.url } : { label: t("board.actionMany"), url: f.boardUrl },
    category: "board",
    settingsUrl: f.settingsUrl,
    words: f.words,
  });
}

export interface DataExportFacts {
  recipientName: string;
  /** When the download link stops working. */
  expiresAt: number;
  timeZone: string;
  /** Settings' "Your data" section, where the download is (signed in). */
  settingsUrl: string;
  /** The recipient's language (decision 072). */
  words: MailWords;
}

/** The member's data archive is ready: the link is in Settings, behind their sign-in, never in the mail. */
export function dataExportReadyMail(f: DataExportFacts): RenderedMail {
  const { t, language } = f.words;
  return layout({
    subject: t("export.subject"),
    paragraphs: [
      t("hello", { name: f.recipientName }),
      t("export.body"),
      t("export.until", { date: formatDateTime(f.expiresAt, f.timeZone, intlLocale(language)) }),
    ],
    action: { label: t("export.action"), url: f.settingsUrl },
    category: null,
    settingsUrl: f.settingsUrl,
    words: f.words,
  });
}
