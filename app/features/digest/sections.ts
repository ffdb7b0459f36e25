/**
 * What a digest says, section by section, from data gathered for one member and one period
 * (gather.server.ts). Pure: each section is a function of what was read, so each is tested alone,
 * and `nothingToSay` decides whether a mail goes at all. Decision 047.
 *
 * No section carries message text: unread messages are who wrote and how many.
 */
import type { BoardPost } from "~/documents/board";
import type { Booking } from "~/documents/bookings";
import type { ChatDoc } from "~/documents/chats";
import type {
  DigestFacts,
  FittingPost,
  NewMatch,
  ThreadReplies,
  UnreadFrom,
  UpcomingSession,
} from "~/documents/digest";
import type { Notification } from "~/documents/notifications";
import type { UserProfile } from "~/documents/users";
import type { WalletEntry } from "~/documents/wallets";

/** Items listed per section; the rest are counted ("and 3 more"). */
export const LISTED = 5;
/** How far ahead "upcoming sessions" looks from the period's end. */
export const UPCOMING_MS = 7 * 24 * 3_600_000;

export interface Window {
  from: number;
  to: number;
}

export type Member = { uid: string } & Pick<UserProfile, "teachTags" | "learnTags" | "createdAt">;
export type Newcomer = { uid: string } & Pick<
  UserProfile,
  "fullName" | "teachTags" | "learnTags" | "skillsOffered" | "skillsWanted" | "createdAt" | "deleted" | "suspension"
>;

/** A name as the digest keeps it: blank when the member has none, "A member" in the reader's language when the mail is written. */
const named = (name: string | undefined) => name?.trim() ?? "";

/** Conversations with messages waiting for the member, active in the period: who wrote, how many. */
export function unreadSection(
  uid: string,
  chats: ReadonlyArray<{ id: string } & Pick<ChatDoc, "participants" | "unread" | "updatedAt">>,
  names: ReadonlyMap<string, string>,
  { from, to }: Window,
): UnreadFrom[] {
  return chats
    .filter((c) => (c.unread[uid] ?? 0) > 0 && c.updatedAt >= from && c.updatedAt < to)
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .map((c) => {
      const other = c.participants.find((p) => p !== uid) ?? "";
      return { name: named(names.get(other)), count: c.unread[uid]!, chatId: c.id };
    });
}

/**
 * Members who joined in the period and fit: they teach a skill the member wants, or want one the
 * member teaches. Suspended and deleted members are left out.
 */
export function matchesSection(member: Member, newcomers: readonly Newcomer[], { from, to }: Window) {
  const wants = new Set(member.learnTags);
  const teaches = new Set(member.teachTags);
  const found: NewMatch[] = [];
  for (const n of newcomers) {
    if (n.uid === member.uid || n.deleted || n.suspension || n.createdAt < from || n.createdAt >= to) continue;
    const teachesWanted = n.skillsOffered.find((s) => wants.has(s.tag));
    const wantsTaught = teachesWanted ? undefined : n.skillsWanted.find((s) => teaches.has(s.tag));
    const skill = teachesWanted ?? wantsTaught;
    if (skill) found.push({ uid: n.uid, name: named(n.fullName), skill: skill.label });
  }
  return { matches: found.slice(0, LISTED), moreMatches: Math.max(0, found.length - LISTED) };
}

/** Board posts made in the period that fit: an offer of a skill the member wants, a need of one they teach. */
export function postsSection(
  member: Member,
  posts: ReadonlyArray<
    Pick<
      BoardPost,
      "id" | "type" | "title" | "skillTag" | "skillLabel" | "authorUid" | "status" | "createdAt" | "expiresAt"
    >
  >,
  { from, to }: Window,
) {
  const fits: FittingPost[] = posts
    .filter(
      (p) =>
        p.status === "active" &&
        p.authorUid !== member.uid &&
        p.createdAt >= from &&
        p.createdAt < to &&
        p.expiresAt > to &&
        (p.type === "offer" ? member.learnTags : member.teachTags).includes(p.skillTag),
    )
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((p) => ({ id: p.id, type: p.type, title: p.title, skill: p.skillLabel }));
  return { posts: fits.slice(0, LISTED), morePosts: Math.max(0, fits.length - LISTED) };
}

/** Accepted sessions that start in the week after the period. */
export function sessionsSection(
  uid: string,
  bookings: ReadonlyArray<Pick<Booking, "id" | "mentorUid" | "learnerUid" | "skillLabel" | "start" | "state">>,
  names: ReadonlyMap<string, string>,
  { to }: Window,
): UpcomingSession[] {
  return bookings
    .filter((b) => b.state === "accepted" && b.start >= to && b.start < to + UPCOMING_MS)
    .sort((a, b) => a.start - b.start)
    .map((b) => ({
      bookingId: b.id,
      withName: named(names.get(b.mentorUid === uid ? b.learnerUid : b.mentorUid)),
      skill: b.skillLabel,
      start: b.start,
    }));
}

/** Replies in threads the member follows, per thread, from the bell's "replied" notices of the period. */
export function repliesSection(
  notices: ReadonlyArray<Pick<Notification, "type" | "body" | "link" | "timestamp">>,
  { from, to }: Window,
): ThreadReplies[] {
  const threads = new Map<string, ThreadReplies & { latest: number }>();
  for (const n of notices) {
    if (n.type !== "forum_reply" || n.timestamp < from || n.timestamp >= to) continue;
    const link = n.link.split("#")[0]!;
    const thread = threads.get(link);
    if (thread) {
      thread.count++;
      thread.latest = Math.max(thread.latest, n.timestamp);
    } else threads.set(link, { title: n.body, link, count: 1, latest: n.timestamp });
  }
  return [...threads.values()]
    .sort((a, b) => b.latest - a.latest)
    .map(({ title, link, count }) => ({ title, link, count }));
}

/** SP credited to the member's wallet in the period (every positive ledger entry). */
export function spSection(entries: ReadonlyArray<Pick<WalletEntry, "amount" | "timestamp">>, { from, to }: Window) {
  const credits = entries.filter(
    (e) => Number.isSafeInteger(e.amount) && e.amount > 0 && e.timestamp >= from && e.timestamp < to,
  );
  return { spReceived: credits.reduce((sum, e) => sum + e.amount, 0), spEntries: credits.length };
}

/** True when no section has anything: then no mail is sent. */
export function nothingToSay(f: DigestFacts): boolean {
  return (
    f.unread.length === 0 &&
    f.matches.length === 0 &&
    f.posts.length === 0 &&
    f.sessions.length === 0 &&
    f.replies.length === 0 &&
    f.spReceived === 0
  );
}
