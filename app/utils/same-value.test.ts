import { describe, expect, it } from "vitest";
import { sameValue } from "./same-value";

describe("sameValue", () => {
  it("holds for the same data in another order of keys", () => {
    expect(sameValue({ balance: 5 }, { balance: 5 })).toBe(true);
    expect(sameValue({ a: { online: true, lastChanged: 3 } }, { a: { lastChanged: 3, online: true } })).toBe(true);
    expect(sameValue([{ id: "t1", amount: -2 }], [{ amount: -2, id: "t1" }])).toBe(true);
    expect(sameValue({ count: 0, note: undefined }, { count: 0 })).toBe(true);
  });

  it("does not hold when anything drawn differs", () => {
    expect(sameValue({ balance: 5 }, { balance: 6 })).toBe(false);
    expect(sameValue({ a: { online: true } }, { a: { online: false } })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue([1], [1, 2])).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue({ a: null }, { a: 0 })).toBe(false);
    expect(sameValue("1", 1)).toBe(false);
  });
});
