/** Route helper of _app.calendar: the page's own forms: availability, rates and the private feed. */
import { data } from "@remix-run/node";
import { z } from "zod";
import type { DocStore } from "~/engine/store/types";
import { readForm } from "~/utils/forms.server";
import { publicOrigin } from "~/utils/origin.server";
import { availabilityProblemText, parseExceptions, weeklyFromDays } from "~/features/bookings/availability-text";
import { BookingError } from "~/features/bookings/bookings.server";
import { createFeedToken, revokeFeed } from "~/features/bookings/ical.server";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import type { CalendarActionResult } from "~/features/bookings/types";
import { fixedT } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";

const intentSchema = z.enum(["availability", "rates", "feed-create", "feed-revoke"]);

/** The calendar page's forms; their answers are in `language`, the member's. */
export async function handleCalendarAction(request: Request, store: DocStore, uid: string, language: string) {
  const form = await readForm(request);
  const t = fixedT(language, "bookings");
  const intent = intentSchema.safeParse(form.get("intent"));
  if (!intent.success)
    return data({ intent: "unknown", ok: false, error: t("errors.unknownAction") } satisfies CalendarActionResult, {
      status: 400,
    });
  const fail = (error: string, status = 400) =>
    data({ intent: intent.data, ok: false, error } satisfies CalendarActionResult, { status });
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  try {
    switch (intent.data) {
      case "availability": {
        const weekly = weeklyFromDays([0, 1, 2, 3, 4, 5, 6].map((d) => text(`day${d}`)));
        if (weekly.error) return fail(availabilityProblemText(weekly.error, t, intlLocale(language)));
        const exceptions = parseExceptions(text("exceptions"));
        if (exceptions.error) return fail(availabilityProblemText(exceptions.error, t, intlLocale(language)));
        await saveAvailability(store, uid, {
          timezone: text("timezone"),
          weekly: weekly.weekly,
          exceptions: exceptions.exceptions,
        });
        return { intent: intent.data, ok: true, message: t("done.availability") } satisfies CalendarActionResult;
      }
      case "rates": {
        const rates: Record<string, number> = {};
        for (const [key, value] of form) {
          if (!key.startsWith("rate:") || typeof value !== "string" || value.trim() === "") continue;
          const rate = Number(value);
          if (!Number.isSafeInteger(rate) || rate < 0) return fail(t("errors.ratesWhole"));
          rates[key.slice(5)] = rate;
        }
        await saveRates(store, uid, rates);
        return { intent: intent.data, ok: true, message: t("done.rates") } satisfies CalendarActionResult;
      }
      case "feed-create": {
        const token = await createFeedToken(store, uid);
        const origin = publicOrigin(request);
        return {
          intent: intent.data,
          ok: true,
          message: t("done.feedReady"),
          feedUrl: `${origin}/ical/${token}.ics`,
        } satisfies CalendarActionResult;
      }
      case "feed-revoke":
        await revokeFeed(store, uid);
        return {
          intent: intent.data,
          ok: true,
          message: t("done.feedRevoked"),
        } satisfies CalendarActionResult;
    }
  } catch (error) {
    if (error instanceof BookingError) return fail(error.textIn(language), error.status);
    throw error;
  }
}

/** The calendar's view from the query: a week unless a month was asked for. */
export const viewSchema = z.enum(["week", "month"]).catch("week");
