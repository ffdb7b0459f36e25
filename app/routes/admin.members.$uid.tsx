import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { getAuth } from "~/engine/index.server";
import {
  AdminActionError,
  adjustBalance,
  reinstateMember,
  setAdminRole,
  suspendMember,
} from "~/features/admin/members.server";
import { BOOKINGS, readBooking } from "~/documents/bookings";
import { STATE_LABELS } from "~/features/bookings/state";
import { getUser, isUid, userPath } from "~/documents/users";
import { publicMember } from "~/features/members/member";
import { reportsOfMember } from "~/features/reports/reports.server";
import type { Report } from "~/features/reports/types";
import { reviewsReceived } from "~/features/reviews/reviews.server";
import { getBalance, listEntries } from "~/features/wallet/ledger.server";
import { adminContext, notFound } from "~/features/admin/guard.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { pictureSources } from "~/features/members/picture";
import { Icon } from "~/components/icons";

const LEDGER_PAGE = 50;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin, store } = await adminContext(request);
  const uid = params.uid ?? "";
  const profile = isUid(uid) ? await getUser(store, uid) : null;
  if (!profile) throw notFound();
  const before = Number(new URL(request.url).searchParams.get("before")) || undefined;
  const [account, balance, ledger, asLearner, asMentor, reviews, reports] = await Promise.all([
    (await getAuth()).getUser(uid),
    getBalance(store, uid),
    listEntries(store, uid, { limit: LEDGER_PAGE, before }),
    store.query({ collection: BOOKINGS, where: [["learnerUid", "==", uid]] }),
    store.query({ collection: BOOKINGS, where: [["mentorUid", "==", uid]] }),
    reviewsReceived(store, uid),
    reportsOfMember(store, uid),
  ]);
  const bookings = [...asLearner, ...asMentor]
    .map(readBooking)
    .map((b) => ({
      id: b.id,
      role: b.learnerUid === uid ? "learner" : "mentor",
      skill: b.skillLabel,
      start: b.start,
      state: STATE_LABELS[b.state],
      price: b.price,
    }))
    .sort((a, b) => b.start - a.start);
  const reportRow = (r: Report) => ({ id: r.id, kind: r.targetKind, reason: r.reason, status: r.status });
  return {
    isSelf: admin.uid === uid,
    member: publicMember(uid, profile),
    email: account?.email ?? "",
    isAdmin: account?.admin === true,
    suspension: profile.suspension,
    createdAt: profile.createdAt,
    balance,
    ledger,
    bookings,
    reviews: reviews.map((r) => ({ rating: r.rating, comment: r.comment })),
    reportsAbout: reports.about.map(reportRow),
    reportsBy: reports.by.map(reportRow),
    // Each page view gets its own adjustment id: sending this form twice adjusts once.
    adjustmentId: crypto.randomUUID(),
  };
}

const reason = z
  .string()
  .trim()
  .min(3, "Give a reason of at least 3 characters: the member and the audit log read it.")
  .max(500, "Keep the reason under 500 characters.");
const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("suspend"), reason }),
  z.object({ intent: z.literal("reinstate"), reason }),
  z.object({
    intent: z.literal("adjust"),
    reason,
    adjustmentId: z.string(),
    amount: z.coerce
      .number({ invalid_type_error: "Enter a whole number of SP." })
      .int("Enter a whole number of SP.")
      .refine((n) => n !== 0, "Enter an amount other than 0.")
      .refine((n) => Math.abs(n) <= 1_000_000, "Adjust at most 1,000,000 SP at a time."),
  }),
  z.object({ intent: z.literal("grant_admin"), reason }),
  z.object({ intent: z.literal("revoke_admin"), reason }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin, store } = await adminContext(request);
  const uid = params.uid ?? "";
  if (!isUid(uid) || !(await store.get(userPath(uid)))) throw notFound();
  const parsed = await parseForm(request, ActionSchema);
  if (!parsed.ok) return parsed.failure;
  const value = parsed.value;
  const auth = await getAuth();
  try {
    switch (value.intent) {
      case "suspend": {
        const { applied } = await suspendMember({ store, auth }, admin.uid, uid, value.reason);
        return {
          ok: true as const,
          message: applied ? "The member is suspended and signed out everywhere." : "The member was already suspended.",
        };
      }
      case "reinstate": {
        const { applied } = await reinstateMember(store, admin.uid, uid, value.reason);
        return {
          ok: true as const,
          message: applied ? "The member is reinstated and can sign in again." : "The member was not suspended.",
        };
      }
      case "adjust": {
        const { applied, balance } = await adjustBalance(store, admin.uid, uid, {
          adjustmentId: value.adjustmentId,
          amount: value.amount,
          reason: value.reason,
        });
        return {
          ok: true as const,
          message: applied
            ? `Adjusted by ${value.amount} SP. The balance is now ${balance} SP.`
            : "This adjustment was already applied.",
        };
      }
      case "grant_admin":
      case "revoke_admin": {
        const grant = value.intent === "grant_admin";
        await setAdminRole({ store, auth }, admin.uid, uid, grant, value.reason);
        return { ok: true as const, message: grant ? "Admin role granted." : "Admin role revoked." };
      }
    }
  } catch (error) {
    if (error instanceof AdminActionError) return formFailure(parsed.form, error.message, error.status);
    throw error;
  }
}

function ReasonField({ id }: { id: string }) {
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="label">
        Reason
      </label>
      <input id={id} name="reason" required minLength={3} maxLength={500} className="input" />
    </div>
  );
}

function ReportList({
  title,
  reports,
}: {
  title: string;
  reports: { id: string; kind: string; reason: string; status: string }[];
}) {
  return (
    <div className="card">
      <h2 className="font-semibold">{title}</h2>
      {reports.length === 0 ? <p className="mt-2 text-sm text-slate-600">None.</p> : null}
      <ul className="mt-2 space-y-1 text-sm">
        {reports.map((r) => (
          <li key={r.id}>
            {r.kind}: {r.reason} ({r.status})
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function AdminMember() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const m = d.member;
  return (
    <div className="space-y-6">
      <Link
        to="/admin/members"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline"
      >
        <Icon name="back" className="h-4 w-4 shrink-0" />
        All members
      </Link>
      <div className="card flex flex-wrap items-center gap-4">
        <img {...pictureSources(m.avatar, 64)} alt="" className="h-16 w-16 rounded-full object-cover" />
        <div className="min-w-0 flex-1">
          <h1 className="break-words text-2xl font-bold tracking-tight">{m.fullName}</h1>
          <p className="break-all text-sm text-slate-600">{d.email || "No e-mail on the account"}</p>
          <p className="text-xs text-slate-500">
            Joined {new Date(d.createdAt).toISOString().slice(0, 10)} · {m.xp} xp · {m.rating.count} reviews
            {d.isAdmin ? " · Admin" : ""}
          </p>
        </div>
        <p className="text-2xl font-bold" data-testid="admin-member-balance">
          {d.balance} SP
        </p>
      </div>

      {d.suspension ? (
        <p role="status" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          Suspended on {new Date(d.suspension.at).toISOString().slice(0, 16).replace("T", " ")} UTC:{" "}
          {d.suspension.reason}
        </p>
      ) : null}

      {result ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={`rounded-lg px-4 py-3 text-sm ${result.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}
        >
          {result.ok ? result.message : result.formError}
          {!result.ok && result.fieldErrors
            ? Object.values(result.fieldErrors)
                .filter((e) => e !== result.formError)
                .map((e) => ` ${e}`)
            : null}
        </p>
      ) : null}

      <section className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0" aria-label="Actions">
        <Form method="post" className="card space-y-3">
          <h2 className="font-semibold">Adjust SP</h2>
          <p className="text-xs text-slate-500">
            A new ledger entry; positive credits, negative debits. The balance never goes below zero.
          </p>
          <input type="hidden" name="intent" value="adjust" />
          <input type="hidden" name="adjustmentId" value={d.adjustmentId} />
          <div className="flex flex-wrap gap-3">
            <div className="w-32">
              <label htmlFor="adjust-amount" className="label">
                Amount (SP)
              </label>
              <input id="adjust-amount" name="amount" type="number" step={1} required className="input" />
            </div>
            <ReasonField id="adjust-reason" />
          </div>
          <button type="submit" className="btn-secondary" disabled={busy}>
            Post adjustment
          </button>
        </Form>

        <Form method="post" className="card space-y-3">
          <h2 className="font-semibold">{d.suspension ? "Reinstate" : "Suspend"}</h2>
          <p className="text-xs text-slate-500">
            {d.suspension
              ? "The member can sign in again and shows in matches and search."
              : "Signs the member out everywhere, closes their live updates and hides them from matches, search and member pages. They are told the reason when they try to sign in."}
          </p>
          <input type="hidden" name="intent" value={d.suspension ? "reinstate" : "suspend"} />
          <ReasonField id="suspend-reason" />
          <button type="submit" className={d.suspension ? "btn-secondary" : "btn-danger"} disabled={busy || d.isSelf}>
            {d.suspension ? "Reinstate member" : "Suspend member"}
          </button>
        </Form>

        <Form method="post" className="card space-y-3">
          <h2 className="font-semibold">Admin role</h2>
          <input type="hidden" name="intent" value={d.isAdmin ? "revoke_admin" : "grant_admin"} />
          <ReasonField id="role-reason" />
          <button type="submit" className="btn-secondary" disabled={busy || (d.isAdmin && d.isSelf)}>
            {d.isAdmin ? "Revoke admin" : "Grant admin"}
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="ledger-title">
        <h2 id="ledger-title" className="font-semibold">
          Ledger
        </h2>
        {d.ledger.entries.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No entries.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-start text-sm">
              <thead className="text-xs text-slate-500">
                <tr>
                  <th className="py-1 pe-4">When (UTC)</th>
                  <th className="py-1 pe-4">Entry</th>
                  <th className="py-1 pe-4">Description</th>
                  <th className="py-1 text-end">SP</th>
                </tr>
              </thead>
              <tbody>
                {d.ledger.entries.map((e) => (
                  <tr key={e.id} className="border-t border-slate-100">
                    <td className="whitespace-nowrap py-1 pe-4">
                      {new Date(e.timestamp).toISOString().slice(0, 16).replace("T", " ")}
                    </td>
                    <td className="break-all py-1 pe-4 font-mono text-xs">{e.id}</td>
                    <td className="py-1 pe-4">{e.description}</td>
                    <td className="py-1 text-end tabular-nums">{e.amount > 0 ? `+${e.amount}` : e.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {d.ledger.nextBefore ? (
          <Link to={`?before=${d.ledger.nextBefore}`} className="btn-secondary mt-3">
            Older entries
          </Link>
        ) : null}
      </section>

      <section className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <div className="card">
          <h2 className="font-semibold">Sessions</h2>
          {d.bookings.length === 0 ? <p className="mt-2 text-sm text-slate-600">None.</p> : null}
          <ul className="mt-2 space-y-1 text-sm">
            {d.bookings.map((b) => (
              <li key={b.id} className="break-words">
                {new Date(b.start).toISOString().slice(0, 10)} · {b.skill} as {b.role} · {b.state} · {b.price} SP
              </li>
            ))}
          </ul>
        </div>
        <div className="card">
          <h2 className="font-semibold">Reviews received</h2>
          {d.reviews.length === 0 ? <p className="mt-2 text-sm text-slate-600">None.</p> : null}
          <ul className="mt-2 space-y-1 text-sm">
            {d.reviews.map((r, i) => (
              <li key={i} className="break-words">
                {"★".repeat(r.rating)} {r.comment}
              </li>
            ))}
          </ul>
        </div>
        <ReportList title="Reports about this member" reports={d.reportsAbout} />
        <ReportList title="Reports by this member" reports={d.reportsBy} />
      </section>
    </div>
  );
}
