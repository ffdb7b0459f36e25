/** Route helper of api.board.proposals and api.board.proposals.$proposalId: how they answer. */
import { ProposalError } from "~/features/board/errors.server";

/** What the proposal routes answer, read by the proposal forms on /board/$postId. */
export type ProposalActionResult =
  | { ok: true; message: string; proposalId?: string; bookingIds?: string[] }
  | { ok: false; error: string; shortBy?: number };

/** A refused proposal as JSON, its message in `language` (the member's). */
export function proposalErrorResponse(error: unknown, language: string): Response {
  if (error instanceof ProposalError)
    return Response.json(
      {
        ok: false,
        error: error.textIn(language),
        ...(error.shortBy > 0 && { shortBy: error.shortBy }),
      } satisfies ProposalActionResult,
      { status: error.status },
    );
  throw error;
}
