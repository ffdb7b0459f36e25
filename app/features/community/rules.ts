/**
 * The forum's rules that need no server: input limits, the edit window, sort keys and cursors,
 * mentions. Browser-safe: /discuss checks a draft with the same schema the action uses.
 * Decisions: docs/decisions/018-community-forum.md.
 */
import { z } from "zod";
import { normaliseTag } from "~/features/skills/tags";
import { userText } from "~/utils/bidi";

export const TITLE_MIN = 5;
export const TITLE_MAX = 140;
export const BODY_MAX = 20_000;
export const MAX_MENTIONS = 10;
/** Own posts can be edited for this long after posting: long enough to fix a typo or add a detail, short enough that replies keep answering what they quote. */
export const EDIT_WINDOW_MS = 60 * 60_000;
export const THREADS_PER_PAGE = 20;

export { isSort, SORT_KEY_FIELD, SORTS, type ThreadSort } from "./sorts";
export { skillSpaceId } from "./spaces";

const pad = (n: number, width: number) => String(Math.max(0, Math.floor(n))).padStart(width, "0");

/** Keys sort as strings; fixed-width numbers then the id make every key unique and stable. */
export function sortKeys(t: {
  id: string;
  createdAt: number;
  lastActivityAt: number;
  replyCount: number;
  reactionCount: number;
}) {
  const newestKey = `${pad(t.createdAt, 15)}_${t.id}`;
  return {
    activityKey: `${pad(t.lastActivityAt, 15)}_${t.id}`,
    newestKey,
    // Replies count double: a conversation says more than a tap on an emoji.
    topKey: `${pad(t.replyCount * 2 + t.reactionCount, 9)}_${pad(t.lastActivityAt, 15)}_${t.id}`,
    unansweredKey: t.replyCount === 0 ? newestKey : "",
  };
}

const CURSOR = /^[0-9]{1,24}(_[0-9]{1,24})?_[A-Za-z0-9_-]{1,128}$/;

/** A page cursor is the last key of the page before; anything else is a 400. */
export function isCursor(value: string): boolean {
  return CURSOR.test(value);
}

const trimmed = (max: number, tooLong: string) =>
  userText()
    .transform((s) => s.replace(/\r\n/g, "\n").trim())
    .pipe(z.string().max(max, tooLong));

export const bodySchema = trimmed(BODY_MAX, "community:validation.bodyTooLong").pipe(
  z.string().min(1, "community:validation.bodyEmpty"),
);

export const newThreadSchema = z.object({
  spaceId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "community:validation.chooseSpace"),
  title: userText()
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(TITLE_MIN, "community:validation.titleTooShort")
        .max(TITLE_MAX, "community:validation.titleTooLong"),
    ),
  body: bodySchema,
  skillTag: z
    .string()
    .optional()
    .transform((s) => (s ? normaliseTag(s) : "")),
});

export const replySchema = z.object({
  body: bodySchema,
  quoteOf: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/)
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

/** A mention as the composer writes it: a Markdown link to the member, `[@Ana Lopez](/members/u1)`. */
const MENTION = /\[@([^\]\n]{1,80})\]\(\/members\/([A-Za-z0-9_-]{1,128})\)/g;

/** The members a body mentions, in order of first mention, without repeats. */
export function parseMentions(body: string): string[] {
  const uids: string[] = [];
  for (const m of body.matchAll(MENTION)) if (!uids.includes(m[2])) uids.push(m[2]);
  return uids;
}

export function mentionMarkdown(name: string, uid: string): string {
  return `[@${name.replace(/[[\]\n]/g, "").slice(0, 80)}](/members/${uid})`;
}

/** The quoted post as a Markdown quote above the reply's text (first lines only). */
export function quoteMarkdown(authorName: string, body: string): string {
  const lines = body
    .split("\n")
    .filter((l) => !l.startsWith(">"))
    .slice(0, 6);
  return `> **${authorName.replace(/[*_[\]]/g, "")}** wrote:\n${lines.map((l) => `> ${l}`).join("\n")}\n\n`;
}

/** The text an edit may still be made in; `null` once the window has closed. */
export function editableUntil(createdAt: number): number {
  return createdAt + EDIT_WINDOW_MS;
}

/** The text search indexes for a post: an opening post carries its thread's title (twice: title words weigh more). */
export function searchText(post: { body: string }, title: string | null): string {
  return title ? `${title}\n${title}\n${post.body}` : post.body;
}
