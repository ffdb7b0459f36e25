import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getStore } from "~/engine/index.server";
import { updateProfile } from "~/features/profile/profile.server";
import { getCurrentUser } from "~/features/auth/auth.server";
import { parseForm, postOnly } from "~/utils/forms.server";

/** The only profile flags the browser may raise; both are one-way (false → true). */
const onboardingSchema = z.object({
  flag: z.enum(["tourCompleted", "welcomeBonusShown"], {
    errorMap: () => ({ message: "flag must be tourCompleted or welcomeBonusShown." }),
  }),
});

export const loader = postOnly;

/**
 * POST /api/onboarding `flag=tourCompleted|welcomeBonusShown`: marks that onboarding step done on
 * the signed-in user's profile. A JSON endpoint, so a signed-out caller gets a 401, not a redirect.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const user = await getCurrentUser(request);
  if (!user) return Response.json({ ok: false, error: "Not authenticated." }, { status: 401 });
  const parsed = await parseForm(request, onboardingSchema);
  if (!parsed.ok) {
    // Resource routes answer with Responses under single fetch; keep parseForm's body and status.
    return Response.json(parsed.failure.data, { status: parsed.failure.init?.status ?? 400 });
  }
  await updateProfile(await getStore(), user.uid, { [parsed.value.flag]: true });
  return Response.json({ ok: true, flag: parsed.value.flag });
}
