import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminActionResult } from "~/components/admin/action-result";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { listDisputes, resolveDispute, RESOLUTION_LABELS } from "~/features/admin/disputes.server";
import { BookingError } from "~/features/bookings/bookings.server";
import { adminContext } from "~/features/admin/guard.server";
import { formFailure, parseForm } from "~/utils/forms.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await adminContext(request);
  return { disputes: await listDisputes(store) };
}

const ResolveSchema = z.object({
  bookingId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "This session is not known."),
  to: z.enum(["mentor", "learner", "split"], { errorMap: () => ({ message: "Choose who the held SP go to." }) }),
  note: z
    .string()
    .trim()
    .min(3, "Write a note of at least 3 characters to both members.")
    .max(1_000, "Keep the note under 1,000 characters."),
});

export async function action({ request }: ActionFunctionArgs) {
  const { admin, store } = await adminContext(request);
  const parsed = await parseForm(request, ResolveSchema);
  if (!parsed.ok) return parsed.failure;
  const { bookingId, to, note } = parsed.value;
  try {
    const { applied } = await resolveDispute(store, admin.uid, bookingId, to, note);
    return {
      ok: true as const,
      message: applied
        ? `Resolved ${RESOLUTION_LABELS[to]}.`
        : "This dispute was already resolved that way; nothing changed.",
    };
  } catch (error) {
    if (error instanceof BookingError) return formFailure(parsed.form, error.message, error.status === 404 ? 404 : 409);
    throw error;
  }
}

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

export default function AdminDisputes() {
  const { disputes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Disputes</h1>
      <AdminActionResult result={result} />
      {disputes.length === 0 ? (
        <p className="text-sm text-slate-600">No open disputes. Oldest first when there are.</p>
      ) : null}
      {disputes.map(({ booking: b, mentorName, learnerName, raisedBy, raisedAt, messages }) => (
        <article key={b.id} className="card space-y-4" aria-label={`Dispute about ${b.skillLabel}`}>
          <header>
            <h2 className="break-words text-lg font-semibold">
              {b.skillLabel}: {mentorName} (mentor) and {learnerName} (learner)
            </h2>
            <p className="text-sm text-slate-600">
              Session {utc(b.start)} · {b.price} SP held · reported by the {raisedBy ?? "system"}
              {raisedAt ? ` on ${utc(raisedAt)}` : ""}
            </p>
          </header>
          <div className="grid gap-4 md:grid-cols-2">
            <div>
              <h3 className="text-sm font-semibold">Reason given</h3>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm">{b.disputeReason || "No reason given."}</p>
              <h3 className="mt-3 text-sm font-semibold">Session notes</h3>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm">{b.notes || "No notes."}</p>
            </div>
            <div>
              <h3 className="text-sm font-semibold">Their latest messages</h3>
              <ul className="mt-1 max-h-60 space-y-1 overflow-y-auto text-sm">
                {messages.length === 0 ? <li className="text-slate-600">No messages.</li> : null}
                {messages.map((m, i) => (
                  <li key={i} className="break-words">
                    <span className="font-medium">
                      {m.sender === b.mentorUid ? mentorName : m.sender === b.learnerUid ? learnerName : "Someone"}:
                    </span>{" "}
                    {m.text}
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <Form method="post" className="space-y-3 border-t border-slate-100 pt-4">
            <input type="hidden" name="bookingId" value={b.id} />
            <fieldset>
              <legend className="label">Resolve</legend>
              <div className="flex flex-wrap gap-4 text-sm">
                {(["learner", "mentor", "split"] as const).map((to) => (
                  <label key={to} className="flex items-center gap-2">
                    <input type="radio" name="to" value={to} required />{" "}
                    {to === "split" ? "Split" : to === "mentor" ? "To the mentor" : "To the learner"}
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <label htmlFor={`note-${b.id}`} className="label">
                Note to both members
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
              Resolve dispute
            </button>
          </Form>
        </article>
      ))}
    </div>
  );
}
