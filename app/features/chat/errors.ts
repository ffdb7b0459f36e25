import type { TFunction } from "i18next";

/** What went wrong, as a key of the "chat" namespace's `errors`; the English message stays on the error for logs and tests. */
export type ChatErrorKey =
  "self" | "noMember" | "notFound" | "empty" | "tooLong" | "tooFast" | "left" | "postGone" | "badCursor";

/** How long to wait, in the reader's words: "5 seconds", "15 minutes", "5 segundos" (waitText's rounding). */
export function waitIn(ms: number, locale: string): string {
  const [count, unit] =
    ms < 60_000 ? [Math.max(1, Math.ceil(ms / 1_000)), "second"] : [Math.ceil(ms / 60_000), "minute"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(count);
}

/** A chat error's message in the reader's language (`t` of the "chat" namespace). */
export function chatErrorText(
  t: TFunction,
  locale: string,
  error: { key: ChatErrorKey; params: { waitMs?: number; length?: number; max?: number } },
): string {
  const { waitMs = 0, length = 0, max = 0 } = error.params;
  const number = new Intl.NumberFormat(locale);
  return t(`errors.${error.key}`, {
    wait: waitIn(waitMs, locale),
    length: number.format(length),
    max: number.format(max),
  });
}
