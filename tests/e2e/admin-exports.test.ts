import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { listAudit } from "~/features/admin/audit.server";
import { getBalance } from "~/features/wallet/ledger.server";
import { parseCsv } from "../support/parse-csv";
import { createUser, openAs } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { expect, test } from "./support/test";
import { adminUser } from "./support/world";

/**
 * The back office's CSV exports (issue 32): members, the ledger, payments, bookings and reports,
 * downloaded from /admin, each written to the audit log; hostile names arrive as typed and a
 * formula arrives as text; nobody but an admin learns the addresses exist.
 */

const KINDS = ["members", "ledger", "payments", "bookings", "reports"] as const;

test("an admin downloads the members and the ledger from /admin, names as typed, formulas as text, each export in the audit log", async ({
  browser,
  baseURL,
}) => {
  const run = randomUUID().slice(0, 6);
  const quoted = `Doe, "Jane" ${run}\nthe second line`;
  const formula = `=HYPERLINK("http://evil.example","${run}")`;
  const jane = await createUser({ fullName: quoted });
  const evil = await createUser({ fullName: formula });
  const admin = await adminUser(`Export Admin ${run}`);
  const page = await openAs(browser, admin, baseURL!, { path: "/admin", viewport: { width: 1280, height: 900 } });

  const exports = page.getByRole("region", { name: "Export as CSV" });
  const [members] = await Promise.all([
    page.waitForEvent("download"),
    exports.getByRole("link", { name: "Members" }).click(),
  ]);
  expect(members.suggestedFilename()).toMatch(/^skillswap-members-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(await readFile((await members.path())!, "utf8"));
  expect(rows[0].slice(0, 3)).toEqual(["uid", "name", "email"]);
  const byUid = new Map(rows.map((row) => [row[0], row]));
  expect(byUid.get(jane.uid)?.slice(1, 3)).toEqual([quoted, jane.email]);
  expect(byUid.get(evil.uid)?.[1]).toBe(`'${formula}`);

  const [ledger] = await Promise.all([
    page.waitForEvent("download"),
    exports.getByRole("link", { name: "Ledger" }).click(),
  ]);
  const entries = parseCsv(await readFile((await ledger.path())!, "utf8")).filter((row) => row[0] === jane.uid);
  expect(entries.reduce((sum, row) => sum + Number(row[5]), 0)).toBe(await getBalance(e2eStore(), jane.uid));
  expect(entries.every((row) => row[1] === quoted)).toBe(true);

  const { entries: logged } = await listAudit(e2eStore(), { actorUid: admin.uid }, { limit: 10 });
  expect(logged.map((entry) => [entry.action, entry.target])).toEqual([
    ["data.export", "export/ledger"],
    ["data.export", "export/members"],
  ]);
  await page.goto("/admin/audit?action=data.export");
  await expect(page.getByText(`${admin.fullName} → export/members`)).toBeVisible();
  // An export changes nothing, so its entry has no before → after line to show.
  await expect(page.getByText("null → null")).toHaveCount(0);
  await page.context().close();
});

test("every export answers an admin with CSV, and everyone else with the back office's 404", async ({
  browser,
  baseURL,
  request,
}) => {
  const run = randomUUID().slice(0, 6);
  const admin = await adminUser(`Export Admin ${run}`);
  const member = await createUser({ fullName: `Curious Member ${run}` });
  const adminPage = await openAs(browser, admin, baseURL!);
  const memberPage = await openAs(browser, member, baseURL!);
  for (const kind of KINDS) {
    const ok = await adminPage.request.get(`/admin/${kind}.csv`);
    expect(ok.status(), kind).toBe(200);
    expect(ok.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(ok.headers()["cache-control"]).toBe("private, no-store");
    expect((await ok.text()).split("\r\n")[0].length).toBeGreaterThan(0);
    expect((await memberPage.request.get(`/admin/${kind}.csv`)).status(), `${kind}, a member`).toBe(404);
    expect((await request.get(`/admin/${kind}.csv`)).status(), `${kind}, signed out`).toBe(404);
    const post = await adminPage.request.post(`/admin/${kind}.csv`, { headers: { Origin: baseURL! } });
    expect(post.status(), `${kind}, a post`).toBe(405);
  }
  await adminPage.context().close();
  await memberPage.context().close();
});
