/**
 * The digest e-mail's documents (issue 31 part C, decision 047), the same on both engines. Only the
 * server writes and reads them. Browser-safe. Decision: docs/decisions/023-documents-typed-once.md.
 *
 *   digests/{uid}_{period}   one member's digest for one period: its idempotency key, written in the
 *                            transaction that queues its mail (or marked empty: nothing to say), and
 *                            the facts the mail is written from (names and counts, never message text)
 *   digest_runs/hourly       which hour's run of the digest step started, when, and whether it finished
 *
 * The member's choice is `users/{uid}.digest` (daily, weekly or off; weekly when missing), and when
 * their next digest is due `users/{uid}.digestDueAt` (decision 157).
 */
import { z } from "zod/v4";
import { count, getParsed, isRecord, oneOf, text, type DocReader } from "./fields";

export const DIGEST_FREQUENCIES = ["daily", "weekly", "off"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
/** A member who never chose gets the weekly digest. */
export const DEFAULT_DIGEST: DigestFrequency = "weekly";

export const DIGESTS = "digests";
/** `period` is the period's key (`daily_2026-11-25`, `weekly_2026-11-16`): one document per member and period. */
export const digestId = (uid: string, period: string) => `${uid}_${period}`;
export const digestPath = (uid: string, period: string) => `${DIGESTS}/${digestId(uid, period)}`;
/**
 * `users/{uid}.digestDueAt`: the end of the period whose digest the member gets next (ms since the
 * epoch), null when none will come (off, suspended, deleted). The hourly run reads only the members
 * whose time has come (decision 157).
 */
export const DIGEST_DUE_AT = "digestDueAt";
export const DIGEST_RUNS = "digest_runs";
export const digestRunPath = (name: string) => `${DIGEST_RUNS}/${name}`;

/** Someone who wrote to the member and how many of their messages wait unread (never the text). */
export interface UnreadFrom {
  name: string;
  count: number;
  chatId: string;
}
export interface NewMatch {
  uid: string;
  name: string;
  /** The skill that makes them a match, as they labelled it. */
  skill: string;
}
export interface FittingPost {
  id: string;
  type: "offer" | "need";
  title: string;
  skill: string;
}
export interface UpcomingSession {
  bookingId: string;
  withName: string;
  skill: string;
  start: number;
}
export interface ThreadReplies {
  title: string;
  link: string;
  count: number;
}

/** What one digest says: gathered at the period's end, written once, rendered when the mail leaves. */
export interface DigestFacts {
  unread: UnreadFrom[];
  matches: NewMatch[];
  /** Matches beyond those listed. */
  moreMatches: number;
  posts: FittingPost[];
  morePosts: number;
  sessions: UpcomingSession[];
  replies: ThreadReplies[];
  /** SP credited to the member's wallet in the period, and in how many entries. */
  spReceived: number;
  spEntries: number;
}

const list = <T>(item: (v: Record<string, unknown>) => T | null) =>
  z
    .unknown()
    .transform((v): T[] =>
      (Array.isArray(v) ? v.flatMap((x) => (isRecord(x) ? [item(x)] : [])) : []).filter((x): x is T => x !== null),
    );
const str = (v: unknown) => (typeof v === "string" ? v : "");
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

export const digestFactsSchema = z.object({
  unread: list<UnreadFrom>((x) => ({ name: str(x.name), count: num(x.count), chatId: str(x.chatId) })),
  matches: list<NewMatch>((x) => ({ uid: str(x.uid), name: str(x.name), skill: str(x.skill) })),
  moreMatches: count(),
  posts: list<FittingPost>((x) =>
    x.type === "offer" || x.type === "need"
      ? { id: str(x.id), type: x.type, title: str(x.title), skill: str(x.skill) }
      : null,
  ),
  morePosts: count(),
  sessions: list<UpcomingSession>((x) => ({
    bookingId: str(x.bookingId),
    withName: str(x.withName),
    skill: str(x.skill),
    start: num(x.start),
  })),
  replies: list<ThreadReplies>((x) => ({ title: str(x.title), link: str(x.link), count: num(x.count) })),
  spReceived: count(),
  spEntries: count(),
});

export const DIGEST_STATES = ["queued", "empty"] as const;
export type DigestState = (typeof DIGEST_STATES)[number];

export const digestSchema = z.object({
  uid: text(),
  period: text(),
  frequency: oneOf(DIGEST_FREQUENCIES, DEFAULT_DIGEST),
  /** The period covered: [from, to). */
  from: count(),
  to: count(),
  /** queued: its mail job was written with it; empty: nothing to say, no mail. */
  state: oneOf(DIGEST_STATES, "empty"),
  facts: digestFactsSchema,
  createdAt: count(),
});
/** `digests/{uid}_{period}` */
export type DigestDoc = z.output<typeof digestSchema>;
export const readDigest = (data: Record<string, unknown>): DigestDoc => digestSchema.parse(data);
export const getDigest = (reader: DocReader, uid: string, period: string) =>
  getParsed(reader, digestPath(uid, period), readDigest);

export const digestRunSchema = z.object({
  /** The hour (ms since the epoch / 3,600,000) whose run this is. */
  hour: count(),
  /** When it started, renewed as it goes; 0 when unreadable, so a damaged marker lets a run start. */
  startedAt: count(),
  /** When it finished; 0 while running or when it stopped half-way (another worker takes it over). */
  finishedAt: count(),
});
/** `digest_runs/{name}` */
export type DigestRunDoc = z.output<typeof digestRunSchema>;
export const readDigestRun = (data: Record<string, unknown>): DigestRunDoc => digestRunSchema.parse(data);
export const getDigestRun = (reader: DocReader, name: string) => getParsed(reader, digestRunPath(name), readDigestRun);
