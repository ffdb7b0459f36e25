import { useFetcher } from "@remix-run/react";
import type { BookingActionResult } from "~/features/bookings/types";
import { useTranslation } from "react-i18next";

/** Accept / decline buttons for a pending request; the page reloads its data after each. */
export function RequestActions({ bookingId }: { bookingId: string }) {
  const fetcher = useFetcher<BookingActionResult>();
  const busy = fetcher.state !== "idle";
  const { t } = useTranslation("bookings");
  return (
    <fetcher.Form method="post" action={`/api/bookings/${bookingId}`} className="flex flex-wrap items-center gap-2">
      <button type="submit" name="intent" value="accept" className="btn-primary" disabled={busy}>
        {t("actions.accept")}
      </button>
      <button type="submit" name="intent" value="decline" className="btn-secondary" disabled={busy}>
        {t("actions.decline")}
      </button>
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {fetcher.data.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
