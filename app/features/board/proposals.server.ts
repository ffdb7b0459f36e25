/**
 * Proposals on board posts (issue 29, part B; decision 041), on the DocStore. A member proposes a
 * time, a duration and the SP asked (or a swap) on a need, or a swap on a swap offer; the poster
 * accepts, declines with a reason, or lets it lapse at its start. Accepting books in the same
 * transaction: a paid session with the poster's SP in escrow, or a swap's two linked sessions with
 * no SP; it closes the post and every other proposal waiting on it, and tells everyone concerned.
 * The rules are proposal-state.ts's; this module applies them, once, with nothing half-written.
 */
import { randomUUID } from "node:crypto";
import { getUser, type UserProfile } from "~/documents/users";
import { readTeaching, teachingPath } from "~/documents/bookings";
import {
  BOARD_PROPOSALS,
  boardPostLink,
  boardPostPath,
  getBoardPost,
  getProposal,
  isBoardId,
  proposalPath,
  readProposal,
  swapLinkPath,
  type BoardPost,
  type Proposal,
  type ProposalDoc,
  type SwapLinkDoc,
} from "~/documents/board";
import type { DocStore, Transaction } from "~/engine/store/types";
import { prepareAcceptedBooking, type PreparedBooking } from "~/features/bookings/accepted.server";
import { BookingError, isDuration } from "~/features/bookings/bookings.server";
import { isBookableStart } from "~/features/bookings/availability";
import { prepareNotifications } from "~/features/notifications/notifications.server";
import type { NoticeKind, NoticeParams } from "~/features/notifications/text";
import { createRateLimiter } from "~/utils/rate-limit.server";
import { knownTimeZone } from "~/utils/zoned-time";
import { stripBidiControls } from "~/utils/bidi";
import { shownStatus } from "./expiry";
import {
  decideProposal,
  MAX_PROPOSAL_MESSAGE,
  MAX_PROPOSAL_SP,
  postRefusal,
  type PostFacts,
  type ProposalCommand,
  type ProposalFacts,
  type ProposalState,
} from "./proposal-state";
import { SWAP_SESSION_PRICE } from "./swap";
import { ProposalError, proposalErrorText } from "./errors.server";

export const ALREADY_PROPOSED = proposalErrorText("en", "alreadyProposed");
export const SET_AVAILABILITY = proposalErrorText("en", "setAvailability");

// A person answers a few posts in a sitting; a script proposing on every post is slowed down.
export const PROPOSE_WINDOW_MS = 10 * 60_000;
export const PROPOSE_MAX_PER_WINDOW = 10;
const proposeLimiter = createRateLimiter({
  name: "board_propose",
  windowMs: PROPOSE_WINDOW_MS,
  max: PROPOSE_MAX_PER_WINDOW,
  maxKeys: 50_000,
});

export interface ProposalInput {
  postId: string;
  start: number;
  durationMinutes: number;
  kind: "sp" | "swap";
  /** SP asked for the session (kind "sp"). */
  sp: number;
  /** On a swap answering a need: what the proposer wants taught in return (one of the poster's skills). */
  swapSkillTag?: string | null;
  message?: string;
}

/** Whether a post takes answers, as the rules see it: not closed or hidden, and not past its expiry. */
export function postFacts(post: BoardPost): PostFacts {
  // An expired post is "open" here so that the rules answer with the expiry, which is what happened.
  return { open: post.status === "active" || post.status === "expired", expiresAt: post.expiresAt };
}

export function proposalFacts(p: Proposal): ProposalFacts {
  return {
    state: p.status,
    start: p.start,
    durationMinutes: p.durationMinutes,
    price: p.kind === "swap" ? 0 : p.sp,
    swap: p.kind === "swap",
  };
}

/** The state a member sees: a proposal still pending on a post that stopped taking answers is closed. */
export function shownProposalState(p: Proposal, post: BoardPost | null, now: number): ProposalState {
  const facts = proposalFacts(p);
  if (facts.state !== "pending") return facts.state;
  if (now >= p.start) return "lapsed";
  if (!post || shownStatus(post, now) !== "active") return "closed";
  return "pending";
}

/**
 * Who teaches what in the sessions a proposal books. On a need the proposer teaches the post's
 * skill to the poster (who pays, or teaches the swap skill back); on a swap offer the poster
 * teaches the post's skill and the proposer teaches the swap skill back.
 */
export function sessionsOf(
  p: Pick<ProposalDoc, "posterUid" | "proposerUid" | "skillTag" | "skillLabel" | "swapSkillTag" | "swapSkillLabel">,
  postType: "offer" | "need",
) {
  const [firstMentor, firstLearner] = postType === "need" ? [p.proposerUid, p.posterUid] : [p.posterUid, p.proposerUid];
  return {
    first: { mentorUid: firstMentor, learnerUid: firstLearner, skillTag: p.skillTag, skillLabel: p.skillLabel },
    back: {
      mentorUid: firstLearner,
      learnerUid: firstMentor,
      skillTag: p.swapSkillTag ?? "",
      skillLabel: p.swapSkillLabel ?? "",
    },
  };
}

function cleanMessage(raw: string | undefined): string {
  const message = stripBidiControls(raw ?? "")
    .replace(/\r\n/g, "\n")
    .trim();
  if (message.length > MAX_PROPOSAL_MESSAGE)
    throw new ProposalError(400, "messageTooLong", { max: MAX_PROPOSAL_MESSAGE });
  return message;
}

/** The swap skill a proposal asks or gives in return, checked against what the post or poster says. */
function swapSkillOf(post: BoardPost, poster: UserProfile, input: ProposalInput): { tag: string; label: string } {
  if (post.price.kind === "swap" && post.price.swapSkillTag)
    return { tag: post.price.swapSkillTag, label: post.price.swapSkillLabel || post.price.swapSkillTag };
  if (post.type === "offer") throw new ProposalError(409, "offerNoSwapSkill");
  const skill = poster.skillsOffered.find((s) => s.tag === input.swapSkillTag);
  if (!skill) throw new ProposalError(400, "chooseSwapSkill");
  return { tag: skill.tag, label: skill.label };
}

/** Sends a proposal; answers it as stored. */
export async function createProposal(
  store: DocStore,
  proposerUid: string,
  input: ProposalInput,
  now = Date.now(),
): Promise<Proposal> {
  if (!isBoardId(input.postId)) throw new ProposalError(404, "postNotFound");
  if (!isDuration(input.durationMinutes)) throw new ProposalError(400, "duration");
  if (!Number.isSafeInteger(input.start)) throw new ProposalError(400, "chooseTime");
  if (input.kind === "sp" && (!Number.isSafeInteger(input.sp) || input.sp < 0 || input.sp > MAX_PROPOSAL_SP))
    throw new ProposalError(400, "spRange", { max: MAX_PROPOSAL_SP });
  const message = cleanMessage(input.message);
  const limit = proposeLimiter.check(proposerUid, now);
  if (!limit.allowed) throw new ProposalError(429, "tooFast", { waitMs: limit.retryAfterMs });
  proposeLimiter.hit(proposerUid, now);

  const id = randomUUID();
  return store.transaction(async (tx) => {
    const post = await getBoardPost(tx, input.postId);
    if (!post || post.status === "hidden") throw new ProposalError(404, "postNotFound");
    if (post.authorUid === proposerUid) throw new ProposalError(400, "ownPost");
    const refusal = postRefusal(postFacts(post), now);
    if (refusal) throw new ProposalError(409, refusal);
    if (post.type === "offer" && post.price.kind !== "swap") throw new ProposalError(409, "offerHasPrice");
    if (post.type === "offer" && input.kind !== "swap") throw new ProposalError(400, "offerAsksSwap");

    const [poster, proposer, teachingDoc, waiting] = await Promise.all([
      getUser(tx, post.authorUid),
      getUser(tx, proposerUid),
      tx.get(teachingPath(proposerUid)),
      tx.query({
        collection: BOARD_PROPOSALS,
        where: [
          ["postId", "==", post.id],
          ["proposerUid", "==", proposerUid],
          ["status", "==", "pending"],
        ],
        limit: 1,
      }),
    ]);
    if (!poster || poster.deleted) throw new ProposalError(409, "posterLeft");
    if (!proposer || proposer.deleted) throw new ProposalError(403, "signInAgain");
    if (waiting.length > 0) throw new ProposalError(409, "alreadyProposed");

    const teaching = readTeaching(teachingDoc?.data);
    if (teaching.weekly.length === 0 && teaching.exceptions.length === 0)
      throw new ProposalError(409, "setAvailability");
    const zone = knownTimeZone(teaching.timezone) ?? knownTimeZone(proposer.timezone) ?? "UTC";
    const swap = input.kind === "swap";
    // A swap's return session follows the first at once: the proposer is free for both.
    const minutes = input.durationMinutes * (swap ? 2 : 1);
    if (!isBookableStart(teaching, zone, input.start, minutes, now)) throw new ProposalError(400, "notAvailable");
    const back = swap ? swapSkillOf(post, poster, input) : null;

    const doc: ProposalDoc = {
      postId: post.id,
      posterUid: post.authorUid,
      proposerUid,
      participants: [post.authorUid, proposerUid],
      skillTag: post.skillTag,
      skillLabel: post.skillLabel,
      start: input.start,
      durationMinutes: input.durationMinutes,
      kind: input.kind,
      sp: swap ? 0 : input.sp,
      swapSkillTag: back?.tag ?? null,
      swapSkillLabel: back?.label ?? null,
      message,
      status: "pending",
      reason: "",
      bookingId: null,
      swapId: null,
      createdAt: now,
      decidedAt: null,
    };
    const notify = await prepareNotifications(tx, [post.authorUid]);
    tx.create(proposalPath(id), doc);
    notify.add(
      post.authorUid,
      {
        id: `proposal_${id}_pending`,
        type: "board_proposal",
        kind: "proposal_new",
        params: {
          name: proposer.fullName.trim(),
          title: post.title,
          swap: swap ? "yes" : "no",
          skill: back?.label ?? "",
          sp: doc.sp,
          minutes: doc.durationMinutes,
        },
        link: boardPostLink(post.id),
      },
      now,
    );
    return { ...doc, id };
  });
}

/**
 * The poster closes or deletes a post: every proposal still waiting on it is closed (decision 041's
 * "closed": the post stopped taking answers) and its proposer told, in the poster's transaction.
 * Reads now, writes on `commit()`, so it can sit before the caller's own writes.
 */
export async function prepareClosingProposals(
  tx: Transaction,
  post: Pick<BoardPost, "id" | "title">,
  why: "closed" | "deleted",
  now: number,
): Promise<{ commit(): void }> {
  const waiting = (
    await tx.query({
      collection: BOARD_PROPOSALS,
      where: [
        ["postId", "==", post.id],
        ["status", "==", "pending"],
      ],
    })
  ).map(readProposal);
  const notify = await prepareNotifications(
    tx,
    waiting.map((p) => p.proposerUid),
  );
  return {
    commit() {
      for (const p of waiting) {
        tx.update(proposalPath(p.id), { status: "closed", decidedAt: now } satisfies Partial<ProposalDoc>);
        notify.add(
          p.proposerUid,
          {
            id: `proposal_${p.id}_closed`,
            type: "board_proposal",
            kind: why === "closed" ? "proposal_closed" : "proposal_deleted",
            params: { title: post.title },
            // A deleted post has no page any more: the board is where to look next.
            link: why === "closed" ? boardPostLink(post.id) : "/board",
          },
          now,
        );
      }
    },
  };
}

export interface AnswerResult {
  applied: boolean;
  proposal: Proposal;
  /** The bookings made by an acceptance: one paid session, or a swap's two. */
  bookingIds: string[];
}

/**
 * The poster accepts or declines a proposal; the scheduler lets it lapse or closes it. One
 * transaction; a repeat finds the state changed and is a no-op (accepting twice books once).
 */
export async function answerProposal(
  store: DocStore,
  proposalId: string,
  by: { uid: string } | { actor: "system" },
  command: ProposalCommand,
  now = Date.now(),
): Promise<AnswerResult> {
  if (!isBoardId(proposalId)) throw new ProposalError(404, "proposalNotFound");
  try {
    return await store.transaction(async (tx) => {
      const proposal = await getProposal(tx, proposalId);
      const actor =
        "actor" in by
          ? by.actor
          : proposal?.posterUid === by.uid
            ? "poster"
            : proposal?.proposerUid === by.uid
              ? "proposer"
              : null;
      if (!proposal || !actor) throw new ProposalError(404, "proposalNotFound");
      const post = await getBoardPost(tx, proposal.postId);
      const facts = post ? postFacts(post) : { open: false, expiresAt: 0 };
      const verdict = decideProposal(proposalFacts(proposal), facts, command, actor, now);
      if (verdict.kind === "refuse") throw new ProposalError(verdict.status, verdict.refusal, { max: verdict.max });
      if (verdict.kind === "noop") return { applied: false, proposal, bookingIds: [] };

      // Reads first (Firestore's rule): the other waiting proposals, the bookings' locks and wallet.
      const others =
        verdict.closesPost && post
          ? (
              await tx.query({
                collection: BOARD_PROPOSALS,
                where: [
                  ["postId", "==", post.id],
                  ["status", "==", "pending"],
                ],
              })
            )
              .map(readProposal)
              .filter((p) => p.id !== proposal.id)
          : [];
      const prepared: PreparedBooking[] = [];
      let swapId: string | null = null;
      if (verdict.book && post) {
        const sessions = sessionsOf(proposal, post.type);
        if (verdict.book.kind === "paid") {
          prepared.push(
            await prepareAcceptedBooking(
              tx,
              {
                id: randomUUID(),
                ...sessions.first,
                start: proposal.start,
                durationMinutes: proposal.durationMinutes,
                price: verdict.book.price,
                acceptedBy: sessions.first.learnerUid === proposal.posterUid ? "learner" : "mentor",
              },
              now,
              "errors.insufficientProposal",
            ),
          );
        } else {
          swapId = randomUUID();
          const [first, second] = verdict.book.sessions;
          for (const [session, who] of [
            [first, sessions.first],
            [second, sessions.back],
          ] as const) {
            prepared.push(
              await prepareAcceptedBooking(
                tx,
                {
                  id: randomUUID(),
                  ...who,
                  start: session.start,
                  durationMinutes: session.durationMinutes,
                  price: SWAP_SESSION_PRICE,
                  acceptedBy: who.learnerUid === proposal.posterUid ? "learner" : "mentor",
                  swapId,
                },
                now,
              ),
            );
          }
        }
      }
      // The poster hears of a withdrawal by the proposer's name.
      const withdrawnBy = verdict.state === "withdrawn" ? await getUser(tx, proposal.proposerUid) : null;
      const notify = await prepareNotifications(tx, [
        proposal.posterUid,
        proposal.proposerUid,
        ...others.map((p) => p.proposerUid),
      ]);

      // Writes.
      for (const booking of prepared) booking.commit();
      const bookingIds = prepared.map((p) => p.booking.id);
      if (swapId)
        tx.create(swapLinkPath(swapId), {
          bookingIds: [bookingIds[0], bookingIds[1]],
          participants: [proposal.posterUid, proposal.proposerUid],
          postId: proposal.postId,
          proposalId: proposal.id,
          createdAt: now,
        } satisfies SwapLinkDoc);
      const status = verdict.state;
      const changed: Partial<ProposalDoc> = {
        status,
        decidedAt: now,
        ...(verdict.declineReason !== undefined && { reason: verdict.declineReason }),
        ...(status === "accepted" && !swapId && { bookingId: bookingIds[0] ?? null }),
        ...(swapId && { swapId }),
      };
      tx.update(proposalPath(proposal.id), changed);
      if (verdict.closesPost && post) {
        tx.update(boardPostPath(post.id), { status: "closed", closedAt: now, updatedAt: now });
        for (const other of others) {
          tx.update(proposalPath(other.id), { status: "closed", decidedAt: now } satisfies Partial<ProposalDoc>);
          notify.add(
            other.proposerUid,
            {
              id: `proposal_${other.id}_closed`,
              type: "board_proposal",
              kind: "proposal_other_accepted",
              params: { title: post.title },
              link: boardPostLink(post.id),
            },
            now,
          );
        }
      }
      const after: Proposal = { ...proposal, ...changed };
      const outcome = outcomeNotice(after, post, bookingIds);
      if (outcome) notify.add(proposal.proposerUid, { ...outcome, type: "board_proposal" }, now);
      if (status === "withdrawn" && post) {
        notify.add(
          proposal.posterUid,
          {
            id: `proposal_${proposal.id}_withdrawn`,
            type: "board_proposal",
            kind: "proposal_withdrawn",
            params: { name: withdrawnBy?.fullName.trim() ?? "", title: post.title },
            link: boardPostLink(post.id),
          },
          now,
        );
      }
      return { applied: true, proposal: after, bookingIds };
    });
  } catch (error) {
    if (error instanceof BookingError) throw ProposalError.ofBooking(error);
    throw error;
  }
}

function outcomeNotice(
  p: Proposal,
  post: BoardPost | null,
  bookingIds: string[],
): { id: string; kind: NoticeKind; params: NoticeParams; link: string } | null {
  // A post that is gone reads as "A post" in the reader's language.
  const title = post?.title ?? "";
  const link = boardPostLink(p.postId);
  switch (p.status) {
    case "accepted":
      return {
        id: `proposal_${p.id}_accepted`,
        kind: "proposal_accepted",
        params: { title, swap: p.kind === "swap" ? "yes" : "no" },
        link: bookingIds.length > 0 ? `/session/${bookingIds[0]}` : link,
      };
    case "declined":
      return { id: `proposal_${p.id}_declined`, kind: "proposal_declined", params: { title, reason: p.reason }, link };
    case "lapsed":
      return { id: `proposal_${p.id}_lapsed`, kind: "proposal_lapsed", params: { title }, link };
    default:
      return null;
  }
}

/** Proposals on a post: all of them for its poster, the member's own for anyone else. */
export async function proposalsOnPost(store: DocStore, post: BoardPost, uid: string): Promise<Proposal[]> {
  const docs = await store.query({
    collection: BOARD_PROPOSALS,
    where:
      post.authorUid === uid
        ? [["postId", "==", post.id]]
        : [
            ["postId", "==", post.id],
            ["proposerUid", "==", uid],
          ],
    orderBy: [["createdAt", "desc"]],
    limit: 50,
  });
  return docs.map(readProposal);
}

/** Timed work: pending proposals whose time came without an answer lapse, each in its own transaction. */
export async function lapseDueProposals(store: DocStore, now = Date.now()): Promise<number> {
  const due = await store.query({
    collection: BOARD_PROPOSALS,
    where: [
      ["status", "==", "pending"],
      ["start", "<=", now],
    ],
    limit: 200,
  });
  let lapsed = 0;
  for (const doc of due)
    if ((await answerProposal(store, doc.id, { actor: "system" }, { kind: "lapse" }, now)).applied) lapsed++;
  return lapsed;
}
