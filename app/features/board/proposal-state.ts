/**
 * The proposal state machine, pure, like the booking one (features/bookings/state.ts): which
 * transitions exist, who may make them, and what an acceptance books. proposals.server.ts applies
 * the verdict in one store transaction. Decision: docs/decisions/041-board-proposals-and-swaps.md.
 *
 *   pending → accepted | declined (with a reason) | lapsed | withdrawn | closed
 *
 * "closed": the post stopped taking answers while the proposal waited (its poster accepted another
 * proposal, closed, deleted or let the post expire). "lapsed": nobody answered before the proposed
 * start. "withdrawn": its proposer took it back before an answer. Every state but pending is final.
 */
import { isEvenSwap, type SwapSession } from "./swap";

export const PROPOSAL_STATES = ["pending", "accepted", "declined", "lapsed", "withdrawn", "closed"] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

export const MAX_DECLINE_REASON = 500;
export const MAX_PROPOSAL_MESSAGE = 1_000;
/** The most SP a proposal may ask, per session; the wallet would refuse far more anyway. */
export const MAX_PROPOSAL_SP = 10_000;

/** Who acts on a proposal: the post's author, the member who proposed, or the scheduler. */
export type ProposalActor = "poster" | "proposer" | "system";

export type ProposalCommand =
  | { kind: "accept" }
  | { kind: "decline"; reason: string }
  | { kind: "withdraw" }
  | { kind: "lapse" }
  | { kind: "close" };

export interface ProposalFacts {
  state: ProposalState;
  /** The proposed session's start; a proposal nobody answered by then lapses. */
  start: number;
  durationMinutes: number;
  /** SP the poster pays for the session; 0 for a swap. */
  price: number;
  swap: boolean;
}

/** What the post a proposal answers looks like to the rules. */
export interface PostFacts {
  /** Whether the post still takes answers (open, not hidden, not deleted). */
  open: boolean;
  expiresAt: number;
}

/** What an accepted proposal books, decided here so that the service only writes it. */
export type Booking = { kind: "paid"; price: number } | { kind: "swap"; sessions: [SwapSession, SwapSession] };

/**
 * Why the rules refuse, as a key of the board's catalogue (`proposalErrors.<key>`, decision 078): the
 * service throws it as a ProposalError, written in the reader's language where it is answered.
 */
export type ProposalRefusal =
  | "postClosed"
  | "postExpired"
  | "alreadyAccepted"
  | "alreadyDeclined"
  | "lapsed"
  | "withdrawn"
  | "closed"
  | "onlyPosterAccepts"
  | "onlyPosterDeclines"
  | "onlyProposerWithdraws"
  | "onlySchedulerLapses"
  | "onlyBoardCloses"
  | "timePassed"
  | "unevenSwap"
  | "reasonMissing"
  | "reasonTooLong";

export type ProposalVerdict =
  | { kind: "apply"; state: ProposalState; declineReason?: string; book?: Booking; closesPost: boolean }
  /** Already done (a duplicate or a retry): nothing to write. */
  | { kind: "noop" }
  | { kind: "refuse"; status: 403 | 409; refusal: ProposalRefusal; max?: number };

const FINAL: Record<Exclude<ProposalState, "pending">, ProposalRefusal> = {
  accepted: "alreadyAccepted",
  declined: "alreadyDeclined",
  lapsed: "lapsed",
  withdrawn: "withdrawn",
  closed: "closed",
};

export function postRefusal(post: PostFacts, now: number): "postClosed" | "postExpired" | null {
  if (!post.open) return "postClosed";
  if (now >= post.expiresAt) return "postExpired";
  return null;
}

function refuse(refusal: ProposalRefusal, status: 403 | 409 = 409, max?: number): ProposalVerdict {
  return { kind: "refuse", status, refusal, ...(max !== undefined && { max }) };
}

/** The sessions a proposal books: one paid session, or a swap's two, the return one right after. */
export function bookingOf(p: ProposalFacts): Booking {
  if (!p.swap) return { kind: "paid", price: p.price };
  const minutes = p.durationMinutes;
  const first: SwapSession = { start: p.start, durationMinutes: minutes };
  const second: SwapSession = { start: p.start + minutes * 60_000, durationMinutes: minutes };
  return { kind: "swap", sessions: [first, second] };
}

/** What `command` by `actor` does to the proposal at `now`, given the post it answers. */
export function decideProposal(
  p: ProposalFacts,
  post: PostFacts,
  command: ProposalCommand,
  actor: ProposalActor,
  now: number,
): ProposalVerdict {
  switch (command.kind) {
    case "accept": {
      if (actor !== "poster") return refuse("onlyPosterAccepts", 403);
      // Accepting twice books once: the second finds it accepted and does nothing.
      if (p.state === "accepted") return { kind: "noop" };
      if (p.state !== "pending") return refuse(FINAL[p.state]);
      const closed = postRefusal(post, now);
      if (closed) return refuse(closed);
      if (now >= p.start) return refuse("timePassed");
      const book = bookingOf(p);
      if (book.kind === "swap" && !isEvenSwap(book.sessions)) return refuse("unevenSwap");
      return { kind: "apply", state: "accepted", book, closesPost: true };
    }

    case "decline": {
      if (actor !== "poster") return refuse("onlyPosterDeclines", 403);
      if (p.state === "declined") return { kind: "noop" };
      if (p.state !== "pending") return refuse(FINAL[p.state]);
      const reason = command.reason.trim();
      if (!reason) return refuse("reasonMissing");
      if (reason.length > MAX_DECLINE_REASON) return refuse("reasonTooLong", 409, MAX_DECLINE_REASON);
      return { kind: "apply", state: "declined", declineReason: reason, closesPost: false };
    }

    case "withdraw":
      // The proposer takes it back while it waits, e.g. to propose another time.
      if (actor !== "proposer") return refuse("onlyProposerWithdraws", 403);
      if (p.state === "withdrawn") return { kind: "noop" };
      if (p.state !== "pending") return refuse(FINAL[p.state]);
      return { kind: "apply", state: "withdrawn", closesPost: false };

    case "lapse":
      if (actor !== "system") return refuse("onlySchedulerLapses", 403);
      if (p.state !== "pending" || now < p.start) return { kind: "noop" };
      return { kind: "apply", state: "lapsed", closesPost: false };

    case "close":
      // The post was answered, closed or expired; the scheduler and the service close what waited.
      if (actor !== "system") return refuse("onlyBoardCloses", 403);
      if (p.state !== "pending") return { kind: "noop" };
      return { kind: "apply", state: "closed", closesPost: false };
  }
}

/** The buttons the poster or the proposer may see at `now` (the server decides again on use). */
export function proposalActions(
  p: ProposalFacts,
  post: PostFacts,
  actor: "poster" | "proposer",
  now: number,
): ProposalCommand["kind"][] {
  const probes: ProposalCommand[] = [{ kind: "accept" }, { kind: "decline", reason: "x" }, { kind: "withdraw" }];
  return probes.filter((c) => decideProposal(p, post, c, actor, now).kind === "apply").map((c) => c.kind);
}
