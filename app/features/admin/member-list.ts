/**
 * The back office's member list (/admin/members): which members a search and its filters keep, in
 * which order, on which page. Pure: member-list.server.ts gathers the rows from the store and the
 * auth port. Decision: docs/decisions/029-admin-member-list.md.
 */
import { z } from "zod";

/** Deleted and suspended outrank unverified: a suspended member who never verified is suspended. */
export const MEMBER_STATUSES = ["active", "unverified", "suspended", "deleted"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_ROLES = ["member", "admin"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const MEMBER_SORTS = ["joined", "name", "email", "status", "role", "balance", "activity"] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];
export type SortDirection = "asc" | "desc";

export const MEMBER_LIST_PAGE = 25;

export interface MemberRow {
  uid: string;
  fullName: string;
  /** The account's address; "" when the account is gone (a deleted member). */
  email: string;
  status: MemberStatus;
  role: MemberRole;
  /** Whole SP; null when the stored balance is not a whole number (the reconciliation reports it). */
  balance: number | null;
  online: boolean;
  /** When the member was last seen with the app open; 0 when never. */
  lastActiveAt: number;
  createdAt: number;
}

/** Text sorts read A to Z first, figures and dates the largest or latest first. */
export const DEFAULT_DIRECTION: Record<MemberSort, SortDirection> = {
  joined: "desc",
  name: "asc",
  email: "asc",
  status: "asc",
  role: "asc",
  balance: "desc",
  activity: "desc",
};

/** The list's query string, read leniently: a bad value is dropped, never an error page. */
const memberListQuerySchema = z.object({
  q: z.string().trim().max(200).catch("").default(""),
  status: z
    .enum(["all", ...MEMBER_STATUSES])
    .catch("all")
    .default("all"),
  role: z
    .enum(["all", ...MEMBER_ROLES])
    .catch("all")
    .default("all"),
  sort: z.enum(MEMBER_SORTS).catch("joined").default("joined"),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type MemberListQuery = Omit<z.infer<typeof memberListQuerySchema>, "dir"> & { dir: SortDirection };

export function readMemberListQuery(params: URLSearchParams): MemberListQuery {
  const query = memberListQuerySchema.parse(Object.fromEntries([...params].filter(([, v]) => v !== "")));
  return { ...query, dir: query.dir ?? DEFAULT_DIRECTION[query.sort] };
}

/** A member is online now: for the activity sort, that is later than any time in the past. */
const activity = (row: MemberRow) => (row.online ? Number.MAX_SAFE_INTEGER : row.lastActiveAt);
const text = (value: string) => value.toLocaleLowerCase("en");

/** Compares two rows by the key alone, smallest first; rows without a value come last either way. */
function compareBy(sort: MemberSort, a: MemberRow, b: MemberRow): number {
  switch (sort) {
    case "joined":
      return a.createdAt - b.createdAt;
    case "name":
      return text(a.fullName).localeCompare(text(b.fullName), "en");
    case "email":
      return text(a.email).localeCompare(text(b.email), "en");
    case "status":
      return MEMBER_STATUSES.indexOf(a.status) - MEMBER_STATUSES.indexOf(b.status);
    case "role":
      return MEMBER_ROLES.indexOf(a.role) - MEMBER_ROLES.indexOf(b.role);
    case "balance":
      return (a.balance ?? 0) - (b.balance ?? 0);
    case "activity":
      return activity(a) - activity(b);
  }
}

/** What a row lacks for a sort: it goes to the end whichever way the list is sorted. */
function lacks(sort: MemberSort, row: MemberRow): boolean {
  if (sort === "email") return row.email === "";
  if (sort === "balance") return row.balance === null;
  if (sort === "activity") return activity(row) === 0;
  return false;
}

function matches(row: MemberRow, q: string): boolean {
  if (!q) return true;
  const needle = text(q);
  return row.uid === q || text(row.fullName).includes(needle) || (row.email !== "" && text(row.email).includes(needle));
}

/**
 * Filters by the search text (any part of the name or the e-mail, or the exact uid), the status and
 * the role; sorts by the chosen key, members with equal keys newest first; and cuts out the page
 * (a page past the end shows the last one).
 */
export function listMembers(
  rows: readonly MemberRow[],
  query: MemberListQuery,
  pageSize = MEMBER_LIST_PAGE,
): { rows: MemberRow[]; total: number; page: number; pages: number } {
  const kept = rows.filter(
    (row) =>
      matches(row, query.q) &&
      (query.status === "all" || row.status === query.status) &&
      (query.role === "all" || row.role === query.role),
  );
  const sign = query.dir === "asc" ? 1 : -1;
  kept.sort(
    (a, b) =>
      Number(lacks(query.sort, a)) - Number(lacks(query.sort, b)) ||
      sign * compareBy(query.sort, a, b) ||
      b.createdAt - a.createdAt ||
      (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0),
  );
  const pages = Math.max(1, Math.ceil(kept.length / pageSize));
  const page = Math.min(query.page, pages);
  return { rows: kept.slice((page - 1) * pageSize, page * pageSize), total: kept.length, page, pages };
}
