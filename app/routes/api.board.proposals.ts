import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getStore } from "~/engine/index.server";
import { fixedT } from "~/i18n/i18n.server";
import { MAX_PROPOSAL_MESSAGE, MAX_PROPOSAL_SP } from "~/features/board/proposal-state";
import { createProposal } from "~/features/board/proposals.server";
import { userText } from "~/utils/bidi";
import { postOnly } from "~/utils/forms.server";
import { readAction } from "./api.bookings.server";
import { proposalErrorResponse, type ProposalActionResult } from "./api.board.proposals.server";

// Messages are keys of the board's catalogue (validation.*), said in the member's language (decision 078).
const proposalSchema = z.object({
  postId: z.string().min(1).max(128),
  start: z.coerce.number({ invalid_type_error: "board:validation.chooseTime" }).int("board:validation.chooseTime"),
  durationMinutes: z.coerce
    .number({ invalid_type_error: "board:validation.duration" })
    .int("board:validation.duration"),
  kind: z.enum(["sp", "swap"], { errorMap: () => ({ message: "board:validation.proposalKind" }) }),
  sp: z.coerce
    .number({ invalid_type_error: "board:validation.wholeSp" })
    .int("board:validation.wholeSp")
    .min(0, "board:validation.wholeSp")
    .max(MAX_PROPOSAL_SP, "board:validation.spAtMost")
    .default(0),
  swapSkillTag: z.string().max(64).optional(),
  message: userText().pipe(z.string().max(MAX_PROPOSAL_MESSAGE, "board:validation.messageTooLong")).default(""),
});

export const loader = postOnly;

/** POST /api/board/proposals: a member proposes a time and SP (or a swap) on a board post. */
export async function action({ request }: ActionFunctionArgs) {
  const input = await readAction(request, proposalSchema);
  if (input instanceof Response) return input;
  try {
    const proposal = await createProposal(await getStore(), input.uid, input.value);
    return Response.json({
      ok: true,
      proposalId: proposal.id,
      message: fixedT(input.language, "board")("proposals.done.sent"),
    } satisfies ProposalActionResult);
  } catch (error) {
    return proposalErrorResponse(error, input.language);
  }
}
