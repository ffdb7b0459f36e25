import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { getAuth } from "~/engine/index.server";
import { searchMembers } from "~/features/admin/members.server";
import { adminContext, refuseWrites as action } from "~/features/admin/guard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await adminContext(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 200);
  const page = Math.max(0, Math.min(10_000, Number.parseInt(params.get("page") ?? "0", 10) || 0));
  const { rows, hasMore } = await searchMembers({ store, auth: await getAuth() }, q, page);
  return { q, page, rows, hasMore };
}

export default function AdminMembers() {
  const { q, page, rows, hasMore } = useLoaderData<typeof loader>();
  const pageLink = (to: number) => `?${new URLSearchParams({ ...(q && { q }), page: String(to) })}`;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Members</h1>
      <Form method="get" className="flex max-w-xl gap-2" role="search">
        <label htmlFor="member-search" className="sr-only">
          Search by name or e-mail
        </label>
        <input id="member-search" name="q" defaultValue={q} placeholder="Name or e-mail" className="input" />
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{q ? `No member matches “${q}”.` : "No members yet."}</p>
      ) : (
        <ul className="card divide-y divide-slate-100 p-0" aria-label="Members found">
          {rows.map((row) => (
            <li key={row.uid} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
              <Link
                to={`/admin/members/${row.uid}`}
                className="min-w-0 break-words font-medium text-brand-700 hover:underline"
              >
                {row.fullName}
              </Link>
              <span className="flex items-center gap-2 text-xs text-slate-500">
                {row.suspended ? (
                  <span className="rounded bg-red-100 px-2 py-0.5 font-semibold text-red-700">Suspended</span>
                ) : null}
                {row.deleted ? <span className="rounded bg-slate-100 px-2 py-0.5 font-semibold">Deleted</span> : null}
                Joined {new Date(row.createdAt).toISOString().slice(0, 10)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-3">
        {page > 0 ? (
          <Link to={pageLink(page - 1)} className="btn-secondary">
            Previous
          </Link>
        ) : null}
        {hasMore ? (
          <Link to={pageLink(page + 1)} className="btn-secondary">
            Next
          </Link>
        ) : null}
      </div>
    </div>
  );
}

export { action };
