/**
 * The offers-and-needs board's documents (issue 29), the same on both engines. Only the server
 * writes them (features/board/); signed-in members' browsers may read posts (the live "N new posts"
 * feed), nothing else. Browser-safe. Decision: docs/decisions/023-documents-typed-once.md, 039.
 *
 *   board_posts/{postId}           an offer ("I can …") or a need ("I'm looking for …")
 *   board_proposals/{proposalId}   a member's proposal on a need: a time, a duration, SP or a swap
 *   swap_links/{swapId}            two bookings, one each way, that make one skill-for-skill swap
 *   board_answers/{postId}_{kind}_{uid}   a member answered a post by message or by booking it
 *                                  (server only: /board/mine lists them for the poster)
 *   board_lists/{list}/entries/{entryId}   the active posts of a list (all, or one skill's), newest
 *                                  first by id, with the fields the filters ask (features/board/lists.ts)
 *
 * Lenient by field like the rest of this folder; money strictly (NaN, never a default); a status
 * this version does not know reads as closed (a post as hidden, a proposal as closed), so nothing
 * is shown or booked on a guess.
 */
import { z } from "zod/v4";
import {
  count,
  flag,
  getParsed,
  isRecord,
  oneOf,
  optionalText,
  optionalTime,
  pick,
  strings,
  text,
  type DocReader,
  type StoredDoc,
  wholeOrNaN,
  withId,
} from "./fields";

export const BOARD_POSTS = "board_posts";
export const BOARD_PROPOSALS = "board_proposals";
export const SWAP_LINKS = "swap_links";
export const BOARD_ANSWERS = "board_answers";
export const BOARD_LISTS = "board_lists";

const ID = /^[A-Za-z0-9_-]{1,128}$/;
/** Ids that may appear in a path: no slashes, no dots. */
export function isBoardId(value: unknown): value is string {
  return typeof value === "string" && ID.test(value);
}

export const boardPostPath = (postId: string) => `${BOARD_POSTS}/${postId}`;
export const proposalPath = (proposalId: string) => `${BOARD_PROPOSALS}/${proposalId}`;
export const swapLinkPath = (swapId: string) => `${SWAP_LINKS}/${swapId}`;
export const boardAnswerPath = (postId: string, kind: AnswerKind, answererUid: string) =>
  `${BOARD_ANSWERS}/${postId}_${kind}_${answererUid}`;
/** `board_lists/{list}/entries`: `list` is "all" or a skill's list key (features/board/lists.ts). */
export const boardListOf = (list: string) => `${BOARD_LISTS}/${list}/entries`;
export const boardListEntryPath = (list: string, entryId: string) => `${boardListOf(list)}/${entryId}`;
/** The search index (DocStore.search) the board's posts are indexed in, under their paths. */
export const BOARD_SEARCH_INDEX = "board";

/** A post's own page, as notifications, reports and chat cards link to it. */
export const boardPostLink = (postId: string) => `/board/${postId}`;

export const POST_TYPES = ["offer", "need"] as const;
export type PostType = (typeof POST_TYPES)[number];
export const POST_FORMATS = ["online", "in_person", "either"] as const;
export type PostFormat = (typeof POST_FORMATS)[number];
export const PRICE_KINDS = ["per_hour", "fixed", "swap"] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];
/** hidden: by a reviewer, or by three reports until one looks (decision 028's weighting). */
export const POST_STATUSES = ["active", "closed", "expired", "hidden"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const isPostType = (v: unknown): v is PostType => POST_TYPES.includes(v as PostType);
export const isPostFormat = (v: unknown): v is PostFormat => POST_FORMATS.includes(v as PostFormat);
export const isPriceKind = (v: unknown): v is PriceKind => PRICE_KINDS.includes(v as PriceKind);

/**
 * What answering the post costs or asks:
 * - per_hour: `sp` SP an hour (an offer's rate, or what a need will pay an hour);
 * - fixed: `sp` SP for the whole thing;
 * - swap: no SP; the poster gives `swapSkillLabel` (tag `swapSkillTag`) in return — or, on a need,
 *   wants to give it.
 * `sp` is read strictly: not a whole number of SP reads as NaN (the booking refuses it); a swap's is 0.
 */
export interface PostPrice {
  kind: PriceKind;
  sp: number;
  swapSkillTag: string | null;
  swapSkillLabel: string | null;
}

const priceSchema = z.unknown().transform((v): PostPrice => {
  const p = isRecord(v) ? v : {};
  // A kind this version does not know reads as a swap: no SP moves on a guess.
  const kind = pick(PRICE_KINDS, "swap", p.kind);
  return {
    kind,
    sp: kind === "swap" ? 0 : wholeOrNaN(p.sp),
    swapSkillTag: kind === "swap" && typeof p.swapSkillTag === "string" ? p.swapSkillTag : null,
    swapSkillLabel: kind === "swap" && typeof p.swapSkillLabel === "string" ? p.swapSkillLabel : null,
  };
});

export const boardPostSchema = z.object({
  /** A type this version does not know reads as an offer; its status is what keeps it off the board. */
  type: oneOf(POST_TYPES, "offer"),
  authorUid: text(),
  /** The skill's tag (skills' `tagKey` form is for ids; this is the tag as matching uses it) and its label as typed. */
  skillTag: text(),
  skillLabel: text(),
  title: text(),
  /** Markdown as written, shown through the forum's safe renderer. */
  description: text(),
  format: oneOf(POST_FORMATS, "either"),
  /** Where, for in-person: a town or district as the member typed it; "" online. */
  area: text(),
  price: priceSchema,
  /** A status this version does not know reads as hidden: off the board until a reviewer looks. */
  status: oneOf(POST_STATUSES, "hidden"),
  createdAt: count(),
  updatedAt: count(),
  /** When it leaves the board (features/board/expiry.ts); 0 (long gone) when unreadable. */
  expiresAt: count(),
  /** The expiry the poster was last warned about; a renewal moves expiresAt, so the next warning is due again. */
  warnedFor: optionalTime,
  /** Set when the poster closed it; null while open. */
  closedAt: optionalTime,
  /** Reports not yet reviewed, from different members. */
  openReports: count(),
  /** Sort key of "newest": fixed-width createdAt then the id, so cursors on it are stable and unique. */
  newestKey: text(),
});
/** `board_posts/{postId}` */
export type BoardPostDoc = z.output<typeof boardPostSchema>;
export interface BoardPost extends BoardPostDoc {
  id: string;
}
export const readBoardPost: (doc: StoredDoc) => BoardPost = withId(boardPostSchema);
export const getBoardPost = (reader: DocReader, postId: string) =>
  getParsed(reader, boardPostPath(postId), (data) => readBoardPost({ id: postId, data }));

/** `newestKey`: 15-digit milliseconds then the id; sorts newest last, so lists order it descending. */
export function newestKeyOf(createdAt: number, postId: string): string {
  return `${String(Math.max(0, Math.floor(createdAt))).padStart(15, "0")}_${postId}`;
}

/**
 * A proposal's states (the state machine is h6's, features/board/proposal*): waiting for the
 * poster; accepted (booked); declined with a reason; lapsed (its time passed unanswered);
 * withdrawn by the proposer; closed because the need closed or another proposal was accepted.
 */
export const PROPOSAL_STATUSES = ["pending", "accepted", "declined", "lapsed", "withdrawn", "closed"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_KINDS = ["sp", "swap"] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

export const proposalSchema = z.object({
  /** The need it answers. */
  postId: text(),
  /** The need's poster, who decides (and, on SP, pays as learner). */
  posterUid: text(),
  proposerUid: text(),
  /** Both uids, for one array-contains query of a member's proposals either way. */
  participants: strings,
  skillTag: text(),
  skillLabel: text(),
  /** The session's start (ms) from the proposer's availability, and its length. */
  start: count(),
  durationMinutes: count(),
  /** A kind this version does not know reads as a swap: no SP moves on a guess. */
  kind: oneOf(PROPOSAL_KINDS, "swap"),
  /** SP asked for the session, strictly; 0 for a swap. */
  sp: z.unknown().transform((v) => (v === undefined ? 0 : wholeOrNaN(v))),
  /** On a swap, what the proposer wants taught in return (tag and label); null otherwise. */
  swapSkillTag: optionalText,
  swapSkillLabel: optionalText,
  message: text(),
  status: oneOf(PROPOSAL_STATUSES, "closed"),
  /** The poster's reason when declining; "" otherwise. */
  reason: text(),
  /** The booking (SP) or swap link made when accepted; null before. */
  bookingId: optionalText,
  swapId: optionalText,
  createdAt: count(),
  decidedAt: optionalTime,
});
/** `board_proposals/{proposalId}` */
export type ProposalDoc = z.output<typeof proposalSchema>;
export interface Proposal extends ProposalDoc {
  id: string;
}
export const readProposal: (doc: StoredDoc) => Proposal = withId(proposalSchema);
export const getProposal = (reader: DocReader, proposalId: string) =>
  getParsed(reader, proposalPath(proposalId), (data) => readProposal({ id: proposalId, data }));

export const swapLinkSchema = z.object({
  /** The two sessions, one each way: in each, one member teaches and the other learns; no SP moves. */
  bookingIds: z
    .unknown()
    .transform((v): [string, string] | null =>
      Array.isArray(v) && v.length === 2 && v.every((id) => typeof id === "string" && id)
        ? [v[0] as string, v[1] as string]
        : null,
    ),
  /** Both members, for one array-contains query of a member's swaps. */
  participants: strings,
  /** The post and proposal it came from; null when made another way. */
  postId: optionalText,
  proposalId: optionalText,
  createdAt: count(),
});
/** `swap_links/{swapId}`: bookingIds reads as null unless it is exactly two booking ids. */
export type SwapLinkDoc = z.output<typeof swapLinkSchema>;
export interface SwapLink extends SwapLinkDoc {
  id: string;
}
export const readSwapLink: (doc: StoredDoc) => SwapLink = withId(swapLinkSchema);
export const getSwapLink = (reader: DocReader, swapId: string) =>
  getParsed(reader, swapLinkPath(swapId), (data) => readSwapLink({ id: swapId, data }));

export const boardListEntrySchema = z.object({
  postId: text(),
  type: oneOf(POST_TYPES, "offer"),
  skillTag: text(),
  /** Format as two flags, so a filter is one equality: "either" sets both. */
  online: flag,
  inPerson: flag,
  priceKind: oneOf(PRICE_KINDS, "swap"),
  createdAt: count(),
  /** A post past this is left out even before the timed work takes its entries away. */
  expiresAt: count(),
});
/** `board_lists/{list}/entries/{entryId}`: its id is the list's order (newest first). */
export type BoardListEntryDoc = z.output<typeof boardListEntrySchema>;
export interface BoardListEntry extends BoardListEntryDoc {
  id: string;
}
export const readBoardListEntry: (doc: StoredDoc) => BoardListEntry = withId(boardListEntrySchema);

/**
 * How a member answered a post besides proposing (issue 29, "Manage"; decision 070): a "Message"
 * reply quoting it, or a booking of the offer at its price. Proposals have their own documents.
 */
export const ANSWER_KINDS = ["message", "booking"] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

export const boardAnswerSchema = z.object({
  postId: text(),
  /** The post's poster, who reads the answers on /board/mine. */
  posterUid: text(),
  answererUid: text(),
  /** Both uids, for one array-contains query of a member's answers either way (the data archive). */
  participants: strings,
  /** A kind this version does not know reads as a message: a link to a conversation, nothing more. */
  kind: oneOf(ANSWER_KINDS, "message"),
  /** The conversation (message) or the latest session booked from the offer (booking). */
  chatId: optionalText,
  bookingId: optionalText,
  /** How many times: messages quoting the post, or bookings of it. */
  times: count(1),
  firstAt: count(),
  lastAt: count(),
});
/** `board_answers/{postId}_{kind}_{answererUid}`: one per post, answerer and way of answering. */
export type BoardAnswerDoc = z.output<typeof boardAnswerSchema>;
export interface BoardAnswer extends BoardAnswerDoc {
  id: string;
}
export const readBoardAnswer: (doc: StoredDoc) => BoardAnswer = withId(boardAnswerSchema);
