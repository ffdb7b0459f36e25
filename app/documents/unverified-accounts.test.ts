import { describe, expect, it } from "vitest";
import { bonusHoldPath, getBonusHold, readBonusHold } from "./unverified-accounts";

describe("unverified_accounts/{uid}", () => {
  it("names its path once", () => {
    expect(bonusHoldPath("u1")).toBe("unverified_accounts/u1");
  });

  it("reads a hold with a malformed or missing time as 0, dropping unknown fields", () => {
    expect(readBonusHold({ since: 5, extra: 1 })).toEqual({ since: 5 });
    expect(readBonusHold({ since: "yesterday" })).toEqual({ since: 0 });
    expect(readBonusHold({})).toEqual({ since: 0 });
  });

  it("stands as long as the document exists, whatever it holds; none when there is no document", async () => {
    expect(await getBonusHold({ get: async () => ({ data: {} }) }, "u1")).toEqual({ since: 0 });
    expect(await getBonusHold({ get: async () => null }, "u1")).toBeNull();
  });
});
