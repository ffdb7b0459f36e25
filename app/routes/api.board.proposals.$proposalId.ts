import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getStore } from "~/engine/index.server";
import { fixedT } from "~/i18n/i18n.server";
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
        .min(1, "board:validation.declineReason")
        .max(MAX_DECLINE_REASON, "board:validation.declineReasonTooLong"),
    ),
  }),
]);

export const loader = postOnly;

/** What the member is told once it is done, in their language. */
const DONE = {
  accept: "proposals.done.accepted",
  swapAccepted: "proposals.done.swapAccepted",
  decline: "proposals.done.declined",
  withdraw: "proposals.done.withdrawn",
} as const;

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
    const done = value.intent === "accept" && result.proposal.kind === "swap" ? "swapAccepted" : value.intent;
    const message = fixedT(input.language, "board")(DONE[done]);
    return Response.json({ ok: true, message, bookingIds: result.bookingIds } satisfies ProposalActionResult);
  } catch (error) {
    return proposalErrorResponse(error, input.language);
  }
}
