import type { TFunction } from "i18next";
import type { z } from "zod";
import { waitWords } from "~/utils/format";

/**
 * Validation messages in the reader's language (decision 049). A schema's own message is either a
 * catalogue key under `validation.` (translated here; `profile:validation.…` names another
 * namespace's, which the server always has) or, in schemas not yet translated, English text (shown
 * as it is). zod's built-in messages go through `zodErrorMap`.
 */
const VALIDATION_KEY = /^(?:[a-z]+:)?validation\./;

export function validationText(message: string, t: TFunction, params: Record<string, unknown> = {}): string {
  return VALIDATION_KEY.test(message) ? t(message, params) : message;
}

/** One zod issue's message for a person: a key's limits (`minimum`, `maximum`) go into its text. */
export function issueText(issue: z.ZodIssue, t: TFunction): string {
  const limits: Record<string, unknown> = {};
  if ("minimum" in issue) limits.minimum = Number(issue.minimum);
  if ("maximum" in issue) limits.maximum = Number(issue.maximum);
  // A refinement's own figures (`params: { min, max }`), for a message a schema wrote as a key.
  if (issue.code === "custom" && issue.params) Object.assign(limits, issue.params);
  return validationText(issue.message, t, limits);
}

export type FieldErrors = Record<string, string>;

/**
 * Turns zod issues into the first message per field, for showing next to each input, in the
 * reader's language when `t` is given. Forms checked in the browser use it too, so they show what
 * the server's parseForm would.
 */
export function fieldErrorsOf(error: z.ZodError, t?: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    errors[key] ??= t ? issueText(issue, t) : issue.message;
  }
  return errors;
}

/**
 * zod's own messages ("Required", "String must contain at least 8 character(s)") in the reader's
 * language. `builtIn` is zod's default map (passed in so this file stays free of zod's code in the
 * browser): a parse's error map outranks the schema's, so a schema's own message ("Choose a reason
 * from the list.") reaches here as `defaultError`, differs from zod's own, and is kept.
 */
export function zodErrorMap(t: TFunction, builtIn: z.ZodErrorMap): z.ZodErrorMap {
  return (issue, context) => {
    if (context.defaultError !== builtIn(issue, context).message)
      return { message: validationText(context.defaultError, t) };
    switch (issue.code) {
      case "invalid_type":
        return { message: t(issue.received === "undefined" ? "validation.required" : "validation.invalidType") };
      case "too_small":
        return {
          message:
            issue.type === "string"
              ? t("validation.tooShort", { minimum: Number(issue.minimum) })
              : t("validation.tooSmall", { minimum: Number(issue.minimum) }),
        };
      case "too_big":
        return {
          message:
            issue.type === "string"
              ? t("validation.tooLong", { maximum: Number(issue.maximum) })
              : t("validation.tooBig", { maximum: Number(issue.maximum) }),
        };
      case "invalid_string":
        if (issue.validation === "email") return { message: t("validation.invalidEmail") };
        if (issue.validation === "url") return { message: t("validation.invalidUrl") };
        return { message: t("validation.invalid") };
      case "invalid_enum_value":
      case "invalid_literal":
      case "invalid_union":
      case "invalid_union_discriminator":
        return { message: t("validation.invalidChoice") };
      default:
        return { message: context.defaultError === "Invalid input" ? t("validation.invalid") : context.defaultError };
    }
  };
}

const TRANSLATED_AUTH_ERRORS = new Set([
  "invalid_credentials",
  "email_taken",
  "weak_password",
  "invalid_email",
  "reset_code_invalid",
  "reset_code_expired",
  "verify_code_invalid",
  "token_invalid",
  "token_stale",
]);

/**
 * An auth engine's refusal in the reader's language (`errors.<code>` of the auth catalogue); others
 * as the engine wrote them. `asked` is what the person asked for: a too_many_attempts refusal is
 * worded by it (sign-ins or reset mails) with its wait in the reader's locale, and a not_supported
 * one (Firebase mode, where the browser's SDK does the work: a form posted before its scripts ran,
 * decision 087) says sign-in happens in the browser, or that anything else does.
 */
export function authErrorText(
  error: { code: string; message: string; retryAfterMs?: number },
  t: TFunction,
  asked?: { what: "signIn" | "signUp" | "reset"; locale: string },
): string {
  if (error.code === "too_many_attempts" && (asked?.what === "signIn" || asked?.what === "reset"))
    return t(`errors.tooMany.${asked.what}`, { wait: waitWords(error.retryAfterMs ?? 60_000, asked.locale) });
  if (error.code === "not_supported")
    return asked?.what === "signIn" || asked?.what === "signUp"
      ? t("errors.not_supported.signIn")
      : t("errors.not_supported.inBrowser");
  return TRANSLATED_AUTH_ERRORS.has(error.code) ? t(`errors.${error.code}`) : error.message;
}
