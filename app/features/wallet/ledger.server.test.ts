import { describe, expect, it, vi } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import {
  firstEntryPage,
  getBalance,
  InsufficientFundsError,
  LedgerError,
  listEntries,
  postEntry,
  prepareEntry,
} from "./ledger.server";
import { reconcileAll, reconcileWallet } from "./reconcile.server";
import type { LedgerEntry } from "./types";

const { store } = useTempStore("ledger-");

const credit = (id: string, amount: number): LedgerEntry => ({
  id,
  amount,
  type: "adjustment",
  description: `Credit ${amount}`,
});

describe("postEntry", () => {
  it("opens the wallet and writes the entry with the balance", async () => {
    await expect(postEntry(store, "u1", { ...credit("c1", 150), ref: "x/1" }, 1000)).resolves.toEqual({
      applied: true,
      balance: 150,
    });
    expect((await store.get("wallets/u1"))?.data).toEqual({ balance: 150 });
    expect((await store.get("wallets/u1/transactions/c1"))?.data).toEqual({
      amount: 150,
      timestamp: 1000,
      type: "adjustment",
      description: "Credit 150",
      label: "",
      params: {},
      ref: "x/1",
    });
  });

  it("changes the balance once when the same entry is posted again", async () => {
    await postEntry(store, "u1", credit("c1", 150));
    await expect(postEntry(store, "u1", credit("c1", 150))).resolves.toEqual({ applied: false, balance: 150 });
    expect(await getBalance(store, "u1")).toBe(150);
  });

  it("refuses an id reused for a different amount", async () => {
    await postEntry(store, "u1", credit("c1", 150));
    await expect(postEntry(store, "u1", credit("c1", 99))).rejects.toBeInstanceOf(LedgerError);
    expect(await getBalance(store, "u1")).toBe(150);
  });

  it("refuses a debit that does not fit and writes nothing", async () => {
    await postEntry(store, "u1", credit("c1", 100));
    const debit: LedgerEntry = { id: "d1", amount: -101, type: "booking_hold", description: "Hold" };
    await expect(postEntry(store, "u1", debit)).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await getBalance(store, "u1")).toBe(100);
    expect(await store.get("wallets/u1/transactions/d1")).toBeNull();
  });

  it("allows a debit down to exactly zero", async () => {
    await postEntry(store, "u1", credit("c1", 100));
    await expect(
      postEntry(store, "u1", { id: "d1", amount: -100, type: "booking_hold", description: "Hold" }),
    ).resolves.toEqual({
      applied: true,
      balance: 0,
    });
  });

  it("treats a replayed debit as applied even when it would no longer fit", async () => {
    await postEntry(store, "u1", credit("c1", 100));
    const debit: LedgerEntry = { id: "d1", amount: -80, type: "booking_hold", description: "Hold" };
    await postEntry(store, "u1", debit);
    await expect(postEntry(store, "u1", debit)).resolves.toEqual({ applied: false, balance: 20 });
  });

  it.each([0, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("refuses the amount %s", async (amount) => {
    await expect(postEntry(store, "u1", credit("c1", amount))).rejects.toBeInstanceOf(LedgerError);
    expect(await store.get("wallets/u1")).toBeNull();
  });

  it("refuses ids that would address another document", async () => {
    await expect(postEntry(store, "u1", credit("a/b", 5))).rejects.toBeInstanceOf(LedgerError);
    await expect(postEntry(store, "u1/x", credit("c1", 5))).rejects.toBeInstanceOf(LedgerError);
  });
});

describe("prepareEntry", () => {
  it("refuses a second entry for the same wallet in one transaction", async () => {
    const attempt = store.transaction(async (tx) => {
      await prepareEntry(tx, "u1", credit("c1", 10), 1);
      await prepareEntry(tx, "u1", credit("c2", 10), 1);
    });
    await expect(attempt).rejects.toThrow(/twice for wallet u1/);
    expect(await store.get("wallets/u1")).toBeNull();
  });

  it("moves SP between two wallets in one transaction", async () => {
    await postEntry(store, "payer", credit("c1", 50));
    await store.transaction(async (tx) => {
      const out = await prepareEntry(
        tx,
        "payer",
        { id: "t1", amount: -30, type: "booking_hold", description: "Hold" },
        2,
      );
      const into = await prepareEntry(
        tx,
        "payee",
        { id: "t1", amount: 30, type: "booking_release", description: "Release" },
        2,
      );
      out.commit();
      into.commit();
    });
    expect(await getBalance(store, "payer")).toBe(20);
    expect(await getBalance(store, "payee")).toBe(30);
  });

  it("reports the balances before and after without writing until commit", async () => {
    await postEntry(store, "u1", credit("c1", 40));
    const prepared = await store.transaction(async (tx) => prepareEntry(tx, "u1", credit("c2", 2), 1));
    expect(prepared).toMatchObject({ alreadyApplied: false, balanceBefore: 40, balanceAfter: 42 });
    expect(await getBalance(store, "u1")).toBe(40);
  });
});

describe("getBalance", () => {
  it("is 0 for a wallet that does not exist", async () => {
    expect(await getBalance(store, "nobody")).toBe(0);
  });
});

describe("listEntries", () => {
  it("pages newest first without losing entries that share a timestamp", async () => {
    const times = [10, 20, 30, 30, 30, 40, 50];
    for (const [i, t] of times.entries()) await postEntry(store, "u1", credit(`e${i}`, 1), t);

    const first = await listEntries(store, "u1", { limit: 3 });
    expect(first.entries.map((e) => e.timestamp)).toEqual([50, 40, 30, 30, 30]);
    expect(first.nextBefore).toBe(30);
    const second = await listEntries(store, "u1", { limit: 3, before: first.nextBefore! });
    expect(second.entries.map((e) => e.timestamp)).toEqual([20, 10]);
    expect(second.nextBefore).toBeNull();

    const ids = [...first.entries, ...second.entries].map((e) => e.id).sort();
    expect(ids).toEqual(times.map((_, i) => `e${i}`).sort());
  });

  it("says there is no next page when the last page is exactly full", async () => {
    for (const t of [1, 2, 3]) await postEntry(store, "u1", credit(`e${t}`, 1), t);
    const page = await listEntries(store, "u1", { limit: 3 });
    expect(page.entries).toHaveLength(3);
    expect(page.nextBefore).toBeNull();
  });

  it("returns the stored fields with the id", async () => {
    await postEntry(store, "u1", credit("c1", 7), 5);
    const { entries } = await listEntries(store, "u1", { limit: 10 });
    expect(entries).toEqual([
      {
        id: "c1",
        amount: 7,
        timestamp: 5,
        type: "adjustment",
        description: "Credit 7",
        label: "",
        params: {},
        ref: null,
      },
    ]);
  });
});

describe("reconciliation", () => {
  it("holds for ledger-written wallets and catches a balance written behind the ledger's back", async () => {
    await postEntry(store, "u1", credit("c1", 30));
    await postEntry(store, "u1", { id: "d1", amount: -10, type: "booking_hold", description: "Hold" });
    await postEntry(store, "u2", credit("c1", 5));
    expect(await reconcileWallet(store, "u1")).toMatchObject({ uid: "u1", balance: 20, sum: 20, ok: true });

    await store.set("wallets/u2", { balance: 500 });
    const report = await reconcileAll(store);
    expect(report.checked).toBe(2);
    expect(report.failures).toEqual([
      expect.objectContaining({
        uid: "u2",
        balance: 500,
        sum: 5,
        ok: false,
        problems: ["balance 500 != sum of entries 5"],
      }),
    ]);
  });
});

describe("firstEntryPage: /wallet's first page kept by the change log (decision 088)", () => {
  it("shows every new entry and balance on the next read, and reads nothing again until then", async () => {
    await postEntry(store, "u1", credit("c1", 150), 1000);
    expect(await firstEntryPage(store, "u1", 20)).toMatchObject({ balance: 150, page: { entries: [{ id: "c1" }] } });

    const query = vi.spyOn(store, "query");
    await postEntry(store, "u2", credit("other", 5), 1500);
    expect(await firstEntryPage(store, "u1", 20)).toMatchObject({ balance: 150, page: { entries: [{ id: "c1" }] } });
    expect(query).not.toHaveBeenCalled();

    await postEntry(store, "u1", credit("c2", 50), 2000);
    const after = await firstEntryPage(store, "u1", 20);
    expect(after.balance).toBe(200);
    expect(after.page.entries.map((e) => e.id)).toEqual(["c2", "c1"]);
    expect(after).toEqual({ balance: 200, page: await listEntries(store, "u1", { limit: 20 }) });
  });
});
