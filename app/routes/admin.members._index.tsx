import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ChangeEvent } from "react";
import { Form, Link, useLoaderData, useSearchParams, useSubmit } from "@remix-run/react";
import { SelectField } from "~/components/form";
import { Pager } from "~/components/pager";
import { getAuth } from "~/engine/index.server";
import {
  DEFAULT_DIRECTION,
  MEMBER_ROLES,
  MEMBER_SORTS,
  MEMBER_STATUSES,
  readMemberListQuery,
  type MemberRole,
  type MemberRow,
  type MemberSort,
  type MemberStatus,
} from "~/features/admin/member-list";
import { searchMemberList } from "~/features/admin/member-list.server";
import { adminContext, refuseWrites as action } from "~/features/admin/guard.server";
import { useTranslation } from "react-i18next";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatSp } from "~/utils/format";
import { UtcTime } from "~/components/admin/utc-time";

export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await adminContext(request);
  const query = readMemberListQuery(new URL(request.url).searchParams);
  const list = await searchMemberList({ store, auth: await getAuth() }, query);
  return { query, ...list };
}

const STATUS_LABELS: Record<MemberStatus, string> = {
  active: "status.active",
  unverified: "status.unverified",
  suspended: "status.suspended",
  deleted: "status.deleted",
};
const STATUS_STYLES: Record<MemberStatus, string> = {
  active: "bg-green-100 text-green-800",
  unverified: "bg-amber-100 text-amber-800",
  suspended: "bg-red-100 text-red-700",
  deleted: "bg-slate-200 text-slate-700",
};
const ROLE_LABELS: Record<MemberRole, string> = { member: "role.member", admin: "role.admin" };
const SORT_LABELS: Record<MemberSort, string> = {
  joined: "members.joined",
  name: "members.name",
  email: "members.email",
  status: "members.status",
  role: "members.role",
  balance: "members.balance",
  activity: "members.activity",
};

/** The member's name as written; a blank one (a profile never set up) in the admin's words, so the link still reads. */
function MemberLink({ row, className }: { row: MemberRow; className: string }) {
  const { t } = useTranslation("admin");
  return (
    <Link to={`/admin/members/${row.uid}`} className={className} translate={row.fullName ? "no" : undefined}>
      {row.fullName ? <bdi>{row.fullName}</bdi> : t("members.noName")}
    </Link>
  );
}

function Joined({ row }: { row: MemberRow }) {
  return row.createdAt ? <UtcTime ms={row.createdAt} date /> : <>—</>;
}

function Activity({ row }: { row: MemberRow }) {
  const { t } = useTranslation("admin");
  if (row.online) return <>{t("members.online")}</>;
  if (!row.lastActiveAt) return <>{t("members.never")}</>;
  return <UtcTime ms={row.lastActiveAt} />;
}

function Balance({ row }: { row: MemberRow }) {
  const { t } = useTranslation("admin");
  const locale = useFormatLocale();
  return <>{row.balance === null ? t("members.unreadable") : formatSp(row.balance, locale)}</>;
}

/** The e-mail in full; a narrow column breaks it before the "@" rather than inside the domain. */
function Email({ email, missing }: { email: string; missing: string }) {
  if (!email) return <>{missing}</>;
  const at = email.lastIndexOf("@");
  if (at <= 0) return <span translate="no">{email}</span>;
  return (
    <span translate="no" dir="ltr">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}

function StatusBadge({ status }: { status: MemberStatus }) {
  const { t } = useTranslation("admin");
  return (
    <span className={`whitespace-nowrap rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`}>
      {t(STATUS_LABELS[status])}
    </span>
  );
}

/** A column heading that sorts by its key: first in the key's natural order, then reversed. */
function SortHeader({ sort, label, align = "start" }: { sort: MemberSort; label: string; align?: "start" | "end" }) {
  const { query } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const active = query.sort === sort;
  const dir = active ? (query.dir === "asc" ? "desc" : "asc") : DEFAULT_DIRECTION[sort];
  const next = new URLSearchParams(params);
  next.set("sort", sort);
  next.set("dir", dir);
  next.delete("page");
  return (
    <th
      scope="col"
      aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
      className={`whitespace-nowrap px-4 py-3 font-semibold ${align === "end" ? "text-end" : "text-start"}`}
    >
      <Link to={`?${next}`} className="hover:underline">
        {label}
        {active ? <span aria-hidden="true">{query.dir === "asc" ? " ↑" : " ↓"}</span> : null}
      </Link>
    </th>
  );
}

function MemberTable({ rows }: { rows: MemberRow[] }) {
  const { t } = useTranslation("admin");
  return (
    <div className="card hidden overflow-x-auto p-0 lg:block">
      <table className="w-full text-sm" aria-label={t("members.found")}>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <SortHeader sort="name" label={t("members.name")} />
            <SortHeader sort="email" label={t("members.email")} />
            <SortHeader sort="status" label={t("members.status")} />
            <SortHeader sort="role" label={t("members.role")} />
            <SortHeader sort="balance" label={t("members.balance")} align="end" />
            <SortHeader sort="activity" label={t("members.activity")} />
            <SortHeader sort="joined" label={t("members.joined")} />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.uid} data-testid="member-row" data-uid={row.uid}>
              <td className="min-w-[8rem] max-w-[14rem] px-4 py-3">
                <MemberLink row={row} className="break-words font-medium text-brand-700 hover:underline" />
              </td>
              <td className="min-w-[12rem] px-4 py-3">
                <Email email={row.email} missing="—" />
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={row.status} />
              </td>
              <td className="whitespace-nowrap px-4 py-3">{t(ROLE_LABELS[row.role])}</td>
              <td className="whitespace-nowrap px-4 py-3 text-end tabular-nums">
                <Balance row={row} />
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                <Activity row={row} />
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                <Joined row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MemberCards({ rows }: { rows: MemberRow[] }) {
  const { t } = useTranslation("admin");
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:hidden" aria-label={t("members.found")}>
      {rows.map((row) => (
        <li key={row.uid} className="card min-w-0 p-4" data-testid="member-card" data-uid={row.uid}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <MemberLink row={row} className="min-w-0 break-words font-medium text-brand-700 hover:underline" />
            <StatusBadge status={row.status} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            <Email email={row.email} missing={t("members.noEmail")} />
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-xs text-slate-500">{t("members.role")}</dt>
              <dd>{t(ROLE_LABELS[row.role])}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t("members.balance")}</dt>
              <dd className="tabular-nums">
                <Balance row={row} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t("members.activity")}</dt>
              <dd>
                <Activity row={row} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t("members.joined")}</dt>
              <dd>
                <Joined row={row} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export default function AdminMembers() {
  const { query, rows, total, page, pages } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const filtered = query.q || query.status !== "all" || query.role !== "all";
  const submit = useSubmit();
  // A filter applies at once where scripts run; the Search button applies it everywhere.
  const applyAtOnce = (event: ChangeEvent<HTMLSelectElement>) => submit(event.currentTarget.form);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("members.title")}</h1>
        <p className="text-sm text-slate-600" data-testid="member-total">
          {filtered ? t("members.totalMatching", { count: total }) : t("members.total", { count: total })}
        </p>
      </div>
      <Form method="get" role="search" aria-label={t("members.find")} className="card space-y-4">
        <div>
          <label htmlFor="member-search" className="label">
            {t("members.search")}
          </label>
          <div className="flex gap-2">
            <input
              id="member-search"
              name="q"
              type="search"
              maxLength={200}
              defaultValue={query.q}
              placeholder={t("members.searchPlaceholder")}
              className="input min-w-0"
            />
            <button type="submit" className="btn-primary shrink-0 whitespace-nowrap">
              {t("members.searchButton")}
            </button>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <SelectField
            onChange={applyAtOnce}
            label={t("members.status")}
            name="status"
            value={query.status}
            options={[
              ["all", t("members.allStatuses")],
              ...MEMBER_STATUSES.map((s) => [s, t(STATUS_LABELS[s])] as const),
            ]}
          />
          <SelectField
            onChange={applyAtOnce}
            label={t("members.role")}
            name="role"
            value={query.role}
            options={[["all", t("members.allRoles")], ...MEMBER_ROLES.map((r) => [r, t(ROLE_LABELS[r])] as const)]}
          />
          <SelectField
            onChange={applyAtOnce}
            label={t("members.sortBy")}
            name="sort"
            value={query.sort}
            options={MEMBER_SORTS.map((s) => [s, t(SORT_LABELS[s])] as const)}
          />
          <SelectField
            onChange={applyAtOnce}
            label={t("members.order")}
            name="dir"
            value={query.dir}
            options={[
              ["asc", t("members.ascending")],
              ["desc", t("members.descending")],
            ]}
          />
        </div>
      </Form>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{filtered ? t("members.noneMatching") : t("members.none")}</p>
      ) : (
        <>
          <MemberTable rows={rows} />
          <MemberCards rows={rows} />
        </>
      )}
      <Pager page={page} pages={pages} />
    </div>
  );
}

export { action };
