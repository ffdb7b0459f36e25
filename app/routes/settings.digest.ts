import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { DIGEST_FREQUENCIES } from "~/documents/digest";
import { getStore } from "~/engine/index.server";
import { requireUser } from "~/features/auth/auth.server";
import { setDigestFrequency } from "~/features/digest/preference.server";
import { formFailure, parseForm, postOnly } from "~/utils/forms.server";

const digestSchema = z.object({
  frequency: z.enum(DIGEST_FREQUENCIES, { errorMap: () => ({ message: "Choose weekly, daily or off." }) }),
});

const SAVED = {
  weekly: "You will get the digest every Monday when there is something new.",
  daily: "You will get the digest every day, just after midnight, when there is something new.",
  off: "You will get no digest e-mails.",
} as const;

/** POST /settings/digest: the signed-in member's digest choice (decision 047), from Settings' digest section. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = await parseForm(request, digestSchema);
  if (!parsed.ok) return parsed.failure;
  if (!(await setDigestFrequency(await getStore(), user.uid, parsed.value.frequency)))
    return formFailure(parsed.form, "Your account could not be found. Sign in again.", 404);
  return { ok: true as const, message: SAVED[parsed.value.frequency] };
}

export const loader = postOnly;
