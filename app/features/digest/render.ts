/**
 * The digest e-mail, as plain text and HTML with the same words (decision 047). Pure: the facts
 * were gathered at the period's end; links are absolute (PUBLIC_URL) and the unsubscribe link is
 * signed by the caller. Everything a member typed (names, titles, skills) is escaped in the HTML.
 */
import type { TFunction } from "i18next";
import type { DigestFacts, DigestFrequency } from "~/documents/digest";
import { escapeHtml, escapeHtmlIsolated, type RenderedMail } from "~/features/mail/templates";
import { dirOf } from "~/i18n/config";
import { formatDate, formatSp, intlLocale, isolatedName, SHORT_DATE_TIME } from "~/utils/format";

export interface DigestMailContext {
  recipientName: string;
  frequency: Exclude<DigestFrequency, "off">;
  /** The period covered, [from, to). */
  from: number;
  timeZone: string;
  /** PUBLIC_URL's origin. */
  origin: string;
  /** The signed one-click link (RFC 8058). */
  unsubscribeUrl: string;
  /** The member's language (their profile's; English when they never chose): words, dates and numbers. */
  language: string;
  /** The "digest" namespace in that language (fixedT(language, "digest") on the server). */
  t: TFunction;
}

export interface DigestMail extends RenderedMail {
  /** List-Unsubscribe and List-Unsubscribe-Post (RFC 2369, RFC 8058). */
  headers: Record<string, string>;
}

interface Section {
  heading: string;
  lines: { text: string; url: string }[];
  /** "and 3 more", linking to where they all are. */
  more?: { text: string; url: string };
}

// eslint-disable-next-line no-control-regex
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

/** Dates as the reader's language writes them; English keeps the digest's own "Monday 16 November" (en-GB). */
const dateLocale = (language: string) => (language === "en" ? "en-GB" : intlLocale(language));

/** "Monday 16 November", "lunes, 16 de noviembre", "الاثنين، 16 نوفمبر": a period's first day. */
const day = (ms: number, c: Pick<DigestMailContext, "language" | "timeZone">) =>
  formatDate(ms, dateLocale(c.language), c.timeZone, { weekday: "long", day: "numeric", month: "long" });

/** "Tue 24 Nov, 10:00": a session's start on a 24-hour clock. */
const startTime = (ms: number, c: Pick<DigestMailContext, "language" | "timeZone">) =>
  formatDate(ms, dateLocale(c.language), c.timeZone, SHORT_DATE_TIME);

function sectionsOf(f: DigestFacts, c: DigestMailContext): Section[] {
  const { t, origin: o } = c;
  // A member's name isolated, as it may run either way (decision 109); without one (kept blank when
  // gathered), "A member" in the reader's language.
  const named = (name: string) => isolatedName(name, t("mail.aMember"));
  const more = (count: number, url: string) => (count ? { text: t("mail.line.more", { count }), url } : undefined);
  const sections: Section[] = [];
  if (f.unread.length)
    sections.push({
      heading: t("mail.heading.unread"),
      lines: f.unread.map((u) => ({
        text: t("mail.line.unread", { name: named(u.name), count: u.count }),
        url: `${o}/inbox/${u.chatId}`,
      })),
    });
  if (f.matches.length)
    sections.push({
      heading: t("mail.heading.matches"),
      lines: f.matches.map((m) => ({
        text: t("mail.line.match", { name: named(m.name), skill: m.skill }),
        url: `${o}/members/${m.uid}`,
      })),
      more: more(f.moreMatches, `${o}/matches`),
    });
  if (f.posts.length)
    sections.push({
      heading: t("mail.heading.posts"),
      lines: f.posts.map((p) => ({
        text: t(p.type === "offer" ? "mail.line.offer" : "mail.line.need", { title: p.title, skill: p.skill }),
        url: `${o}/board/${p.id}`,
      })),
      more: more(f.morePosts, `${o}/board?mine=1`),
    });
  if (f.sessions.length)
    sections.push({
      heading: t("mail.heading.sessions"),
      lines: f.sessions.map((s) => ({
        text: t("mail.line.session", { when: startTime(s.start, c), skill: s.skill, name: named(s.withName) }),
        url: `${o}/session/${s.bookingId}`,
      })),
    });
  if (f.replies.length)
    sections.push({
      heading: t("mail.heading.replies"),
      lines: f.replies.map((r) => ({
        text: t("mail.line.replies", { title: r.title, count: r.count }),
        url: `${o}${r.link}`,
      })),
    });
  if (f.spReceived > 0)
    sections.push({
      heading: t("mail.heading.sp"),
      lines: [
        {
          text: t("mail.line.sp", { sp: formatSp(f.spReceived, intlLocale(c.language)), count: f.spEntries }),
          url: `${o}/wallet`,
        },
      ],
    });
  return sections;
}

export function digestSubject(
  c: Pick<DigestMailContext, "frequency" | "from" | "timeZone" | "language" | "t">,
): string {
  return c.t(c.frequency === "daily" ? "mail.subject.daily" : "mail.subject.weekly", { day: day(c.from, c) });
}

export function digestMail(f: DigestFacts, c: DigestMailContext): DigestMail {
  const { t } = c;
  const subject = oneLine(digestSubject(c));
  const sections = sectionsOf(f, c);
  const settingsUrl = `${c.origin}/settings#digest`;
  const why = t(c.frequency === "daily" ? "mail.why.daily" : "mail.why.weekly");
  const hello = t("mail.hello", { name: c.recipientName });
  const intro = t(c.frequency === "daily" ? "mail.intro.daily" : "mail.intro.weekly");
  const text = [
    hello,
    intro,
    ...sections.map((s) =>
      [
        s.heading,
        // One message per language: French puts a space before the colon ("- Offre : … : https://…").
        ...[...s.lines, ...(s.more ? [s.more] : [])].map((l) =>
          t("mail.line.link", { text: oneLine(l.text), url: l.url }),
        ),
      ].join("\n"),
    ),
    "--",
    `${why} ${t("mail.changeAt", { url: settingsUrl })}`,
    t("mail.unsubscribeAt", { url: c.unsubscribeUrl }),
  ].join("\n\n");
  const link = (l: { text: string; url: string }) =>
    `<a href="${escapeHtml(l.url)}" style="color:#1d5cee">${escapeHtmlIsolated(oneLine(l.text))}</a>`;
  const footerLink = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#6b7280">${escapeHtml(label)}</a>`;
  const footer = t("mail.footer", {
    change: footerLink(settingsUrl, t("mail.changeLink")),
    unsubscribe: footerLink(c.unsubscribeUrl, t("mail.unsubscribeLink")),
  });
  const html = `<!doctype html>
<html lang="${escapeHtml(c.language)}" dir="${dirOf(c.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#111827;max-width:560px;margin:0 auto;padding:24px">
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#1d5cee" translate="no">SkillSwap</p>
<p style="margin:0 0 16px">${escapeHtml(hello)}</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
${sections
  .map(
    (s) => `<h2 style="margin:24px 0 8px;font-size:16px">${escapeHtml(s.heading)}</h2>
<ul style="margin:0;padding-inline-start:20px">
${[...s.lines, ...(s.more ? [s.more] : [])].map((l) => `<li dir="auto">${link(l)}</li>`).join("\n")}
</ul>`,
  )
  .join("\n")}
<p style="margin:32px 0 0;font-size:13px;color:#6b7280">${escapeHtml(why)} ${footer}</p>
</body></html>`;
  return {
    subject,
    text,
    html,
    headers: {
      // RFC 2369 and RFC 8058: a mail client offers "Unsubscribe" and POSTs to the URL in one click.
      "List-Unsubscribe": `<${c.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
