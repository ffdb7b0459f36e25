import { describe, expect, it } from "vitest";
import { createLocalAuth } from "~/engine/auth/local.server";
import { ensureProfile } from "~/features/profile/bootstrap.server";
import { getBalance } from "~/features/wallet/ledger.server";
import { parseCsv } from "../../../tests/support/parse-csv";
import { useTempStore } from "../../../tests/support/temp-store";
import { listAudit } from "./audit.server";
import { auditExport, exportLines, pagesOf, streamLines } from "./exports.server";

const { store } = useTempStore("admin-exports-");
const auth = createLocalAuth(store, { mail: async () => {} });

async function member(email: string, fullName: string, createdAt: number) {
  const { uid } = await auth.signUp({ kind: "password", email, password: "correct horse battery", clientKey: "" });
  await ensureProfile(store, uid, createdAt);
  await store.update(`users/${uid}`, { fullName });
  return uid;
}

async function exported(kind: Parameters<typeof exportLines>[0]): Promise<string[][]> {
  let text = "";
  for await (const line of exportLines(kind, store, auth)) text += line;
  return parseCsv(text);
}

describe("admin CSV exports", () => {
  it("members: names with commas, quotes and line breaks round-trip; formulas are escaped", async () => {
    const names = ['Smith, "Bob"\nJunior', "=cmd|' /C calc'!A0", "+1 Plus", "@SUM(A1)", "-2 Minus", "Ada Lovelace"];
    const uids: string[] = [];
    for (const [i, name] of names.entries()) uids.push(await member(`m${i}@example.com`, name, 1_000 + i));
    const [header, ...rows] = await exported("members");
    expect(header).toEqual([
      "uid",
      "name",
      "email",
      "role",
      "joined",
      "email verified",
      "suspended",
      "deleted",
      "xp",
      "balance SP",
    ]);
    expect(rows.map((row) => row[0])).toEqual(uids);
    expect(rows.map((row) => row[1])).toEqual([
      'Smith, "Bob"\nJunior',
      "'=cmd|' /C calc'!A0",
      "'+1 Plus",
      "'@SUM(A1)",
      "'-2 Minus",
      "Ada Lovelace",
    ]);
    expect(rows[5]).toEqual([
      uids[5],
      "Ada Lovelace",
      "m5@example.com",
      "member",
      "1970-01-01T00:00:01.005Z",
      "no",
      "no",
      "no",
      "0",
      "200",
    ]);
  });

  it("ledger: every entry of every member, summing to each balance", async () => {
    const a = await member("a@example.com", "A", 10);
    const b = await member("b@example.com", "B", 20);
    const rows = (await exported("ledger")).slice(1);
    for (const uid of [a, b]) {
      const mine = rows.filter((row) => row[0] === uid);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.reduce((sum, row) => sum + Number(row[5]), 0)).toBe(await getBalance(store, uid));
    }
    expect(rows[0].slice(4, 6)).toEqual(["welcome_bonus", "200"]);
  });

  it("reads every document once when many share the time at a page's end", async () => {
    const times = [1, 2, 3, 3, 3, 3, 4, 5, 5, 6];
    for (const [i, t] of times.entries()) await store.set(`things/t${i}`, { at: t });
    const seen: string[] = [];
    for await (const page of pagesOf(store, "things", "at", 3)) seen.push(...page.map((doc) => doc.id));
    expect(seen.sort()).toEqual(times.map((_, i) => `t${i}`).sort());
  });

  it("streams the lines in chunks and writes the export to the audit log", async () => {
    await member("c@example.com", "C", 30);
    const reader = streamLines(exportLines("members", store, auth)).getReader();
    let text = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      text += new TextDecoder().decode(chunk.value);
    expect(parseCsv(text)).toHaveLength(2);
    await auditExport(store, "admin1", "ledger", 5_000);
    const { entries } = await listAudit(store, { action: "data.export" }, { limit: 10 });
    expect(entries).toMatchObject([{ actorUid: "admin1", action: "data.export", target: "export/ledger", at: 5_000 }]);
  });

  it("payments, bookings and reports start with their header when there are none", async () => {
    expect(await exported("payments")).toEqual([
      ["checkout", "uid", "pack", "SP", "amount", "currency", "status", "paid at", "refund"],
    ]);
    expect((await exported("bookings"))[0][0]).toBe("booking");
    expect((await exported("reports"))[0][0]).toBe("report");
  });
});
