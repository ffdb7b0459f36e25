import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getStore } from "~/engine/index.server";
import { MAX_DECLINE_REASON } from "~/features/board/proposal-state";
import { answerProposal } from "~/features/board/proposals.server";
import { userText } from "~/utils/bidi";
import { postOnly } from "~/utils/forms.server";
import { readAction } from "./api.bookings.server";
import { proposalErrorResponse, type ProposalActionResult } from "./api.board.proposals.server";

const answerSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept") }),
  z.object({ intent: z.literal("withdraw") }),
  z.object({
    intent: z.literal("decline"),
    reason: userText().pipe(
      z
        .string()
        .trim()
        .min(1, "Say why you decline, so they know what would work.")
        .max(MAX_DECLINE_REASON, `Keep the reason under ${MAX_DECLINE_REASON} characters.`),
    ),
  }),
]);

export const loader = postOnly;

/**
 * POST /api/board/proposals/:proposalId: the poster accepts (books) or declines with a reason; the
 * proposer withdraws it while it waits.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const input = await readAction(request, answerSchema);
  if (input instanceof Response) return input;
  const { value } = input;
  try {
    const result = await answerProposal(
      await getStore(),
      params.proposalId ?? "",
      { uid: input.uid },
      value.intent === "decline" ? { kind: "decline", reason: value.reason } : { kind: value.intent },
    );
    const message =
      value.intent === "decline"
        ? "Proposal declined. They will see your reason."
        : value.intent === "withdraw"
          ? "Proposal withdrawn. You can propose another time."
          : result.proposal.kind === "swap"
            ? "Swap accepted: both sessions are on your calendar."
            : "Proposal accepted: the session is on your calendar and its SP are held in escrow.";
    return Response.json({ ok: true, message, bookingIds: result.bookingIds } satisfies ProposalActionResult);
  } catch (error) {
    return proposalErrorResponse(error);
  }
}
