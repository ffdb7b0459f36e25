import { data } from "@remix-run/node";
import type { z } from "zod";
import { assertSameOrigin } from "./origin.server";

export type FieldErrors = Record<string, string>;

export interface FormFailure {
  ok: false;
  fieldErrors: FieldErrors;
  formError?: string;
  values: Record<string, string>;
}

/** Turns zod issues into the first message per field, for showing next to each input. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

function echoValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    // Never send a password back to the page.
    if (typeof value === "string" && !/password/i.test(key)) values[key] = value;
  }
  return values;
}

/**
 * Checks the origin, reads the form and validates it with one schema. Bad input comes back as
 * `failure`, a 400 for the action to return, so the page shows the messages next to its fields;
 * nothing has been changed by then.
 */
export async function parseForm<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
): Promise<{ ok: true; form: FormData; value: z.infer<S> } | { ok: false; failure: ReturnType<typeof formFailure> }> {
  assertSameOrigin(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, failure: formFailure(null, "The form could not be read. Please try again.") };
  }
  const result = schema.safeParse(Object.fromEntries(form));
  if (!result.success) {
    const fieldErrors = fieldErrorsOf(result.error);
    return {
      ok: false,
      failure: formFailure(form, fieldErrors.form ?? "Please correct the highlighted fields.", 400, fieldErrors),
    };
  }
  return { ok: true, form, value: result.data };
}

/** A failure to show on the form: `status` 400 for bad input, 401/403/409/429 as fits. */
export function formFailure(form: FormData | null, formError: string, status = 400, fieldErrors: FieldErrors = {}) {
  // A message already shown beside its field is not repeated above the form: people read it twice.
  const shownBesideField = Object.values(fieldErrors).includes(formError);
  return data(
    {
      ok: false as const,
      fieldErrors,
      formError: shownBesideField ? "" : formError,
      values: form ? echoValues(form) : {},
    } satisfies FormFailure,
    { status },
  );
}
