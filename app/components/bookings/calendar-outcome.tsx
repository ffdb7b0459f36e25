import type { CalendarActionResult } from "~/features/bookings/types";
import { FormNotice } from "~/components/form";

/** What the calendar's last post of this form (`intent`) came to: its notice, or its error. */
export function Outcome({ result, intent }: { result: CalendarActionResult | undefined; intent: string }) {
  if (!result || result.intent !== intent) return null;
  return result.ok ? (
    <FormNotice>{result.message}</FormNotice>
  ) : (
    <p role="alert" className="field-error">
      {result.error}
    </p>
  );
}
