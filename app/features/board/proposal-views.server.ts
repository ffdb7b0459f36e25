/**
 * What /board/$postId shows under a post for answering it (issue 29, part B; decision 041): for
 * its poster, the proposals with accept and decline; for anyone else, "Message", "Book" (an offer
 * with an SP price, through the booking panel at the offer's price) or "Propose" (a need, or a
 * swap offer: a time from the member's own free hours, a duration, SP or a swap), and the
 * member's own proposals with their outcome.
 */
import { readBoardAnswer, type AnswerKind, type BoardAnswer, type BoardPost, type Proposal } from "~/documents/board";
import { getUser } from "~/documents/users";
import type { DocStore } from "~/engine/store/types";
import { loadBookingPanel, ownFreeStarts, viewerZone, type BookingPanelData } from "~/features/bookings/views.server";
import { namesOf } from "~/features/members/members.server";
import { isOwnSkill, skillNamer, type ShownSkill, type SkillNamer } from "~/features/skills/skill-names.server";
import { answersOnPostQuery } from "./answers.server";
import { shownStatus } from "./expiry";
import { proposalActions, type ProposalState } from "./proposal-state";
import { postFacts, proposalFacts, proposalsOnPost, shownProposalState } from "./proposals.server";
import type { ShownName } from "~/features/members/member";

export interface ProposalView {
  id: string;
  state: ProposalState;
  proposerUid: string;
  proposerName: ShownName;
  start: number;
  durationMinutes: number;
  kind: "sp" | "swap";
  sp: number;
  /** The skills named for the reader (decision 094); `swapSkillOwn`: a member's own tag, as written. */
  skillLabel: string;
  swapSkillLabel: string | null;
  swapSkillOwn: boolean;
  message: string;
  reason: string;
  /** The session(s) an acceptance booked, for a link. */
  bookingId: string | null;
  /** The poster's accept and decline; the proposer's withdraw. */
  actions: ("accept" | "decline" | "withdraw")[];
}

export interface ProposeData {
  /** A swap is the only answer a swap offer takes; a need takes SP or a swap. */
  kinds: ("sp" | "swap")[];
  /** What the need says it pays (per hour or fixed), as a starting amount. */
  suggestedSp: number | null;
  /** The skill taught back in a swap: the post's own, or one of the poster's to choose; named for the reader. */
  swapSkill: ShownSkill | null;
  swapChoices: ShownSkill[];
  hasHours: boolean;
  /** Free starts per duration for one session and for a swap's two back to back. */
  starts: Record<number, number[]>;
  swapStarts: Record<number, number[]>;
}

export interface PostAnswersData {
  postId: string;
  posterUid: string;
  posterName: ShownName;
  isPoster: boolean;
  open: boolean;
  viewerTimeZone: string;
  booking: BookingPanelData | null;
  propose: ProposeData | null;
  proposals: ProposalView[];
}

function view(
  p: Proposal,
  post: BoardPost,
  names: Map<string, ShownName>,
  skills: SkillNamer,
  isPoster: boolean,
  now: number,
): ProposalView {
  const state = shownProposalState(p, post, now);
  return {
    id: p.id,
    state,
    proposerUid: p.proposerUid,
    proposerName: names.get(p.proposerUid)!,
    start: p.start,
    durationMinutes: p.durationMinutes,
    kind: p.kind,
    sp: p.sp,
    skillLabel: skills.name(p.skillTag, p.skillLabel),
    swapSkillLabel: p.swapSkillLabel === null ? null : skills.name(p.swapSkillTag ?? "", p.swapSkillLabel),
    swapSkillOwn: p.swapSkillLabel !== null && isOwnSkill(p.swapSkillTag ?? "", p.swapSkillLabel),
    message: p.message,
    reason: p.reason,
    bookingId: p.bookingId,
    // Buttons only on what still waits as the member sees it (not one the post's closing overtook).
    actions:
      state === "pending"
        ? proposalActions(proposalFacts(p), postFacts(post), isPoster ? "poster" : "proposer", now).filter(
            (a) => a === "accept" || a === "decline" || a === "withdraw",
          )
        : [],
  };
}

/**
 * Every answer to the member's own posts, by post (issue 29, "Manage": /board/mine shows each
 * post's answers and proposals, with accept and decline where one waits): the proposals, and the
 * members who answered by message or booked the offer (answers.server.ts, decision 070), the latest
 * first. Two queries per post (the postId + createdAt and postId + lastAt indexes) and one read of
 * the members' names.
 */
export async function loadMyPostsProposals(
  store: DocStore,
  posts: readonly BoardPost[],
  uid: string,
  language: string,
  now = Date.now(),
): Promise<{ proposals: Record<string, ProposalView[]>; answers: Record<string, AnswerView[]> }> {
  const mine = posts.filter((p) => p.authorUid === uid);
  const [lists, answerLists] = await Promise.all([
    Promise.all(mine.map((post) => proposalsOnPost(store, post, uid))),
    Promise.all(
      mine.map(async (post) =>
        (await store.query(answersOnPostQuery(post.id))).map(readBoardAnswer).filter((a) => a.posterUid === uid),
      ),
    ),
  ]);
  const names = await namesOf(
    store,
    [
      ...lists.flatMap((list) => list.map((p) => p.proposerUid)),
      ...answerLists.flatMap((list) => list.map((a) => a.answererUid)),
    ],
    language,
  );
  const skills = skillNamer(language);
  return {
    proposals: Object.fromEntries(
      mine.map((post, i) => [post.id, lists[i].map((p) => view(p, post, names, skills, true, now))]),
    ),
    answers: Object.fromEntries(mine.map((post, i) => [post.id, answerLists[i].flatMap((a) => answerView(a, names))])),
  };
}

export interface AnswerView {
  id: string;
  answererName: ShownName;
  kind: AnswerKind;
  /** Messages quoting the post, or sessions booked from it. */
  times: number;
  lastAt: number;
  /** The conversation with them, or the latest session they booked. */
  link: string;
}

function answerView(answer: BoardAnswer, names: Map<string, ShownName>): AnswerView[] {
  const link =
    answer.kind === "message"
      ? answer.chatId && `/inbox/${answer.chatId}`
      : answer.bookingId && `/session/${answer.bookingId}`;
  if (!link) return [];
  const answererName = names.get(answer.answererUid)!;
  return [{ id: answer.id, answererName, kind: answer.kind, times: answer.times, lastAt: answer.lastAt, link }];
}

export async function loadPostAnswers(
  store: DocStore,
  post: BoardPost,
  // `language`: the reader's, for the names of gone members and the booking panel's skills.
  viewer: { uid: string; timezone?: unknown; language: string },
  now = Date.now(),
): Promise<PostAnswersData> {
  const isPoster = post.authorUid === viewer.uid;
  const open = shownStatus(post, now) === "active";
  const proposals = await proposalsOnPost(store, post, viewer.uid);
  const names = await namesOf(store, [post.authorUid, ...proposals.map((p) => p.proposerUid)], viewer.language);
  const skills = skillNamer(viewer.language);
  const base = {
    postId: post.id,
    posterUid: post.authorUid,
    posterName: names.get(post.authorUid)!,
    isPoster,
    open,
    viewerTimeZone: viewerZone(viewer.timezone),
    proposals: proposals.map((p) => view(p, post, names, skills, isPoster, now)),
  };
  if (isPoster || !open) return { ...base, booking: null, propose: null };
  // One waiting proposal per member and post: its own card (with Withdraw) stands in for the form.
  if (base.proposals.some((p) => p.state === "pending")) return { ...base, booking: null, propose: null };

  const spOffer = post.type === "offer" && post.price.kind !== "swap";
  if (spOffer) {
    const booking = await loadBookingPanel(store, post.authorUid, viewer, now, {
      postId: post.id,
      skillTag: post.skillTag,
      skillLabel: post.skillLabel,
      price: post.price,
    });
    return { ...base, booking, propose: null };
  }

  const postSwap = post.price.kind === "swap" && post.price.swapSkillTag;
  const [single, double, poster] = await Promise.all([
    ownFreeStarts(store, viewer.uid, 1, now),
    ownFreeStarts(store, viewer.uid, 2, now),
    postSwap ? null : getUser(store, post.authorUid),
  ]);
  const propose: ProposeData = {
    kinds: post.type === "offer" ? ["swap"] : post.price.kind === "swap" ? ["swap", "sp"] : ["sp", "swap"],
    suggestedSp: post.price.kind === "swap" || Number.isNaN(post.price.sp) ? null : post.price.sp,
    swapSkill: postSwap
      ? skills.skills([
          { tag: post.price.swapSkillTag ?? "", label: post.price.swapSkillLabel || (post.price.swapSkillTag ?? "") },
        ])[0]!
      : null,
    swapChoices: skills.skills((poster?.skillsOffered ?? []).map((s) => ({ tag: s.tag, label: s.label }))),
    hasHours: single.hasHours,
    starts: single.starts,
    swapStarts: double.starts,
  };
  return { ...base, booking: null, propose };
}
