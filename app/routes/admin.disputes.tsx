import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminActionResult } from "~/components/admin/action-result";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { UtcTime } from "~/components/admin/utc-time";
import { listDisputes, resolveDispute } from "~/features/admin/disputes.server";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatSp } from "~/utils/format";
import { BookingError } from "~/features/bookings/bookings.server";
import { adminContext } from "~/features/admin/guard.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { IsolatedName } from "~/components/members/isolated-name";
import type { ShownName } from "~/features/members/member";

export async function loader({ request }: LoaderFunctionArgs) {
  const { store, language } = await adminContext(request);
  return { disputes: await listDisputes(store, language) };
}

/** The form's rules, their messages in the admin's language (decision 064). */
function resolveSchema(t: TFunction) {
  return z.object({
    bookingId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, t("disputes.errors.unknown")),
    to: z.enum(["mentor", "learner", "split"], { errorMap: () => ({ message: t("disputes.errors.choose") }) }),
    note: z.string().trim().min(3, t("disputes.errors.noteShort")).max(1_000, t("disputes.errors.noteLong")),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, store, language, t } = await adminContext(request);
  const parsed = await parseForm(request, resolveSchema(t), { language });
  if (!parsed.ok) return parsed.failure;
  const { bookingId, to, note } = parsed.value;
  try {
    const { applied } = await resolveDispute(store, admin.uid, bookingId, to, note);
    return {
      ok: true as const,
      message: applied ? t("disputes.resolved", { to }) : t("disputes.alreadyResolved"),
    };
  } catch (error) {
    if (error instanceof BookingError) return formFailure(parsed.form, error.message, error.status === 404 ? 404 : 409);
    throw error;
  }
}

export default function AdminDisputes() {
  const { disputes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation("admin");
  const locale = useFormatLocale();
  const name = (shown: ShownName) => <IsolatedName name={shown} />;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("disputes.title")}</h1>
      <AdminActionResult result={result} />
      {disputes.length === 0 ? <p className="text-sm text-slate-600">{t("disputes.none")}</p> : null}
      {disputes.map(({ booking: b, skill, skillOwn, mentorName, learnerName, raisedBy, raisedAt, messages }) => (
        <article key={b.id} className="card space-y-4" aria-label={t("disputes.about", { skill })}>
          <header>
            <h2 className="break-words text-lg font-semibold">
              {interleave(
                (mark) => t("disputes.heading", { skill: mark, mentor: "\u2064", learner: "\u2065" }),
                <bdi translate={skillOwn ? "no" : undefined}>{skill}</bdi>,
                { mark: "\u2064", element: name(mentorName) },
                { mark: "\u2065", element: name(learnerName) },
              )}
            </h2>
            <p className="text-sm text-slate-600">
              {interleave(
                (mark) =>
                  t("disputes.facts", {
                    start: mark,
                    price: formatSp(b.price, locale),
                    by: raisedBy ?? "system",
                    raised: raisedAt ? "yes" : "no",
                    at: "\u2064",
                  }),
                <UtcTime ms={b.start} />,
                { mark: "\u2064", element: raisedAt ? <UtcTime ms={raisedAt} /> : null },
              )}
            </p>
          </header>
          <div className="grid gap-4 md:grid-cols-2">
            <div>
              <h3 className="text-sm font-semibold">{t("disputes.reason")}</h3>
              {b.disputeReason ? (
                <p className="mt-1 whitespace-pre-wrap break-words text-sm" translate="no" dir="auto">
                  {b.disputeReason}
                </p>
              ) : (
                <p className="mt-1 text-sm">{t("disputes.noReason")}</p>
              )}
              <h3 className="mt-3 text-sm font-semibold">{t("disputes.notes")}</h3>
              {b.notes ? (
                <p className="mt-1 whitespace-pre-wrap break-words text-sm" translate="no" dir="auto">
                  {b.notes}
                </p>
              ) : (
                <p className="mt-1 text-sm">{t("disputes.noNotes")}</p>
              )}
            </div>
            <div>
              <h3 className="text-sm font-semibold">{t("disputes.messages")}</h3>
              <ul className="mt-1 max-h-60 space-y-1 overflow-y-auto text-sm">
                {messages.length === 0 ? <li className="text-slate-600">{t("disputes.noMessages")}</li> : null}
                {messages.map((m, i) => (
                  <li key={i} className="break-words">
                    <span className="font-medium">
                      {m.sender === b.mentorUid
                        ? name(mentorName)
                        : m.sender === b.learnerUid
                          ? name(learnerName)
                          : t("disputes.someone")}
                      :
                    </span>{" "}
                    {m.hidden ? (
                      <span className="italic">{t("reports.hiddenMessage")}</span>
                    ) : (
                      <span translate="no" dir="auto">
                        {m.text}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <Form method="post" className="space-y-3 border-t border-slate-100 pt-4">
            <input type="hidden" name="bookingId" value={b.id} />
            <fieldset>
              <legend className="label">{t("disputes.resolve")}</legend>
              <div className="flex flex-wrap gap-4 text-sm">
                {(["learner", "mentor", "split"] as const).map((to) => (
                  <label key={to} className="flex items-center gap-2">
                    <input type="radio" name="to" value={to} required /> {t("disputes.to", { to })}
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <label htmlFor={`note-${b.id}`} className="label">
                {t("disputes.note")}
              </label>
              <textarea
                id={`note-${b.id}`}
                name="note"
                required
                minLength={3}
                maxLength={1000}
                rows={2}
                className="input"
              />
            </div>
            <button type="submit" className="btn-primary" disabled={busy}>
              {t("disputes.resolveButton")}
            </button>
          </Form>
        </article>
      ))}
    </div>
  );
}
