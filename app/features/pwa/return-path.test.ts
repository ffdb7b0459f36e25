import { describe, expect, it } from "vitest";
import { returnPathFrom } from "./return-path";

describe("returnPathFrom", () => {
  it("goes back to the page that failed, with its query", () => {
    expect(returnPathFrom("?from=%2Finbox%2Fabc")).toBe("/inbox/abc");
    expect(returnPathFrom("?from=%2Fcalendar%3Fview%3Dweek")).toBe("/calendar?view=week");
  });

  it("goes home without a way back", () => {
    expect(returnPathFrom("")).toBe("/");
    expect(returnPathFrom("?from=")).toBe("/");
  });

  it.each([
    ["another site", "https://evil.example/"],
    ["a protocol-relative address", "//evil.example/x"],
    ["a backslash trick", "/\\evil.example"],
    ["a script", "javascript:alert(1)"],
    ["a relative path", "dashboard"],
    ["the offline page itself", "/offline?from=/dashboard"],
  ])("never follows %s", (_, from) => {
    expect(returnPathFrom(`?from=${encodeURIComponent(from)}`)).toBe("/");
  });
});
