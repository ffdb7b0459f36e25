/**
 * Writing the board: posting, editing, closing, renewing and deleting one's own posts. Each is one
 * transaction that writes the post, its list entries and its search index entry together, so a post
 * is never listed or findable without being there (or after it has gone). Decision 039.
 */
import {
  BOARD_POSTS,
  boardPostPath,
  getBoardPost,
  isBoardId,
  newestKeyOf,
  type BoardPost,
  type BoardPostDoc,
} from "~/documents/board";
import { getUser } from "~/documents/users";
import type { DocStore, Transaction } from "~/engine/store/types";
import { newId } from "~/features/community/write.server";
import { prepareDeletingAnswers } from "./answers.server";
import { boardRefusal } from "./errors.server";
import { expiresAtFor, ExpiryError, isPastExpiry, renewal } from "./expiry";
import { checkBoardPosting } from "./limits.server";
import { indexBoardPost, writeBoardEntries } from "./lists";
import { prepareClosingProposals } from "./proposals.server";
import { MAX_ACTIVE_POSTS, type PostInput } from "./rules";

/** A member's posts, newest first (their /board/mine, and the limit on active ones). */
export function postsOfQuery(uid: string) {
  return {
    collection: BOARD_POSTS,
    where: [["authorUid", "==", uid]] as const,
    orderBy: [["newestKey", "desc"]] as const,
  };
}

/** The member's active posts (past-expiry ones do not count: they leave at the next run of the timed work). */
async function activeCount(tx: Transaction, uid: string, now: number, except?: string): Promise<number> {
  const docs = await tx.query({
    collection: BOARD_POSTS,
    where: [
      ["authorUid", "==", uid],
      ["status", "==", "active"],
    ],
  });
  return docs.filter((d) => d.id !== except && (d.data.expiresAt as number) > now).length;
}

/** What the author writes of a post, from the form: when it goes up and on every edit. */
function editableFields(input: PostInput) {
  return {
    type: input.type,
    skillTag: input.skillTag,
    skillLabel: input.skillLabel,
    title: input.title,
    description: input.description,
    format: input.format,
    area: input.area,
    price: input.price,
  } satisfies Partial<BoardPostDoc>;
}

function toDoc(uid: string, input: PostInput, postId: string, now: number): BoardPostDoc {
  return {
    ...editableFields(input),
    authorUid: uid,
    status: "active",
    createdAt: now,
    updatedAt: now,
    expiresAt: expiresAtFor(now, input.days),
    warnedFor: null,
    closedAt: null,
    openReports: 0,
    newestKey: newestKeyOf(now, postId),
  };
}

/** Puts up a new post; 409 at the active-post limit, 429 past the rate limits. */
export async function createBoardPost(
  store: DocStore,
  uid: string,
  input: PostInput,
  now = Date.now(),
): Promise<{ postId: string }> {
  const postId = newId();
  const check = await store.transaction(async (tx) => {
    const [author, active] = await Promise.all([getUser(tx, uid), activeCount(tx, uid, now)]);
    if (!author || author.deleted) throw boardRefusal(403, "noProfile");
    if (active >= MAX_ACTIVE_POSTS) throw boardRefusal(409, "tooManyActive", { max: MAX_ACTIVE_POSTS });
    const check = checkBoardPosting(uid, `${input.title}\n${input.description}`, author.createdAt || null, now, true);
    const doc = toDoc(uid, input, postId, now);
    tx.create(boardPostPath(postId), doc);
    writeBoardEntries(tx, postId, null, doc);
    indexBoardPost(tx, postId, doc);
    return check;
  });
  check.record();
  return { postId };
}

/** The poster's own post, read in `tx`; 404 for anyone else (nobody learns what others' drafts are), and for a bad id. */
async function ownPost(tx: Transaction, uid: string, postId: string): Promise<BoardPost> {
  if (!isBoardId(postId)) throw boardRefusal(404, "postNotFound");
  const post = await getBoardPost(tx, postId);
  if (!post) throw boardRefusal(404, "postNotFound");
  if (post.authorUid !== uid) throw boardRefusal(403, "notYourPost");
  return post;
}

/** Edits the post's text, skill, format and price; its place on the board and its expiry stay (renew moves them). */
export async function editBoardPost(
  store: DocStore,
  uid: string,
  postId: string,
  input: PostInput,
  now = Date.now(),
): Promise<void> {
  const check = await store.transaction(async (tx) => {
    const [post, author] = await Promise.all([ownPost(tx, uid, postId), getUser(tx, uid)]);
    if (post.status === "hidden") throw boardRefusal(409, "hiddenEdit");
    const check = checkBoardPosting(uid, `${input.title}\n${input.description}`, author?.createdAt || null, now, false);
    const changed = { ...editableFields(input), updatedAt: now } satisfies Partial<BoardPostDoc>;
    const after: BoardPostDoc = { ...post, ...changed };
    tx.update(boardPostPath(postId), changed);
    writeBoardEntries(tx, postId, post, after);
    indexBoardPost(tx, postId, after);
    return check;
  });
  check.record();
}

/**
 * Takes the post off the board for good (it stays on My posts as closed), closing the proposals
 * that waited on it. A closed post closes again as a no-op.
 */
export async function closeBoardPost(store: DocStore, uid: string, postId: string, now = Date.now()): Promise<void> {
  await store.transaction(async (tx) => {
    const post = await ownPost(tx, uid, postId);
    if (post.status === "closed") return;
    if (post.status === "hidden") throw boardRefusal(409, "hidden");
    const proposals = await prepareClosingProposals(tx, post, "closed", now);
    const after: BoardPostDoc = { ...post, status: "closed", closedAt: now, updatedAt: now };
    proposals.commit();
    tx.update(boardPostPath(postId), { status: "closed", closedAt: now, updatedAt: now });
    writeBoardEntries(tx, postId, post, after);
    indexBoardPost(tx, postId, after);
  });
}

/** Puts an active or expired post back on the board for `days` more days from now (one click: 30). */
export async function renewBoardPost(
  store: DocStore,
  uid: string,
  postId: string,
  days?: number,
  now = Date.now(),
): Promise<void> {
  await store.transaction(async (tx) => {
    const post = await ownPost(tx, uid, postId);
    let fields;
    try {
      fields = renewal(post, now, days);
    } catch (error) {
      if (error instanceof ExpiryError) throw boardRefusal(409, error.key, error.values);
      throw error;
    }
    // An expired post coming back counts against the limit; an active one already does.
    if (
      (post.status !== "active" || isPastExpiry(post, now)) &&
      (await activeCount(tx, uid, now, postId)) >= MAX_ACTIVE_POSTS
    )
      throw boardRefusal(409, "tooManyActive", { max: MAX_ACTIVE_POSTS });
    const after: BoardPostDoc = { ...post, ...fields };
    tx.update(boardPostPath(postId), fields);
    writeBoardEntries(tx, postId, post, after);
    indexBoardPost(tx, postId, after);
  });
}

/**
 * Deletes the post with its entries and index entry, closing the proposals that waited on it. A
 * hidden post stays for the reviewers (409).
 */
export async function deleteBoardPost(store: DocStore, uid: string, postId: string, now = Date.now()): Promise<void> {
  await store.transaction(async (tx) => {
    const post = await ownPost(tx, uid, postId);
    if (post.status === "hidden") throw boardRefusal(409, "hiddenDelete");
    const proposals = await prepareClosingProposals(tx, post, "deleted", now);
    // Who answered it by message or booking goes with it; the conversations and sessions stay.
    const answers = await prepareDeletingAnswers(tx, postId);
    proposals.commit();
    answers();
    tx.delete(boardPostPath(postId));
    writeBoardEntries(tx, postId, post, null);
    indexBoardPost(tx, postId, null);
  });
}
