import { describe, expect, it } from "vitest";
import { mergeNewestFirst, type HistoryRow } from "./wallet-history";

const row = (id: string, timestamp: number, amount = 1): HistoryRow => ({
  id,
  timestamp,
  amount,
  type: "adjustment",
  description: id,
  label: "",
  params: {},
});

describe("mergeNewestFirst", () => {
  it("keeps one row per id, newest first, the first source winning", () => {
    const page = [row("b", 20), row("a", 10)];
    const older = [row("z", 5)];
    const live = [row("c", 30), row("b", 20, 99)];
    const merged = mergeNewestFirst(page, older, live);
    expect(merged.map((r) => r.id)).toEqual(["c", "b", "a", "z"]);
    expect(merged.find((r) => r.id === "b")?.amount).toBe(1);
  });

  it("orders rows with the same timestamp by id, as the ledger does", () => {
    expect(mergeNewestFirst([row("a", 1), row("c", 1)], [row("b", 1)]).map((r) => r.id)).toEqual(["c", "b", "a"]);
  });
});
