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
import { getUser, isUid, userPath } from "~/documents/users";
import { publicMember } from "~/features/members/member";
import { missingNames } from "~/features/members/members.server";
import { reportsOfMember } from "~/features/reports/reports.server";
import type { Report } from "~/features/reports/types";
import { reviewsReceived } from "~/features/reviews/reviews.server";
import { getBalance, listEntries } from "~/features/wallet/ledger.server";
import { adminContext, adminErrorText, notFound } from "~/features/admin/guard.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { pictureSources } from "~/features/members/picture";
import { Icon } from "~/components/icons";
import { EntryLine } from "~/components/wallet/entry-line";
import { withSkillNamed } from "~/features/wallet/entry-skills.server";
import { isOwnSkill, skillNamer } from "~/features/skills/skill-names.server";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { UtcTime } from "~/components/admin/utc-time";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatNumber, formatSp } from "~/utils/format";
import { IsolatedName } from "~/components/members/isolated-name";

const LEDGER_PAGE = 50;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin, store, language } = await adminContext(request);
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
  const skills = skillNamer(language);
  const bookings = [...asLearner, ...asMentor]
    .map(readBooking)
    .map((b) => ({
      id: b.id,
      role: b.learnerUid === uid ? "learner" : "mentor",
      // Named in the admin's language (decision 086); a member's own tag as written.
      skill: skills.name(b.skillTag, b.skillLabel),
      skillOwn: isOwnSkill(b.skillTag, b.skillLabel),
      start: b.start,
      state: b.state,
      price: b.price,
    }))
    .sort((a, b) => b.start - a.start);
  const reportRow = (r: Report) => ({ id: r.id, kind: r.targetKind, reason: r.reason, status: r.status });
  return {
    isSelf: admin.uid === uid,
    member: publicMember(uid, profile, missingNames(language)),
    email: account?.email ?? "",
    isAdmin: account?.admin === true,
    suspension: profile.suspension,
    createdAt: profile.createdAt,
    balance,
    // The member's lines in the admin's language, a booking's skill named in it too (decision 086).
    ledger: { ...ledger, entries: withSkillNamed(ledger.entries, language) },
    bookings,
    reviews: reviews.map((r) => ({ rating: r.rating, comment: r.comment })),
    reportsAbout: reports.about.map(reportRow),
    reportsBy: reports.by.map(reportRow),
    // Each page view gets its own adjustment id: sending this form twice adjusts once.
    adjustmentId: crypto.randomUUID(),
  };
}

/** The form's rules, their messages in the admin's language (decision 064). */
function actionSchema(t: TFunction) {
  const reason = z.string().trim().min(3, t("member.errors.reasonShort")).max(500, t("errors.reasonLong"));
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("suspend"), reason }),
    z.object({ intent: z.literal("reinstate"), reason }),
    z.object({
      intent: z.literal("adjust"),
      reason,
      adjustmentId: z.string(),
      amount: z.coerce
        .number({ invalid_type_error: t("member.errors.whole") })
        .int(t("member.errors.whole"))
        .refine((n) => n !== 0, t("member.errors.zero"))
        .refine((n) => Math.abs(n) <= 1_000_000, t("member.errors.tooMuch")),
    }),
    z.object({ intent: z.literal("grant_admin"), reason }),
    z.object({ intent: z.literal("revoke_admin"), reason }),
  ]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin, store, language, t } = await adminContext(request);
  const uid = params.uid ?? "";
  if (!isUid(uid) || !(await store.get(userPath(uid)))) throw notFound();
  const parsed = await parseForm(request, actionSchema(t), { language });
  if (!parsed.ok) return parsed.failure;
  const value = parsed.value;
  const auth = await getAuth();
  try {
    switch (value.intent) {
      case "suspend": {
        const { applied } = await suspendMember({ store, auth }, admin.uid, uid, value.reason);
        return {
          ok: true as const,
          message: applied ? t("member.done.suspended") : t("member.done.alreadySuspended"),
        };
      }
      case "reinstate": {
        const { applied } = await reinstateMember(store, admin.uid, uid, value.reason);
        return {
          ok: true as const,
          message: applied ? t("member.done.reinstated") : t("member.done.notSuspended"),
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
            ? t("member.done.adjusted", { amount: value.amount, balance })
            : t("member.done.alreadyAdjusted"),
        };
      }
      case "grant_admin":
      case "revoke_admin": {
        const grant = value.intent === "grant_admin";
        await setAdminRole({ store, auth }, admin.uid, uid, grant, value.reason);
        return { ok: true as const, message: grant ? t("member.done.granted") : t("member.done.revoked") };
      }
    }
  } catch (error) {
    if (error instanceof AdminActionError) return formFailure(parsed.form, adminErrorText(error, t), error.status);
    throw error;
  }
}

function ReasonField({ id }: { id: string }) {
  const { t } = useTranslation("admin");
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="label">
        {t("member.reason")}
      </label>
      <input id={id} name="reason" required minLength={3} maxLength={500} className="input" />
    </div>
  );
}

const KIND_LABELS: Record<string, string> = {
  post: "reportKinds.post",
  message: "reportKinds.message",
  board_post: "reportKinds.board_post",
};
const REASON_LABELS: Record<string, string> = {
  spam: "reasons.spam",
  harassment: "reasons.harassment",
  inappropriate: "reasons.inappropriate",
  off_topic: "reasons.off_topic",
  other: "reasons.other",
};
const REPORT_STATUS_LABELS: Record<string, string> = {
  open: "reportStatus.open",
  hidden: "reportStatus.hidden",
  dismissed: "reportStatus.dismissed",
  restored: "reportStatus.restored",
};
const SESSION_STATES: Record<string, string> = {
  requested: "sessionStates.requested",
  accepted: "sessionStates.accepted",
  declined: "sessionStates.declined",
  cancelled: "sessionStates.cancelled",
  completed: "sessionStates.completed",
  disputed: "sessionStates.disputed",
  resolved: "sessionStates.resolved",
};

/** A stored code in the reader's language; one a later version wrote shows as stored. */
function codeText(t: TFunction, labels: Record<string, string>, code: string): string {
  return Object.hasOwn(labels, code) ? t(labels[code]!) : code;
}

function ReportList({
  title,
  reports,
}: {
  title: string;
  reports: { id: string; kind: string; reason: string; status: string }[];
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="card">
      <h2 className="font-semibold">{title}</h2>
      {reports.length === 0 ? <p className="mt-2 text-sm text-slate-600">{t("member.none")}</p> : null}
      <ul className="mt-2 space-y-1 text-sm">
        {reports.map((r) => (
          <li key={r.id}>
            {t("member.reportLine", {
              kind: codeText(t, KIND_LABELS, r.kind),
              reason: codeText(t, REASON_LABELS, r.reason),
              status: codeText(t, REPORT_STATUS_LABELS, r.status),
            })}
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
  const { t } = useTranslation("admin");
  const locale = useFormatLocale();
  const busy = navigation.state !== "idle";
  const m = d.member;
  return (
    <div className="space-y-6">
      <Link
        to="/admin/members"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline"
      >
        <Icon name="back" className="h-4 w-4 shrink-0" />
        {t("member.all")}
      </Link>
      <div className="card flex flex-wrap items-center gap-4">
        <img {...pictureSources(m.avatar, 64)} alt="" className="h-16 w-16 rounded-full object-cover" />
        <div className="min-w-0 flex-1">
          <h1 className="break-words text-2xl font-bold tracking-tight">
            <IsolatedName name={m.name} />
          </h1>
          <p className="break-all text-sm text-slate-600">
            {d.email ? (
              <span translate="no" dir="ltr">
                {d.email}
              </span>
            ) : (
              t("members.noEmail")
            )}
          </p>
          <p className="text-xs text-slate-500">
            {interleave(
              (mark) =>
                t("member.facts", { joined: mark, xp: m.xp, reviews: m.rating.count, admin: d.isAdmin ? "yes" : "no" }),
              <UtcTime ms={d.createdAt} date />,
            )}
          </p>
        </div>
        <p className="text-2xl font-bold" data-testid="admin-member-balance">
          {formatSp(d.balance, locale)}
        </p>
      </div>

      {d.suspension ? (
        <p role="status" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {interleave(
            (mark) => t("member.suspendedOn", { at: mark, reason: "\u2064" }),
            <UtcTime ms={d.suspension.at} />,
            { mark: "\u2064", element: <span translate="no">{d.suspension.reason}</span> },
          )}
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

      <section className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0" aria-label={t("member.actions")}>
        <Form method="post" className="card space-y-3">
          <h2 className="font-semibold">{t("member.adjust")}</h2>
          <p className="text-xs text-slate-500">{t("member.adjustHelp")}</p>
          <input type="hidden" name="intent" value="adjust" />
          <input type="hidden" name="adjustmentId" value={d.adjustmentId} />
          <div className="flex flex-wrap gap-3">
            <div className="w-32">
              <label htmlFor="adjust-amount" className="label">
                {t("member.amount")}
              </label>
              <input id="adjust-amount" name="amount" type="number" step={1} required className="input" />
            </div>
            <ReasonField id="adjust-reason" />
          </div>
          <button type="submit" className="btn-secondary" disabled={busy}>
            {t("member.postAdjustment")}
          </button>
        </Form>

        <Form method="post" className="card space-y-3">
          <h2 className="font-semibold">{d.suspension ? t("member.reinstate") : t("member.suspend")}</h2>
          <p className="text-xs text-slate-500">{d.suspension ? t("member.reinstateHelp") : t("member.suspendHelp")}</p>
          <input type="hidden" name="intent" value={d.suspension ? "reinstate" : "suspend"} />
          <ReasonField id="suspend-reason" />
          <button type="submit" className={d.suspension ? "btn-secondary" : "btn-danger"} disabled={busy || d.isSelf}>
            {d.suspension ? t("member.reinstateButton") : t("member.suspendButton")}
          </button>
        </Form>

        <Form method="post" className="card space-y-3">
          <h2 className="font-semibold">{t("member.adminRole")}</h2>
          <input type="hidden" name="intent" value={d.isAdmin ? "revoke_admin" : "grant_admin"} />
          <ReasonField id="role-reason" />
          <button type="submit" className="btn-secondary" disabled={busy || (d.isAdmin && d.isSelf)}>
            {d.isAdmin ? t("member.revoke") : t("member.grant")}
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="ledger-title">
        <h2 id="ledger-title" className="font-semibold">
          {t("member.ledger")}
        </h2>
        {d.ledger.entries.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t("member.noEntries")}</p>
        ) : (
          // A table wider than a phone scrolls sideways: the keyboard reaches it too (axe, in Arabic at 390 px).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <div className="mt-3 overflow-x-auto" role="region" aria-labelledby="ledger-title" tabIndex={0}>
            <table className="w-full text-start text-sm">
              <thead className="text-xs text-slate-500">
                <tr>
                  <th className="py-1 pe-4">{t("member.when")}</th>
                  <th className="py-1 pe-4">{t("member.entry")}</th>
                  <th className="py-1 pe-4">{t("member.description")}</th>
                  <th className="py-1 text-end">SP</th>
                </tr>
              </thead>
              <tbody>
                {d.ledger.entries.map((e) => (
                  <tr key={e.id} className="border-t border-slate-100">
                    <td className="whitespace-nowrap py-1 pe-4">
                      <UtcTime ms={e.timestamp} />
                    </td>
                    <td className="break-all py-1 pe-4 font-mono text-xs" translate="no">
                      {e.id}
                    </td>
                    {/* The line the member's wallet shows, in the admin's language (decision 077); an entry
                        this version cannot word shows the line the ledger stored, marked English. */}
                    <td className="py-1 pe-4">
                      <EntryLine entry={e} />
                    </td>
                    <td className="py-1 text-end tabular-nums">
                      {formatNumber(e.amount, locale, { signDisplay: "exceptZero" })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {d.ledger.nextBefore ? (
          <Link to={`?before=${d.ledger.nextBefore}`} className="btn-secondary mt-3">
            {t("member.older")}
          </Link>
        ) : null}
      </section>

      <section className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <div className="card">
          <h2 className="font-semibold">{t("member.sessions")}</h2>
          {d.bookings.length === 0 ? <p className="mt-2 text-sm text-slate-600">{t("member.none")}</p> : null}
          <ul className="mt-2 space-y-1 text-sm">
            {d.bookings.map((b) => (
              <li key={b.id} className="break-words">
                {interleave(
                  (mark) =>
                    t("member.session", {
                      start: mark,
                      skill: "\u2064",
                      role: b.role,
                      state: codeText(t, SESSION_STATES, b.state),
                      price: formatSp(b.price, locale),
                    }),
                  <UtcTime ms={b.start} date />,
                  { mark: "\u2064", element: <bdi translate={b.skillOwn ? "no" : undefined}>{b.skill}</bdi> },
                )}
              </li>
            ))}
          </ul>
        </div>
        <div className="card">
          <h2 className="font-semibold">{t("member.reviews")}</h2>
          {d.reviews.length === 0 ? <p className="mt-2 text-sm text-slate-600">{t("member.none")}</p> : null}
          <ul className="mt-2 space-y-1 text-sm">
            {d.reviews.map((r, i) => (
              <li key={i} className="break-words">
                <span role="img" aria-label={t("member.stars", { count: r.rating })}>
                  {"★".repeat(r.rating)}
                </span>{" "}
                <span translate="no">{r.comment}</span>
              </li>
            ))}
          </ul>
        </div>
        <ReportList title={t("member.reportsAbout")} reports={d.reportsAbout} />
        <ReportList title={t("member.reportsBy")} reports={d.reportsBy} />
      </section>
    </div>
  );
}
