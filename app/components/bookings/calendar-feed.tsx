import { Form } from "@remix-run/react";
import type { CalendarActionResult } from "~/features/bookings/types";
import { useTranslation } from "react-i18next";

/** The private iCal feed: shown once when created, revocable at any time. */
export function CalendarFeed({
  feed,
  result,
}: {
  feed: { active: boolean; createdAt: number | null };
  result: CalendarActionResult | undefined;
}) {
  const { t } = useTranslation("bookings");
  const fresh = result?.ok && result.intent === "feed-create" ? result.feedUrl : undefined;
  return (
    <section className="card" aria-labelledby="feed-title">
      <h2 id="feed-title" className="text-lg font-semibold">
        {t("feed.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("feed.about")}</p>
      {fresh ? (
        <div className="mt-3">
          <label htmlFor="feed-url" className="label">
            {t("feed.link")}
          </label>
          <input
            id="feed-url"
            readOnly
            value={fresh}
            className="input font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      ) : feed.active ? (
        <p className="mt-3 text-sm text-slate-700">{t("feed.active")}</p>
      ) : null}
      {result && !result.ok && result.intent.startsWith("feed") ? (
        <p role="alert" className="field-error">
          {result.error}
        </p>
      ) : null}
      {result?.ok && result.intent === "feed-revoke" ? (
        <p className="mt-3 text-sm text-slate-700">{result.message}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="feed-create" />
          <button type="submit" className="btn-secondary">
            {feed.active || fresh ? t("feed.createNew") : t("feed.create")}
          </button>
        </Form>
        {feed.active || fresh ? (
          <Form method="post">
            <input type="hidden" name="intent" value="feed-revoke" />
            <button type="submit" className="btn-danger">
              {t("feed.revoke")}
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
