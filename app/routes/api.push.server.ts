/**
 * What the push API routes share (decision 054): the signed-in member, the origin check and one
 * schema per form, texts in the member's language (namespace "push"), and one way to answer. A
 * page with JavaScript posts through a fetcher and reads JSON; a plain form (no JavaScript) is a
 * navigation, answered with a redirect back to the push section and a toast, so it works without
 * scripts too.
 */
import type { TFunction } from "i18next";
import type { z } from "zod";
import { getCurrentUser, type CurrentUser } from "~/features/auth/auth.server";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { readForm } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";

export interface PushAnswer {
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
}

/** The push section of /settings, where a plain form's answer is shown. */
const SECTION = "/settings#push";

/** A browser sends `Sec-Fetch-Mode: navigate` for a form that loads a page, never for a fetch. */
const isNavigation = (request: Request) => request.headers.get("Sec-Fetch-Mode") === "navigate";

export async function answer(request: Request, status: number, body: PushAnswer): Promise<Response> {
  if (isNavigation(request)) {
    const problem = body.fieldErrors ? Object.values(body.fieldErrors)[0] : undefined;
    return redirectWithToast(SECTION, {
      type: body.ok ? "success" : "error",
      title: problem ?? body.message,
    });
  }
  return Response.json(body satisfies PushAnswer, { status });
}

export type PushRequest<S extends z.ZodTypeAny> = { user: CurrentUser; t: TFunction; value: z.infer<S> };

/**
 * The member (401 when signed out), the origin (403 from another site), then the form checked
 * with `schema`: a 400 with a message per field, in the member's language, when it does not fit.
 * Schema messages are keys of the "push" namespace.
 */
export async function readPushRequest<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
): Promise<PushRequest<S> | Response> {
  const user = await getCurrentUser(request);
  const t = fixedT(await languageOf(request, user?.profile.language), "push");
  if (!user) return answer(request, 401, { ok: false, message: t("errors.signedOut") });
  const form = await readForm(request);
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".") || "form";
      fieldErrors[key] ??= issue.message.startsWith("errors.") ? t(issue.message) : t("errors.invalid");
    }
    return answer(request, 400, { ok: false, message: t("errors.correctFields"), fieldErrors });
  }
  return { user, t, value: parsed.data };
}
