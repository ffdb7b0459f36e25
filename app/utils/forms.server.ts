import { data, MaxPartSizeExceededError, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { z } from "zod";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { fieldErrorsOf, zodErrorMap, type FieldErrors } from "~/i18n/validation";
import { assertSameOrigin } from "./origin.server";

export interface FormFailure {
  ok: false;
  fieldErrors: FieldErrors;
  formError?: string;
  values: Record<string, string>;
}

function echoValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    // Never send a password back to the page.
    if (typeof value === "string" && !/password/i.test(key)) values[key] = value;
  }
  return values;
}

const UNREADABLE_FORM = "This form could not be read. Reload the page and send it again.";

/** A part's bytes that end quietly where the body was cut off; `cut` records that it was. */
async function* untilCut(data: AsyncIterable<Uint8Array>, cut: { error?: unknown }): AsyncIterable<Uint8Array> {
  try {
    yield* data;
  } catch (error) {
    cut.error = error;
  }
}

const removable = (value: unknown): value is { remove(): Promise<void> } =>
  typeof value === "object" && value !== null && typeof (value as { remove?: unknown }).remove === "function";

/**
 * Reads a multipart body with `uploadHandler`, and when the body turns out to be cut off or
 * malformed, removes the files already written for it: a handler that writes to disk would
 * otherwise leave every truncated upload's part behind (Remix's file handler deletes only a part
 * over its size).
 */
async function parseMultipart(request: Request, uploadHandler: UploadHandler): Promise<FormData> {
  const written: Array<{ remove(): Promise<void> }> = [];
  try {
    return await unstable_parseMultipartFormData(request, async (part) => {
      const cut: { error?: unknown } = {};
      const value = await uploadHandler({ ...part, data: untilCut(part.data, cut) });
      if (removable(value)) written.push(value);
      if (cut.error) throw cut.error;
      return value;
    });
  } catch (error) {
    await Promise.all(written.map((file) => file.remove().catch(() => {})));
    throw error;
  }
}

/** A Content-Type whose essence is a urlencoded form (any parameters, any case). */
const URL_ENCODED = /^application\/x-www-form-urlencoded[\t ]*(?:;|$)/i;

/**
 * A urlencoded body as `request.formData()` reads it (the bytes as UTF-8, parsed as
 * URLSearchParams, each entry appended in order; an unusable body or an aborted request throws),
 * read straight from its stream. `formData()` parses the Content-Type into a MIME record and reads
 * through the fetch body's own promises: 7.6 KB of garbage a chat message against 4.0 KB here,
 * and each message's allocations are paid again in the GC (decision 204).
 */
async function urlEncodedForm(request: Request): Promise<FormData> {
  if (request.bodyUsed) throw new TypeError("Body is unusable: Body has already been read");
  request.signal.throwIfAborted();
  const chunks: Uint8Array[] = [];
  if (request.body) {
    const reader = request.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  }
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString())) form.append(name, value);
  return form;
}

/** The body as a form, or null when it is none: JSON, nothing, another content type, multipart cut short. */
async function formOrNull(request: Request, uploadHandler?: UploadHandler): Promise<FormData | null> {
  try {
    if (uploadHandler) return await parseMultipart(request, uploadHandler);
    return URL_ENCODED.test(request.headers.get("Content-Type")?.trim() ?? "")
      ? await urlEncodedForm(request)
      : await request.formData();
  } catch (error) {
    // A part over its size is the caller's to explain ("the picture is larger than …").
    if (error instanceof MaxPartSizeExceededError) throw error;
    return null;
  }
}

/**
 * The one way an action reads its form: checks the origin, then reads the body. A body that is not
 * a form is the sender's mistake, so it is answered with a 400 and a message (thrown: the page's
 * error boundary or a fetcher shows it), never a 500. `uploadHandler` reads a multipart upload.
 */
export async function readForm(request: Request, uploadHandler?: UploadHandler): Promise<FormData> {
  assertSameOrigin(request);
  const form = await formOrNull(request, uploadHandler);
  if (!form) throw Response.json({ ok: false, error: UNREADABLE_FORM }, { status: 400 });
  return form;
}

/** The loader of a route that only takes posts: a GET is answered, not left to the framework's 400. */
export function postOnly(): Response {
  return Response.json({ ok: false, error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}

/**
 * Checks the origin, reads the form and validates it with one schema. Bad input comes back as
 * `failure`, a 400 for the action to return, so the page shows the messages next to its fields;
 * nothing has been changed by then. `language`: a signed-in member's own choice (the profile's),
 * which outranks the cookie and the browser's (decision 049); without it, the request's.
 */
export async function parseForm<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  { language }: { language?: string } = {},
): Promise<{ ok: true; form: FormData; value: z.infer<S> } | { ok: false; failure: ReturnType<typeof formFailure> }> {
  assertSameOrigin(request);
  const form = await formOrNull(request);
  // Messages in the request's language (decision 049): zod's own through an error map, the schema's by key.
  const t = fixedT(await languageOf(request, language));
  if (!form) return { ok: false, failure: formFailure(null, t("validation.unreadable")) };
  const result = schema.safeParse(Object.fromEntries(form), { errorMap: zodErrorMap(t, z.defaultErrorMap) });
  if (!result.success) {
    const fieldErrors = fieldErrorsOf(result.error, t);
    return {
      ok: false,
      failure: formFailure(form, fieldErrors.form ?? t("validation.correctFields"), 400, fieldErrors),
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
