/**
 * The answers to a post that are not proposals (issue 29, "Manage"; decision 070): a member who
 * replied by "Message" (a chat message quoting the post) or booked the offer at its price. Each is
 * written in the transaction of the message or the booking, one document per post, answerer and
 * way (`board_answers/{postId}_{kind}_{uid}`), and read by the poster on /board/mine. Server only,
 * on both engines; gone with the answerer's account or the post. Read: proposal-views.server.ts.
 */
import {
  BOARD_ANSWERS,
  boardAnswerPath,
  readBoardAnswer,
  type AnswerKind,
  type BoardAnswerDoc,
} from "~/documents/board";
import type { Query, Transaction } from "~/engine/store/types";

export interface AnswerInput {
  postId: string;
  posterUid: string;
  answererUid: string;
  kind: AnswerKind;
  /** The conversation (a message) or the session booked (a booking). */
  chatId?: string;
  bookingId?: string;
}

/**
 * Reads the answer's record (a transaction reads before it writes) and gives back what writes it:
 * the first time kept, the last time and the count moved on, the latest chat or booking named.
 */
export async function prepareAnswer(tx: Transaction, input: AnswerInput, now: number): Promise<() => void> {
  const path = boardAnswerPath(input.postId, input.kind, input.answererUid);
  const found = await tx.get(path);
  const before = found ? readBoardAnswer(found) : null;
  return () =>
    tx.set(path, {
      postId: input.postId,
      posterUid: input.posterUid,
      answererUid: input.answererUid,
      participants: [input.posterUid, input.answererUid],
      kind: input.kind,
      chatId: input.chatId ?? before?.chatId ?? null,
      bookingId: input.bookingId ?? before?.bookingId ?? null,
      times: (before?.times ?? 0) + 1,
      firstAt: before?.firstAt ?? now,
      lastAt: now,
    } satisfies BoardAnswerDoc);
}

/** A post's answers, the latest first (the postId + lastAt index). */
export const answersOnPostQuery = (postId: string): Query => ({
  collection: BOARD_ANSWERS,
  where: [["postId", "==", postId]],
  orderBy: [["lastAt", "desc"]],
  limit: ANSWERS_SHOWN,
});
export const ANSWERS_SHOWN = 50;

/** Deletes a post's answers with the post (in its transaction; a post has at most a few hundred). */
export async function prepareDeletingAnswers(tx: Transaction, postId: string): Promise<() => void> {
  const docs = await tx.query({ collection: BOARD_ANSWERS, where: [["postId", "==", postId]] });
  return () => {
    for (const doc of docs) tx.delete(doc.path);
  };
}
