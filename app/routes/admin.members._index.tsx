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

export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await adminContext(request);
  const query = readMemberListQuery(new URL(request.url).searchParams);
  const list = await searchMemberList({ store, auth: await getAuth() }, query);
  return { query, ...list };
}

const STATUS_LABELS: Record<MemberStatus, string> = {
  active: "Active",
  unverified: "Unverified",
  suspended: "Suspended",
  deleted: "Deleted",
};
const STATUS_STYLES: Record<MemberStatus, string> = {
  active: "bg-green-100 text-green-800",
  unverified: "bg-amber-100 text-amber-800",
  suspended: "bg-red-100 text-red-700",
  deleted: "bg-slate-200 text-slate-700",
};
const ROLE_LABELS: Record<MemberRole, string> = { member: "Member", admin: "Admin" };
const SORT_LABELS: Record<MemberSort, string> = {
  joined: "Joined",
  name: "Name",
  email: "E-mail",
  status: "Status",
  role: "Role",
  balance: "SP balance",
  activity: "Last activity",
};

const joinedText = (row: MemberRow) => (row.createdAt ? new Date(row.createdAt).toISOString().slice(0, 10) : "—");
function activityText(row: MemberRow): string {
  if (row.online) return "Online now";
  return row.lastActiveAt ? `${new Date(row.lastActiveAt).toISOString().slice(0, 16).replace("T", " ")} UTC` : "Never";
}
const balanceText = (row: MemberRow) => (row.balance === null ? "Unreadable" : `${row.balance} SP`);

/** The e-mail in full; a narrow column breaks it before the "@" rather than inside the domain. */
function Email({ email, missing }: { email: string; missing: string }) {
  if (!email) return <>{missing}</>;
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function StatusBadge({ status }: { status: MemberStatus }) {
  return (
    <span className={`whitespace-nowrap rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`}>
      {STATUS_LABELS[status]}
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
  return (
    <div className="card hidden overflow-x-auto p-0 lg:block">
      <table className="w-full text-sm" aria-label="Members found">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <SortHeader sort="name" label="Name" />
            <SortHeader sort="email" label="E-mail" />
            <SortHeader sort="status" label="Status" />
            <SortHeader sort="role" label="Role" />
            <SortHeader sort="balance" label="SP balance" align="end" />
            <SortHeader sort="activity" label="Last activity" />
            <SortHeader sort="joined" label="Joined" />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.uid} data-testid="member-row" data-uid={row.uid}>
              <td className="min-w-[8rem] max-w-[14rem] px-4 py-3">
                <Link
                  to={`/admin/members/${row.uid}`}
                  className="break-words font-medium text-brand-700 hover:underline"
                >
                  {row.fullName}
                </Link>
              </td>
              <td className="min-w-[12rem] px-4 py-3">
                <Email email={row.email} missing="—" />
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={row.status} />
              </td>
              <td className="whitespace-nowrap px-4 py-3">{ROLE_LABELS[row.role]}</td>
              <td className="whitespace-nowrap px-4 py-3 text-end tabular-nums">{balanceText(row)}</td>
              <td className="whitespace-nowrap px-4 py-3">{activityText(row)}</td>
              <td className="whitespace-nowrap px-4 py-3">{joinedText(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MemberCards({ rows }: { rows: MemberRow[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:hidden" aria-label="Members found">
      {rows.map((row) => (
        <li key={row.uid} className="card min-w-0 p-4" data-testid="member-card" data-uid={row.uid}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <Link
              to={`/admin/members/${row.uid}`}
              className="min-w-0 break-words font-medium text-brand-700 hover:underline"
            >
              {row.fullName}
            </Link>
            <StatusBadge status={row.status} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            <Email email={row.email} missing="No e-mail on the account" />
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-xs text-slate-500">Role</dt>
              <dd>{ROLE_LABELS[row.role]}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">SP balance</dt>
              <dd className="tabular-nums">{balanceText(row)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Last activity</dt>
              <dd>{activityText(row)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Joined</dt>
              <dd>{joinedText(row)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export default function AdminMembers() {
  const { query, rows, total, page, pages } = useLoaderData<typeof loader>();
  const filtered = query.q || query.status !== "all" || query.role !== "all";
  const submit = useSubmit();
  // A filter applies at once where scripts run; the Search button applies it everywhere.
  const applyAtOnce = (event: ChangeEvent<HTMLSelectElement>) => submit(event.currentTarget.form);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Members</h1>
        <p className="text-sm text-slate-600" data-testid="member-total">
          {total === 1 ? "1 member" : `${total} members`}
          {filtered ? " match" : ""}
        </p>
      </div>
      <Form method="get" role="search" aria-label="Find members" className="card space-y-4">
        <div>
          <label htmlFor="member-search" className="label">
            Search by name or e-mail
          </label>
          <div className="flex gap-2">
            <input
              id="member-search"
              name="q"
              type="search"
              maxLength={200}
              defaultValue={query.q}
              placeholder="Name or e-mail"
              className="input min-w-0"
            />
            <button type="submit" className="btn-primary shrink-0 whitespace-nowrap">
              Search
            </button>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <SelectField
            onChange={applyAtOnce}
            label="Status"
            name="status"
            value={query.status}
            options={[["all", "All statuses"], ...MEMBER_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)]}
          />
          <SelectField
            onChange={applyAtOnce}
            label="Role"
            name="role"
            value={query.role}
            options={[["all", "All roles"], ...MEMBER_ROLES.map((r) => [r, ROLE_LABELS[r]] as const)]}
          />
          <SelectField
            onChange={applyAtOnce}
            label="Sort by"
            name="sort"
            value={query.sort}
            options={MEMBER_SORTS.map((s) => [s, SORT_LABELS[s]] as const)}
          />
          <SelectField
            onChange={applyAtOnce}
            label="Order"
            name="dir"
            value={query.dir}
            options={[
              ["asc", "Ascending"],
              ["desc", "Descending"],
            ]}
          />
        </div>
      </Form>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">
          {filtered ? "No member matches this search and these filters." : "No members yet."}
        </p>
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
