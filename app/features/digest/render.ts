/**
 * The digest e-mail, as plain text and HTML with the same words (decision 047). Pure: the facts
 * were gathered at the period's end; links are absolute (PUBLIC_URL) and the unsubscribe link is
 * signed by the caller. Everything a member typed (names, titles, skills) is escaped in the HTML.
 */
import type { DigestFacts, DigestFrequency } from "~/documents/digest";
import { formatDateTime, formatDay } from "~/features/bookings/format";
import { escapeHtml, type RenderedMail } from "~/features/mail/templates";

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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
// eslint-disable-next-line no-control-regex
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

function sectionsOf(f: DigestFacts, c: DigestMailContext): Section[] {
  const o = c.origin;
  const sections: Section[] = [];
  if (f.unread.length)
    sections.push({
      heading: "Unread messages",
      lines: f.unread.map((u) => ({
        text: `${u.name}: ${plural(u.count, "unread message", "unread messages")}`,
        url: `${o}/inbox/${u.chatId}`,
      })),
    });
  if (f.matches.length)
    sections.push({
      heading: "New matches",
      lines: f.matches.map((m) => ({ text: `${m.name} (${m.skill})`, url: `${o}/members/${m.uid}` })),
      more: f.moreMatches ? { text: `and ${f.moreMatches} more`, url: `${o}/matches` } : undefined,
    });
  if (f.posts.length)
    sections.push({
      heading: "New board posts for your skills",
      lines: f.posts.map((p) => ({
        text: `${p.type === "offer" ? "Offer" : "Need"}: ${p.title} (${p.skill})`,
        url: `${o}/board/${p.id}`,
      })),
      more: f.morePosts ? { text: `and ${f.morePosts} more`, url: `${o}/board?mine=1` } : undefined,
    });
  if (f.sessions.length)
    sections.push({
      heading: "Upcoming sessions",
      lines: f.sessions.map((s) => ({
        text: `${formatDateTime(s.start, c.timeZone)}: ${s.skill} with ${s.withName}`,
        url: `${o}/session/${s.bookingId}`,
      })),
    });
  if (f.replies.length)
    sections.push({
      heading: "Replies in threads you follow",
      lines: f.replies.map((r) => ({
        text: `${r.title}: ${plural(r.count, "new reply", "new replies")}`,
        url: `${o}${r.link}`,
      })),
    });
  if (f.spReceived > 0)
    sections.push({
      heading: "SP received",
      lines: [
        {
          text: `${f.spReceived} SP in ${plural(f.spEntries, "payment", "payments")}`,
          url: `${o}/wallet`,
        },
      ],
    });
  return sections;
}

export function digestSubject(c: Pick<DigestMailContext, "frequency" | "from" | "timeZone">): string {
  return c.frequency === "daily"
    ? `Your SkillSwap digest for ${formatDay(c.from, c.timeZone)}`
    : `Your SkillSwap digest for the week of ${formatDay(c.from, c.timeZone)}`;
}

export function digestMail(f: DigestFacts, c: DigestMailContext): DigestMail {
  const subject = oneLine(digestSubject(c));
  const sections = sectionsOf(f, c);
  const settingsUrl = `${c.origin}/settings#digest`;
  const why = `You get this ${c.frequency} digest because it is turned on in your SkillSwap settings.`;
  const text = [
    `Hello ${c.recipientName},`,
    c.frequency === "daily"
      ? "Here is what happened on SkillSwap yesterday."
      : "Here is what happened on SkillSwap last week.",
    ...sections.map((s) =>
      [
        s.heading,
        ...s.lines.map((l) => `- ${oneLine(l.text)}: ${l.url}`),
        ...(s.more ? [`- ${s.more.text}: ${s.more.url}`] : []),
      ].join("\n"),
    ),
    "--",
    `${why} Change how often at ${settingsUrl}`,
    `Unsubscribe from the digest: ${c.unsubscribeUrl}`,
  ].join("\n\n");
  const link = (l: { text: string; url: string }) =>
    `<a href="${escapeHtml(l.url)}" style="color:#1d5cee">${escapeHtml(oneLine(l.text))}</a>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#111827;max-width:560px;margin:0 auto;padding:24px">
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#1d5cee">SkillSwap</p>
<p style="margin:0 0 16px">${escapeHtml(`Hello ${c.recipientName},`)}</p>
<p style="margin:0 0 16px">${c.frequency === "daily" ? "Here is what happened on SkillSwap yesterday." : "Here is what happened on SkillSwap last week."}</p>
${sections
  .map(
    (s) => `<h2 style="margin:24px 0 8px;font-size:16px">${escapeHtml(s.heading)}</h2>
<ul style="margin:0;padding-left:20px">
${[...s.lines, ...(s.more ? [s.more] : [])].map((l) => `<li>${link(l)}</li>`).join("\n")}
</ul>`,
  )
  .join("\n")}
<p style="margin:32px 0 0;font-size:13px;color:#6b7280">${escapeHtml(why)} <a href="${escapeHtml(settingsUrl)}" style="color:#6b7280">Change how often</a> or <a href="${escapeHtml(c.unsubscribeUrl)}" style="color:#6b7280">unsubscribe</a>.</p>
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
