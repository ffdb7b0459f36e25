import { describe, expect, it } from "vitest";
import { listMembers, readMemberListQuery, type MemberListQuery, type MemberRow } from "./member-list";

const row = (uid: string, fields: Partial<MemberRow> = {}): MemberRow => ({
  uid,
  fullName: uid,
  email: `${uid}@example.com`,
  status: "active",
  role: "member",
  balance: 0,
  online: false,
  lastActiveAt: 0,
  createdAt: 1,
  ...fields,
});

const ROWS = [
  row("ada", { fullName: "Ada Lovelace", balance: 300, createdAt: 3, lastActiveAt: 50, role: "admin" }),
  row("ben", { fullName: "ben Okafor", balance: 20, createdAt: 4, status: "unverified", lastActiveAt: 0 }),
  row("cleo", { fullName: "Cleo", balance: null, createdAt: 2, status: "suspended", online: true, lastActiveAt: 10 }),
  row("dan", { fullName: "Dan", email: "", balance: 0, createdAt: 1, status: "deleted", lastActiveAt: 90 }),
];

const query = (params: Record<string, string> = {}): MemberListQuery =>
  readMemberListQuery(new URLSearchParams(params));
const uids = (params: Record<string, string> = {}, rows = ROWS) =>
  listMembers(rows, query(params)).rows.map((r) => r.uid);

describe("readMemberListQuery", () => {
  it("defaults to everyone, newest first, page 1", () => {
    expect(query()).toEqual({ q: "", status: "all", role: "all", sort: "joined", dir: "desc", page: 1 });
  });

  it("drops values it does not know instead of failing", () => {
    expect(query({ status: "banned", role: "owner", sort: "password", dir: "up", page: "-3" })).toEqual(query());
  });

  it("gives each sort its natural direction unless one is asked for", () => {
    expect(query({ sort: "name" }).dir).toBe("asc");
    expect(query({ sort: "balance" }).dir).toBe("desc");
    expect(query({ sort: "balance", dir: "asc" }).dir).toBe("asc");
  });
});

describe("listMembers", () => {
  it("finds by any part of the name or the e-mail, whatever the case, and by the exact uid", () => {
    expect(uids({ q: "OKAF" })).toEqual(["ben"]);
    expect(uids({ q: "cleo@EXAMPLE" })).toEqual(["cleo"]);
    expect(uids({ q: "dan" })).toEqual(["dan"]);
    expect(uids({ q: "@example.com" })).toEqual(["ben", "ada", "cleo"]);
  });

  it("filters by status and by role", () => {
    expect(uids({ status: "unverified" })).toEqual(["ben"]);
    expect(uids({ status: "suspended" })).toEqual(["cleo"]);
    expect(uids({ status: "active" })).toEqual(["ada"]);
    expect(uids({ role: "admin" })).toEqual(["ada"]);
    expect(uids({ role: "member", status: "deleted" })).toEqual(["dan"]);
  });

  it("sorts by each column both ways", () => {
    expect(uids()).toEqual(["ben", "ada", "cleo", "dan"]);
    expect(uids({ sort: "name" })).toEqual(["ada", "ben", "cleo", "dan"]);
    expect(uids({ sort: "name", dir: "desc" })).toEqual(["dan", "cleo", "ben", "ada"]);
    expect(uids({ sort: "status" })).toEqual(["ada", "ben", "cleo", "dan"]);
    expect(uids({ sort: "role", dir: "desc" })).toEqual(["ada", "ben", "cleo", "dan"]);
    expect(uids({ sort: "balance" })).toEqual(["ada", "ben", "dan", "cleo"]);
    expect(uids({ sort: "balance", dir: "asc" })).toEqual(["dan", "ben", "ada", "cleo"]);
  });

  it("puts rows without a value last whichever way: no e-mail, an unreadable balance, never seen", () => {
    expect(uids({ sort: "email", dir: "desc" }).at(-1)).toBe("dan");
    expect(uids({ sort: "email", dir: "asc" }).at(-1)).toBe("dan");
    expect(uids({ sort: "balance", dir: "asc" }).at(-1)).toBe("cleo");
    // Online now is the latest activity of all; never seen comes last.
    expect(uids({ sort: "activity" })).toEqual(["cleo", "dan", "ada", "ben"]);
    expect(uids({ sort: "activity", dir: "asc" })).toEqual(["ada", "dan", "cleo", "ben"]);
  });

  it("pages, and shows the last page for a page past the end", () => {
    const many = Array.from({ length: 30 }, (_, i) => row(`m${String(i).padStart(2, "0")}`, { createdAt: i }));
    const first = listMembers(many, query());
    expect(first).toMatchObject({ total: 30, page: 1, pages: 2 });
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0].uid).toBe("m29");
    const beyond = listMembers(many, query({ page: "9" }));
    expect(beyond).toMatchObject({ page: 2, pages: 2 });
    expect(beyond.rows.map((r) => r.uid)).toEqual(["m04", "m03", "m02", "m01", "m00"]);
  });
});
