import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { DIGEST_FREQUENCIES } from "~/documents/digest";
import { getStore } from "~/engine/index.server";
import { requireUser } from "~/features/auth/auth.server";
import { setDigestFrequency } from "~/features/digest/preference.server";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { formFailure, parseForm, postOnly } from "~/utils/forms.server";

const SAVED = {
  weekly: "choice.saved.weekly",
  daily: "choice.saved.daily",
  off: "choice.saved.off",
} as const;

/**
 * POST /settings/digest: the signed-in member's digest choice (decision 047), from Settings' digest
 * section; answered in the member's language.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const t = fixedT(await languageOf(request, user.profile.language), "digest");
  const digestSchema = z.object({
    frequency: z.enum(DIGEST_FREQUENCIES, { errorMap: () => ({ message: t("choice.invalid") }) }),
  });
  const parsed = await parseForm(request, digestSchema);
  if (!parsed.ok) return parsed.failure;
  if (!(await setDigestFrequency(await getStore(), user.uid, parsed.value.frequency)))
    return formFailure(parsed.form, t("choice.accountGone"), 404);
  return { ok: true as const, message: t(SAVED[parsed.value.frequency]) };
}

export const loader = postOnly;
