/**
 * What the member's data archive holds, area by area (issue 32): each area is a list of records
 * read from the store page by page, written twice by the archive (JSON for machines, CSV for
 * spreadsheets) with the same fields. Nothing here holds a whole history in memory: rows are
 * yielded as each page is read. Names of other members are looked up once each ("Deleted member"
 * for members who left).
 */
import type { SignInRecord } from "~/engine/auth/types";
import type { DocStore, Query, WhereClause } from "~/engine/store/types";
import {
  BOARD_ANSWERS,
  BOARD_POSTS,
  BOARD_PROPOSALS,
  readBoardAnswer,
  readBoardPost,
  readProposal,
} from "~/documents/board";
import { BOOKINGS, readBooking, readTeaching, teachingPath, type Booking } from "~/documents/bookings";
import { CHATS, messagesOf, readChat, readMessage } from "~/documents/chats";
import { postsOf, readPost, readThread, THREADS } from "~/documents/community";
import { notificationsOf, readNotification } from "~/documents/notifications";
import { PAYMENTS, readPayment } from "~/documents/payments";
import { readReview, REVIEWS } from "~/documents/reviews";
import { getSubscription, periodsOf, readSubscriptionPeriod } from "~/documents/subscriptions";
import { getUser, readUser, savedMembersOf, userPath, type UserProfile } from "~/documents/users";
import { entriesOf, getWallet, toWalletEntry } from "~/documents/wallets";
import { memberName } from "~/features/members/member";
import { missingNames } from "~/features/members/members.server";
import { SOURCE_LANGUAGE } from "~/i18n/config";
import { transactionTypeLabel } from "~/features/wallet/labels";

export type Row = Record<string, string | number | boolean | null>;

export interface ExportContext {
  store: DocStore;
  uid: string;
  email: string;
  signIns: () => Promise<SignInRecord[]>;
  /** Called between pages, so a long build can renew its claim. */
  onProgress?: () => Promise<void>;
}

export interface Area {
  /** The file name without extension: `wallet-ledger` gives wallet-ledger.json and wallet-ledger.csv. */
  file: string;
  title: string;
  /** What the files hold, for README.html. */
  description: string;
  columns: readonly string[];
  rows(ctx: ExportContext, names: NameBook): AsyncIterable<Row>;
}

/** A page of this many documents is read at a time: each page query scans its collection on the embedded store, so fewer, larger pages (a few MB) keep a long history from costing pages × documents. */
export const PAGE_SIZE = 2_000;

const iso = (ms: number | null | undefined) => (typeof ms === "number" && ms > 0 ? new Date(ms).toISOString() : null);

/**
 * Other members' names, read once each. The archive is an English data file as a whole (its
 * README, area titles, columns and values; decision 085), so a gone member is named in English.
 */
export class NameBook {
  private readonly names = new Map<string, string>();
  constructor(private readonly store: DocStore) {}
  async of(uid: string): Promise<string> {
    if (!uid) return "";
    const known = this.names.get(uid);
    if (known !== undefined) return known;
    const profile = await getUser(this.store, uid);
    const name = memberName(profile, missingNames(SOURCE_LANGUAGE)).text;
    this.names.set(uid, name);
    return name;
  }
}

/**
 * Every document of a query in `field` order, a page at a time (keyset paging: no cursor in the
 * store port). Documents that share the last value of a page are not read twice.
 */
export async function* pagesOf(
  ctx: ExportContext,
  collection: string,
  field: string,
  where: readonly WhereClause[] = [],
): AsyncGenerator<{ id: string; path: string; data: Record<string, unknown> }> {
  let after: unknown = undefined;
  let seenAtAfter = new Set<string>();
  let size = PAGE_SIZE;
  for (;;) {
    const query: Query = {
      collection,
      where: after === undefined ? where : [...where, [field, ">=", after]],
      orderBy: [[field, "asc"]],
      limit: size,
    };
    const docs = await ctx.store.query(query);
    let fresh = 0;
    for (const doc of docs) {
      if (doc.data[field] === after && seenAtAfter.has(doc.id)) continue;
      fresh++;
      yield doc;
    }
    if (docs.length < size) return;
    const last = docs[docs.length - 1].data[field];
    const sameAsLast = docs.filter((d) => d.data[field] === last).map((d) => d.id);
    // A whole page sharing one value: read a larger page next time rather than loop.
    if (fresh === 0 || sameAsLast.length === docs.length) size *= 2;
    seenAtAfter = last === after ? new Set([...seenAtAfter, ...sameAsLast]) : new Set(sameAsLast);
    after = last;
    await ctx.onProgress?.();
  }
}

async function profileOf(ctx: ExportContext): Promise<UserProfile | null> {
  return readUser((await ctx.store.get(userPath(ctx.uid)))?.data);
}

/** The member's sessions, both roles, oldest first (few enough per member to sort in memory). */
async function bookingsOf(ctx: ExportContext): Promise<Booking[]> {
  const docs = await ctx.store.query({ collection: BOOKINGS, where: [["participants", "array-contains", ctx.uid]] });
  return docs.map(readBooking).sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
}

const profileArea: Area = {
  file: "profile",
  title: "Profile and settings",
  description:
    "Your account and profile as SkillSwap keeps them: e-mail, name, bio, languages, timezone, picture, role, xp, when you joined, and your settings (which notifications you want).",
  columns: [
    "uid",
    "email",
    "fullName",
    "bio",
    "languages",
    "timezone",
    "profilePicture",
    "role",
    "xp",
    "createdAt",
    "tourCompleted",
    "notificationPrefs",
    "suspended",
  ],
  async *rows(ctx) {
    const p = await profileOf(ctx);
    if (!p) return;
    yield {
      uid: ctx.uid,
      email: ctx.email,
      fullName: p.fullName,
      bio: p.bio,
      languages: p.languages.join(", "),
      timezone: p.timezone,
      profilePicture: p.profilePicture,
      role: p.role,
      xp: p.xp,
      createdAt: iso(p.createdAt),
      tourCompleted: p.tourCompleted,
      notificationPrefs: JSON.stringify(p.notificationPrefs),
      suspended: p.suspension ? `since ${iso(p.suspension.at)}: ${p.suspension.reason}` : null,
    };
  },
};

const skillsArea: Area = {
  file: "skills",
  title: "Skills",
  description:
    "The skills you offer and want to learn, with their level, and your rate in SP per hour where you set one.",
  columns: ["list", "skill", "tag", "level", "ratePerHour"],
  async *rows(ctx) {
    const [p, teaching] = await Promise.all([
      profileOf(ctx),
      ctx.store.get(teachingPath(ctx.uid)).then((d) => readTeaching(d?.data)),
    ]);
    if (!p) return;
    for (const s of p.skillsOffered)
      yield { list: "offered", skill: s.label, tag: s.tag, level: s.level, ratePerHour: teaching.rates[s.tag] ?? null };
    for (const s of p.skillsWanted)
      yield { list: "wanted", skill: s.label, tag: s.tag, level: s.level, ratePerHour: null };
  },
};

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const availabilityArea: Area = {
  file: "availability",
  title: "Availability",
  description:
    "When you are available to teach: your weekly hours, and the days you changed (a day with no hours is a day off), in your timezone.",
  columns: ["kind", "day", "from", "to", "timezone"],
  async *rows(ctx) {
    const [p, doc] = await Promise.all([profileOf(ctx), ctx.store.get(teachingPath(ctx.uid))]);
    if (!doc) return;
    const t = readTeaching(doc.data);
    const timezone = t.timezone ?? p?.timezone ?? "UTC";
    for (const slot of t.weekly)
      yield { kind: "weekly", day: WEEKDAYS[slot.weekday], from: slot.start, to: slot.end, timezone };
    for (const e of t.exceptions) {
      if (!e.slots || e.slots.length === 0) yield { kind: "day off", day: e.date, from: null, to: null, timezone };
      else for (const s of e.slots) yield { kind: "changed day", day: e.date, from: s.start, to: s.end, timezone };
    }
  },
};

/** Who was on the other side of a ledger entry: the other member of its session, or SkillSwap. */
async function counterparties(ctx: ExportContext, names: NameBook): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const b of await bookingsOf(ctx)) {
    const other = b.mentorUid === ctx.uid ? b.learnerUid : b.mentorUid;
    map.set(b.id, await names.of(other));
  }
  return map;
}

const SKILLSWAP_KINDS = new Set(["welcome_bonus", "top_up", "top_up_refund", "adjustment", "subscription"]);

const ledgerArea: Area = {
  file: "wallet-ledger",
  title: "Wallet ledger",
  description:
    "Every entry of your SP wallet, oldest first: its kind, the amount (positive when SP arrived, negative when they left), who was on the other side, the time, and your balance after it. The last balance is your wallet's balance.",
  columns: ["id", "time", "kind", "kindLabel", "amount", "counterparty", "description", "ref", "balanceAfter"],
  async *rows(ctx, names) {
    const others = await counterparties(ctx, names);
    let balance = 0;
    for await (const doc of pagesOf(ctx, entriesOf(ctx.uid), "timestamp")) {
      const e = toWalletEntry(doc);
      balance += e.amount;
      const counterparty =
        e.ref && others.has(e.ref) ? others.get(e.ref)! : SKILLSWAP_KINDS.has(e.type) ? "SkillSwap" : null;
      yield {
        id: e.id,
        time: iso(e.timestamp),
        kind: e.type,
        kindLabel: transactionTypeLabel(e.type),
        amount: e.amount,
        counterparty,
        description: e.description,
        ref: e.ref,
        balanceAfter: balance,
      };
    }
  },
};

const paymentsArea: Area = {
  file: "payments",
  title: "Payments",
  description: "SP packs you bought: the pack, the SP it gave, what you paid (in cents), its status and any refund.",
  columns: ["id", "time", "pack", "sp", "amountCents", "currency", "status", "refundStatus"],
  async *rows(ctx) {
    const docs = await ctx.store.query({ collection: PAYMENTS, where: [["uid", "==", ctx.uid]] });
    const payments = docs.map(readPayment).sort((a, b) => a.fulfilledAt - b.fulfilledAt);
    for (const p of payments)
      yield {
        id: p.id,
        time: iso(p.fulfilledAt),
        pack: p.pack,
        sp: p.sp,
        amountCents: p.amount,
        currency: p.currency,
        status: p.status,
        refundStatus: p.refund?.status ?? null,
      };
  },
};

const subscriptionsArea: Area = {
  file: "subscriptions",
  title: "Subscriptions",
  description: 'Your plan (the first line, kind "plan") and each period you paid for with the SP it credited.',
  columns: ["kind", "id", "plan", "status", "periodStart", "periodEnd", "sp", "amountCents", "currency", "paidAt"],
  async *rows(ctx) {
    const sub = await getSubscription(ctx.store, ctx.uid);
    if (!sub) return;
    yield {
      kind: "plan",
      id: sub.subscriptionId,
      plan: sub.planId,
      status: sub.cancelAtPeriodEnd ? `${sub.status} (ends at period end)` : sub.status,
      periodStart: null,
      periodEnd: iso(sub.currentPeriodEnd),
      sp: null,
      amountCents: null,
      currency: null,
      paidAt: null,
    };
    for await (const doc of pagesOf(ctx, periodsOf(ctx.uid), "paidAt")) {
      const p = readSubscriptionPeriod(doc);
      yield {
        kind: "period",
        id: p.invoiceId || p.id,
        plan: p.planId,
        status: "paid",
        periodStart: iso(p.periodStart),
        periodEnd: iso(p.periodEnd),
        sp: p.sp,
        amountCents: p.amountCents,
        currency: p.currency,
        paidAt: iso(p.paidAt),
      };
    }
  },
};

const sessionsArea: Area = {
  file: "sessions",
  title: "Bookings and sessions",
  description:
    "Every session you booked or taught, as learner and as mentor: the other member, the skill, when, the price in SP, what became of it, and its notes.",
  columns: [
    "id",
    "role",
    "otherMember",
    "skill",
    "start",
    "end",
    "durationMinutes",
    "priceSp",
    "state",
    "meetingLink",
    "notes",
    "disputeReason",
    "resolution",
    "bookedAt",
  ],
  async *rows(ctx, names) {
    for (const b of await bookingsOf(ctx)) {
      const mentor = b.mentorUid === ctx.uid;
      yield {
        id: b.id,
        role: mentor ? "mentor" : "learner",
        otherMember: await names.of(mentor ? b.learnerUid : b.mentorUid),
        skill: b.skillLabel,
        start: iso(b.start),
        end: iso(b.end),
        durationMinutes: b.durationMinutes,
        priceSp: b.price,
        state: b.state,
        meetingLink: b.meetingLink,
        notes: b.notes,
        disputeReason: b.disputeReason,
        resolution: b.resolution,
        bookedAt: iso(b.createdAt),
      };
    }
  },
};

const reviewsArea: Area = {
  file: "reviews",
  title: "Reviews",
  description: "Reviews you gave and reviews you received: the session, the other member, the stars and the comment.",
  columns: ["direction", "sessionId", "otherMember", "skill", "stars", "comment", "time"],
  async *rows(ctx, names) {
    for (const [direction, field, otherField] of [
      ["given", "reviewerUid", "revieweeUid"],
      ["received", "revieweeUid", "reviewerUid"],
    ] as const) {
      const docs = await ctx.store.query({ collection: REVIEWS, where: [[field, "==", ctx.uid]] });
      const reviews = docs.map((d) => readReview(d.data)).sort((a, b) => a.createdAt - b.createdAt);
      for (const r of reviews)
        yield {
          direction,
          sessionId: r.bookingId,
          otherMember: await names.of(r[otherField]),
          skill: r.skillLabel,
          stars: r.rating,
          comment: r.comment,
          time: iso(r.createdAt),
        };
    }
  },
};

export const HIDDEN_MESSAGE_TEXT = "(hidden by a moderator)";

const messagesArea: Area = {
  file: "messages",
  title: "Chat messages",
  description:
    "Your conversations: the messages you sent and the messages you received in them, oldest first per conversation. A message a moderator hid shows as hidden, without its text.",
  columns: ["conversation", "with", "from", "time", "text", "hidden", "seen"],
  async *rows(ctx, names) {
    const chats = await ctx.store.query({ collection: CHATS, where: [["participants", "array-contains", ctx.uid]] });
    const sorted = chats.map((d) => ({ id: d.id, ...readChat(d.data) })).sort((a, b) => a.createdAt - b.createdAt);
    for (const chat of sorted) {
      const otherUid = chat.participants.find((p) => p !== ctx.uid) ?? ctx.uid;
      const other = await names.of(otherUid);
      for await (const doc of pagesOf(ctx, messagesOf(chat.id), "timestamp")) {
        const m = readMessage(doc);
        yield {
          conversation: chat.id,
          with: other,
          from: m.sender === ctx.uid ? "you" : await names.of(m.sender),
          time: iso(m.timestamp),
          text: m.hidden ? HIDDEN_MESSAGE_TEXT : m.text,
          hidden: m.hidden,
          seen: m.seen,
        };
      }
    }
  },
};

/** Every thread, a page at a time, in the order they were started (threads have no author index across posts). */
async function* threads(ctx: ExportContext) {
  for await (const doc of pagesOf(ctx, THREADS, "newestKey")) yield readThread(doc);
}

const forumThreadsArea: Area = {
  file: "forum-threads",
  title: "Forum threads",
  description:
    "The community threads you started: the title, the space, when, how many replies, and whether it is hidden.",
  columns: ["id", "title", "space", "startedAt", "replies", "hidden"],
  async *rows(ctx) {
    for await (const t of threads(ctx)) {
      if (t.authorUid !== ctx.uid) continue;
      yield {
        id: t.id,
        title: t.title,
        space: t.spaceId,
        startedAt: iso(t.createdAt),
        replies: t.replyCount,
        hidden: t.hidden,
      };
    }
  },
};

const forumPostsArea: Area = {
  file: "forum-posts",
  title: "Forum posts",
  description:
    "Everything you wrote in the community, opening posts and replies: the thread, the text as you wrote it (Markdown), when, and whether you edited or deleted it.",
  columns: ["threadId", "thread", "postId", "opening", "time", "editedAt", "deleted", "hidden", "body"],
  async *rows(ctx) {
    for await (const thread of threads(ctx)) {
      const docs = await ctx.store.query({ collection: postsOf(thread.id), where: [["authorUid", "==", ctx.uid]] });
      const posts = docs.map(readPost).sort((a, b) => a.seq - b.seq);
      for (const p of posts)
        yield {
          threadId: thread.id,
          thread: thread.title,
          postId: p.id,
          opening: p.seq === 0,
          time: iso(p.createdAt),
          editedAt: iso(p.editedAt),
          deleted: p.deleted,
          hidden: p.hidden,
          body: p.body,
        };
    }
  },
};

const savedArea: Area = {
  file: "saved-profiles",
  title: "Saved profiles",
  description: "The members whose profiles you saved, and when.",
  columns: ["uid", "name", "savedAt"],
  async *rows(ctx, names) {
    for await (const doc of pagesOf(ctx, savedMembersOf(ctx.uid), "savedAt"))
      yield { uid: doc.id, name: await names.of(doc.id), savedAt: iso(doc.data.savedAt as number) };
  },
};

const notificationsArea: Area = {
  file: "notifications",
  title: "Notifications",
  description:
    "What SkillSwap told you in the bell: the kind, the title and text, the link, whether you read it, and when.",
  columns: ["id", "time", "type", "title", "body", "link", "read"],
  async *rows(ctx) {
    for await (const doc of pagesOf(ctx, notificationsOf(ctx.uid), "timestamp")) {
      const n = readNotification(doc);
      yield {
        id: n.id,
        time: iso(n.timestamp),
        type: n.type,
        title: n.title,
        body: n.body,
        link: n.link,
        read: n.read,
      };
    }
  },
};

const signInsArea: Area = {
  file: "sign-ins",
  title: "Sign-in history",
  description:
    "What the sign-in engine keeps about your sign-ins: when the account was made, when the password last changed, and the sessions that are open now with when each started and runs out.",
  columns: ["event", "at", "until"],
  async *rows(ctx) {
    for (const r of await ctx.signIns()) yield { event: r.event, at: iso(r.at), until: iso(r.until) };
  },
};

const boardPostsArea: Area = {
  file: "board-posts",
  title: "Board posts",
  description:
    "Your offers and needs on the board: the skill, the title and text, the format and area, the price (SP per hour, fixed, or a swap), its status and when it expires.",
  columns: [
    "id",
    "type",
    "skill",
    "title",
    "description",
    "format",
    "area",
    "price",
    "status",
    "createdAt",
    "expiresAt",
  ],
  async *rows(ctx) {
    const docs = await ctx.store.query({ collection: BOARD_POSTS, where: [["authorUid", "==", ctx.uid]] });
    const posts = docs.map(readBoardPost).sort((a, b) => a.createdAt - b.createdAt);
    for (const p of posts)
      yield {
        id: p.id,
        type: p.type,
        skill: p.skillLabel,
        title: p.title,
        description: p.description,
        format: p.format,
        area: p.area,
        price:
          p.price.kind === "swap"
            ? `swap for ${p.price.swapSkillLabel ?? "a skill"}`
            : `${p.price.sp} SP${p.price.kind === "per_hour" ? " per hour" : ""}`,
        status: p.status,
        createdAt: iso(p.createdAt),
        expiresAt: iso(p.expiresAt),
      };
  },
};

const boardProposalsArea: Area = {
  file: "board-proposals",
  title: "Board proposals",
  description:
    "Proposals you made on others' needs and proposals others made on yours: the post, the other member, the time, SP or swap, your message, and what became of it.",
  columns: [
    "id",
    "direction",
    "postId",
    "otherMember",
    "skill",
    "start",
    "durationMinutes",
    "kind",
    "sp",
    "message",
    "status",
    "reason",
    "createdAt",
  ],
  async *rows(ctx, names) {
    const docs = await ctx.store.query({
      collection: BOARD_PROPOSALS,
      where: [["participants", "array-contains", ctx.uid]],
    });
    const proposals = docs.map(readProposal).sort((a, b) => a.createdAt - b.createdAt);
    for (const p of proposals) {
      const made = p.proposerUid === ctx.uid;
      yield {
        id: p.id,
        direction: made ? "made" : "received",
        postId: p.postId,
        otherMember: await names.of(made ? p.posterUid : p.proposerUid),
        skill: p.skillLabel,
        start: iso(p.start),
        durationMinutes: p.durationMinutes,
        kind: p.kind,
        sp: p.sp,
        message: p.message,
        status: p.status,
        reason: p.reason,
        createdAt: iso(p.createdAt),
      };
    }
  },
};

const boardAnswersArea: Area = {
  file: "board-answers",
  title: "Board answers",
  description:
    "Posts you answered by message or by booking them, and members who answered yours that way: the post, the other member, how, how many times, and when first and last.",
  columns: ["postId", "direction", "otherMember", "kind", "times", "firstAt", "lastAt"],
  async *rows(ctx, names) {
    const docs = await ctx.store.query({
      collection: BOARD_ANSWERS,
      where: [["participants", "array-contains", ctx.uid]],
    });
    const answers = docs.map(readBoardAnswer).sort((a, b) => a.firstAt - b.firstAt);
    for (const a of answers) {
      const made = a.answererUid === ctx.uid;
      yield {
        postId: a.postId,
        direction: made ? "made" : "received",
        otherMember: await names.of(made ? a.posterUid : a.answererUid),
        kind: a.kind,
        times: a.times,
        firstAt: iso(a.firstAt),
        lastAt: iso(a.lastAt),
      };
    }
  },
};

const walletSummary = async (ctx: ExportContext) => (await getWallet(ctx.store, ctx.uid)).balance;
export { walletSummary };

export const AREAS: readonly Area[] = [
  profileArea,
  skillsArea,
  availabilityArea,
  ledgerArea,
  paymentsArea,
  subscriptionsArea,
  sessionsArea,
  reviewsArea,
  messagesArea,
  forumThreadsArea,
  forumPostsArea,
  boardPostsArea,
  boardProposalsArea,
  boardAnswersArea,
  savedArea,
  notificationsArea,
  signInsArea,
];
