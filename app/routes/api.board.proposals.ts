import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getStore } from "~/engine/index.server";
import { MAX_PROPOSAL_MESSAGE, MAX_PROPOSAL_SP } from "~/features/board/proposal-state";
import { createProposal } from "~/features/board/proposals.server";
import { userText } from "~/utils/bidi";
import { postOnly } from "~/utils/forms.server";
import { readAction } from "./api.bookings.server";
import { proposalErrorResponse, type ProposalActionResult } from "./api.board.proposals.server";

const proposalSchema = z.object({
  postId: z.string().min(1).max(128),
  start: z.coerce.number({ invalid_type_error: "Choose a time." }).int("Choose a time."),
  durationMinutes: z.coerce.number({ invalid_type_error: "Choose 30, 60 or 90 minutes." }).int(),
  kind: z.enum(["sp", "swap"], { errorMap: () => ({ message: "Ask for SP or propose a swap." }) }),
  sp: z.coerce
    .number({ invalid_type_error: "Ask for a whole number of SP." })
    .int("Ask for a whole number of SP.")
    .min(0, "Ask for a whole number of SP.")
    .max(MAX_PROPOSAL_SP, `Ask for at most ${MAX_PROPOSAL_SP.toLocaleString("en")} SP.`)
    .default(0),
  swapSkillTag: z.string().max(64).optional(),
  message: userText()
    .pipe(z.string().max(MAX_PROPOSAL_MESSAGE, `Keep the message under ${MAX_PROPOSAL_MESSAGE} characters.`))
    .default(""),
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
      message: "Proposal sent. You will hear when they answer.",
    } satisfies ProposalActionResult);
  } catch (error) {
    return proposalErrorResponse(error);
  }
}
