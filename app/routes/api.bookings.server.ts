/** Route helper of api.bookings and api.bookings.$bookingId: how they answer: JSON with a status a person's screen can act on. */
import type { z } from "zod";
import { getCurrentUser } from "~/features/auth/auth.server";
import { parseForm, postOnly } from "~/utils/forms.server";
import { BookingError } from "~/features/bookings/bookings.server";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { MAX_DISPUTE_REASON } from "~/features/bookings/state";
import { MAX_REVIEW_COMMENT } from "~/features/reviews/types";
import type { BookingActionResult } from "~/features/bookings/types";

/** A refused booking action as JSON, its message in `language` (the member's). */
export function errorResponse(error: unknown, language: string): Response {
  if (error instanceof BookingError) {
    const headers: HeadersInit =
      error.retryAfterMs > 0 ? { "Retry-After": String(Math.ceil(error.retryAfterMs / 1_000)) } : {};
    return Response.json(
      {
        ok: false,
        error: error.textIn(language),
        code: error.code,
        shortBy: error.shortBy,
      } satisfies BookingActionResult,
      { status: error.status, headers },
    );
  }
  throw error;
}

/** The signed-in member and the parsed form, or the Response to answer with. */
export async function readAction<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
): Promise<{ uid: string; value: z.infer<S>; timezone: string; language: string } | Response> {
  if (request.method !== "POST") return postOnly();
  const user = await getCurrentUser(request);
  // Read by a person (the booking panel shows it): in the page's language, the cookie's or the browser's.
  if (!user)
    return Response.json(
      { ok: false, error: fixedT(await languageOf(request), "bookings")("errors.notAuthenticated") },
      { status: 401 },
    );
  const language = await languageOf(request, user.profile.language);
  const parsed = await parseForm(request, schema, { language });
  if (!parsed.ok) {
    const body = parsed.failure.data as { formError?: string; fieldErrors?: Record<string, string> };
    const first = Object.values(body.fieldErrors ?? {})[0] ?? body.formError ?? "errors.checkForm";
    // The booking schemas write their messages as keys of "bookings" (errors.*); limits come from the rules.
    const error = first.startsWith("errors.")
      ? fixedT(language, "bookings")(first, {
          max: first === "errors.reviewTooLong" ? MAX_REVIEW_COMMENT : MAX_DISPUTE_REASON,
        })
      : first;
    return Response.json({ ok: false, error } satisfies BookingActionResult, {
      status: parsed.failure.init?.status ?? 400,
    });
  }
  return {
    uid: user.uid,
    value: parsed.value,
    timezone: user.profile.timezone,
    language,
  };
}
