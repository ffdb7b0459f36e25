import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getStore } from "~/engine/index.server";
import { getCurrentUser } from "~/features/auth/auth.server";
import { updateProfile } from "~/features/profile/profile.server";
import { LANGUAGES } from "~/i18n/config";
import { fixedT, languageCookie, languageOf, offeredLanguages } from "~/i18n/i18n.server";
import { parseForm, postOnly } from "~/utils/forms.server";
import { createToastCookie } from "~/utils/toast.server";

export const loader = postOnly;

/** Where to go back to: a path of this site only (the switcher's own page, /settings). */
function backTo(value: string | undefined): string {
  return value && /^\/(?![/\\])/.test(value) && !/[\\\s]/.test(value) ? value : "/";
}

/**
 * POST /api/language `language=es&redirectTo=/auth` (decision 049): the language switcher before
 * sign-in and the settings section after. Remembered in the `lang` cookie; a signed-in member's
 * choice is also stored on the profile, so every device they sign in on speaks it. A language that
 * is not offered is refused with a 400 and the list of those that are.
 */
export async function action({ request }: ActionFunctionArgs) {
  const t = fixedT(await languageOf(request, (await getCurrentUser(request))?.profile.language));
  const schema = z.object({
    language: z.string().refine((value) => offeredLanguages().includes(value), {
      message: t("language.unsupported", { languages: LANGUAGES.map((l) => l.name).join(", ") }),
    }),
    redirectTo: z.string().max(2000).optional(),
  });
  const parsed = await parseForm(request, schema);
  // A resource route answers with a Response: the failure's body with its 400.
  if (!parsed.ok) return Response.json(parsed.failure.data, parsed.failure.init ?? { status: 400 });
  const { language, redirectTo } = parsed.value;
  const user = await getCurrentUser(request);
  if (user) await updateProfile(await getStore(), user.uid, { language });
  const headers = new Headers({ "Set-Cookie": languageCookie(language) });
  if (user)
    headers.append(
      "Set-Cookie",
      await createToastCookie({ type: "success", title: fixedT(language)("language.saved") }),
    );
  return redirect(backTo(redirectTo), { headers });
}
