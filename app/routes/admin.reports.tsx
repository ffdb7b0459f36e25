import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminActionResult } from "~/components/admin/action-result";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { getAuth } from "~/engine/index.server";
import { AdminActionError, suspendMember } from "~/features/admin/members.server";
import {
  moderate,
  moderationQueue,
  type BoardPostSummary,
  type GoneContent,
  type QueueStatus,
  type ReportedItem,
  type ReporterLine,
} from "~/features/admin/reports.server";
import { useBoardText } from "~/components/board/board-text";
import { loadingNamespaces } from "~/i18n/client-loader";
import { ReportError } from "~/features/reports/reports.server";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { UtcTime } from "~/components/admin/utc-time";
import { adminContext, adminErrorText } from "~/features/admin/guard.server";
import { interleave } from "~/i18n/interleave";
import { accountAge } from "~/features/reports/types";
import { formFailure, parseForm } from "~/utils/forms.server";
import { IsolatedName, nameTranslate } from "~/components/members/isolated-name";
import { nameInPlainText } from "~/features/members/member";
import { isolated } from "~/utils/format";

// A reported board post is described in the board's words (decision 078).
export const handle = { i18n: ["admin", "board"] };
export const clientLoader = loadingNamespaces("admin", "board");

export async function loader({ request }: LoaderFunctionArgs) {
  const { store, language } = await adminContext(request);
  const show: QueueStatus = new URL(request.url).searchParams.get("show") === "hidden" ? "hidden" : "open";
  return { show, items: await moderationQueue(store, show, language) };
}

/** The form's rules, their messages in the admin's language (decision 064). */
function actionSchema(t: TFunction) {
  const reportId = z.string().regex(/^[A-Za-z0-9_-]{1,600}$/, t("reports.errors.unknown"));
  const note = z.string().trim().max(500, t("errors.noteLong"));
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.enum(["hide", "dismiss", "restore"]), reportId, note }),
    z.object({
      intent: z.literal("suspend"),
      authorUid: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, t("reports.errors.unknownMember")),
      reason: z.string().trim().min(3, t("reports.errors.reasonShort")).max(500, t("errors.reasonLong")),
    }),
  ]);
}

const DONE = {
  hide: "reports.done.hide",
  dismiss: "reports.done.dismiss",
  restore: "reports.done.restore",
} as const;

export async function action({ request }: ActionFunctionArgs) {
  const { admin, store, language, t } = await adminContext(request);
  const parsed = await parseForm(request, actionSchema(t), { language });
  if (!parsed.ok) return parsed.failure;
  const value = parsed.value;
  try {
    if (value.intent === "suspend") {
      const { applied } = await suspendMember(
        { store, auth: await getAuth() },
        admin.uid,
        value.authorUid,
        value.reason,
      );
      return {
        ok: true as const,
        message: applied ? t("reports.done.suspended") : t("reports.done.alreadySuspended"),
      };
    }
    await moderate(store, admin.uid, value.reportId, value.intent, value.note || "No note.");
    return { ok: true as const, message: t(DONE[value.intent]) };
  } catch (error) {
    if (error instanceof ReportError || error instanceof AdminActionError)
      return formFailure(
        parsed.form,
        error instanceof AdminActionError ? adminErrorText(error, t) : error.message,
        error.status === 404 ? 404 : 409,
      );
    throw error;
  }
}

const REASONS: Record<string, string> = {
  spam: "reasons.spam",
  harassment: "reasons.harassment",
  inappropriate: "reasons.inappropriate",
  off_topic: "reasons.off_topic",
  other: "reasons.other",
};

/** Why a reported thing has no content to show (decision 085). */
const GONE: Record<GoneContent, string> = {
  deleted: "reports.gone.deleted",
  missing: "reports.gone.missing",
};

const AGE_KEYS = {
  lessThanMinute: "reports.age.lessThanMinute",
  minutes: "reports.age.minutes",
  hours: "reports.age.hours",
  days: "reports.age.days",
} as const;
function ageText(ms: number, t: TFunction): string {
  const { unit, count } = accountAge(ms);
  return t(AGE_KEYS[unit], { count });
}

/** One report: who filed it, how old their account was, and whether it counts toward hiding (decision 028). */
function Reporter({ report: r }: { report: ReporterLine }) {
  const { t } = useTranslation("admin");
  const facts = [
    r.accountAgeMs === null ? t("reports.ageUnknown") : t("reports.ageWhen", { age: ageText(r.accountAgeMs, t) }),
    r.verified ? t("reports.verified") : t("reports.notVerified"),
    r.sameNetwork === null
      ? t("reports.networkUnknown")
      : r.sameNetwork === 0
        ? null
        : t("reports.sameNetwork", { count: r.sameNetwork }),
    r.counts ? t("reports.counts") : t("reports.notCounts"),
  ].filter(Boolean);
  return (
    <li className="break-words" data-testid="reporter">
      <Link
        to={`/admin/members/${r.reporterUid}`}
        className="font-medium text-brand-700 underline hover:text-brand-800"
        translate={nameTranslate(r.reporterName)}
      >
        <bdi>{r.reporterName.text}</bdi>
      </Link>{" "}
      · {Object.hasOwn(REASONS, r.reason) ? t(REASONS[r.reason]!) : r.reason}
      {r.text ? (
        <>
          :{" "}
          <span translate="no" dir="auto">
            {r.text}
          </span>
        </>
      ) : null}
      <span className="block text-xs text-slate-600">{facts.join(" · ")}</span>
    </li>
  );
}

/** "Ana: Offer · Pottery · 3 SP an hour · In person · Leith", in the reviewer's language; the poster's words as written. */
function BoardPostLine({ post }: { post: BoardPostSummary }) {
  const board = useBoardText();
  return (
    <p className="break-words rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="reported-board-post">
      <span className="font-semibold">
        <IsolatedName name={post.posterName} />:
      </span>{" "}
      {board.type(post.type)} · {post.ownSkill ? <bdi translate="no">{post.skill}</bdi> : <bdi>{post.skill}</bdi>} ·{" "}
      {board.price(post.price)} · {board.format(post.format, post.area)}
    </p>
  );
}

function Item({ item, show, busy }: { item: ReportedItem; show: QueueStatus; busy: boolean }) {
  const { t } = useTranslation("admin");
  const kind = item.targetKind === "post" || item.targetKind === "board_post" ? item.targetKind : "message";
  const titled = item.threadTitle ? "yes" : "no";
  const author = (
    <Link
      to={`/admin/members/${item.authorUid}`}
      className="text-brand-700 underline hover:text-brand-800"
      translate={nameTranslate(item.authorName)}
    >
      <bdi>{item.authorName.text}</bdi>
    </Link>
  );
  return (
    <article
      className="card space-y-4"
      aria-label={t("reports.what", {
        kind,
        titled,
        // The thread's title is member content, isolated like the author's name (decision 119).
        title: item.threadTitle ? isolated(item.threadTitle) : "",
        author: nameInPlainText(item.authorName),
      })}
    >
      <header className="space-y-1">
        <h2 className="break-words text-lg font-semibold">
          {interleave((mark) => t("reports.what", { kind, titled, title: "\u2064", author: mark }), author, {
            mark: "\u2064",
            element: <bdi translate="no">{item.threadTitle}</bdi>,
          })}
          {item.authorSuspended ? (
            <span className="ms-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800">
              {t("status.suspended")}
            </span>
          ) : null}
        </h2>
        <p className="text-sm text-slate-600">
          {interleave(
            (mark) => t("reports.count", { count: item.reports.length, first: mark }),
            <UtcTime ms={item.firstReportedAt} />,
          )}
          {item.hidden ? ` · ${t("reports.hiddenNow")}` : ""}
          {item.link ? (
            <>
              {" · "}
              <Link to={item.link} className="text-brand-700 underline hover:text-brand-800">
                {item.targetKind === "board_post" ? t("reports.openPost") : t("reports.openThread")}
              </Link>
            </>
          ) : null}
        </p>
      </header>
      {item.boardPost ? <BoardPostLine post={item.boardPost} /> : null}
      {item.context.length > 0 ? (
        <ol className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm" aria-label={t("reports.conversation")}>
          {item.context.map((line, i) => (
            <li
              key={i}
              className={`break-words ${line.reported ? "rounded bg-amber-100 px-2 py-1 font-medium" : "text-slate-700"}`}
              data-reported={line.reported ? "true" : undefined}
            >
              <span className="font-semibold">
                <IsolatedName name={line.sender} />:
              </span>{" "}
              {line.hidden ? (
                <span className="italic">{t("reports.hiddenMessage")}</span>
              ) : (
                <span className="whitespace-pre-wrap" translate="no" dir="auto">
                  {line.text}
                </span>
              )}
            </li>
          ))}
        </ol>
      ) : item.gone ? (
        <blockquote className="rounded-lg bg-amber-50 p-3 text-sm italic" data-testid="reported-content">
          {t(GONE[item.gone])}
        </blockquote>
      ) : (
        <blockquote
          className="whitespace-pre-wrap break-words rounded-lg bg-amber-50 p-3 text-sm"
          data-testid="reported-content"
          translate="no"
          dir="auto"
        >
          {item.text}
        </blockquote>
      )}
      <ul className="space-y-2 text-sm" aria-label={t("reports.who")}>
        {item.reports.map((r) => (
          <Reporter key={r.reporterUid} report={r} />
        ))}
      </ul>
      <Form method="post" className="flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4">
        <input type="hidden" name="reportId" value={item.reportId} />
        <div className="min-w-[12rem] flex-1">
          <label htmlFor={`note-${item.reportId}`} className="label">
            {t("reports.note")}
          </label>
          <input id={`note-${item.reportId}`} name="note" maxLength={500} className="input" />
        </div>
        {show === "open" ? (
          <>
            <button type="submit" name="intent" value="hide" className="btn-danger" disabled={busy}>
              {t("reports.hide")}
            </button>
            <button type="submit" name="intent" value="dismiss" className="btn-secondary" disabled={busy}>
              {item.hidden ? t("reports.dismissShow") : t("reports.dismiss")}
            </button>
          </>
        ) : (
          <button type="submit" name="intent" value="restore" className="btn-secondary" disabled={busy}>
            {t("reports.showAgain")}
          </button>
        )}
      </Form>
      {item.authorSuspended || item.authorGone ? null : (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-red-700">
            {interleave((mark) => t("reports.suspendName", { name: mark }), <IsolatedName name={item.authorName} />)}
          </summary>
          <Form method="post" className="mt-2 space-y-2">
            <input type="hidden" name="intent" value="suspend" />
            <input type="hidden" name="authorUid" value={item.authorUid} />
            <label htmlFor={`suspend-${item.reportId}`} className="label">
              {t("reports.suspendReason")}
            </label>
            <textarea
              id={`suspend-${item.reportId}`}
              name="reason"
              required
              minLength={3}
              maxLength={500}
              rows={2}
              className="input"
            />
            <button type="submit" className="btn-danger" disabled={busy}>
              {t("reports.suspendButton")}
            </button>
          </Form>
        </details>
      )}
    </article>
  );
}

export default function AdminReports() {
  const { show, items } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("reports.title")}</h1>
      <nav aria-label={t("reports.queues")} className="flex gap-2 text-sm">
        <Link
          to="/admin/reports"
          className={show === "open" ? "btn-primary" : "btn-secondary"}
          aria-current={show === "open" ? "page" : undefined}
        >
          {t("reports.waiting")}
        </Link>
        <Link
          to="/admin/reports?show=hidden"
          className={show === "hidden" ? "btn-primary" : "btn-secondary"}
          aria-current={show === "hidden" ? "page" : undefined}
        >
          {t("reports.hidden")}
        </Link>
      </nav>
      <AdminActionResult result={result} />
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{show === "open" ? t("reports.noneWaiting") : t("reports.noneHidden")}</p>
      ) : null}
      {items.map((item) => (
        <Item key={item.reportId} item={item} show={show} busy={busy} />
      ))}
    </div>
  );
}
