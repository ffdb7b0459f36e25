import { describe, expect, it } from "vitest";
import { countVisit, DISMISSED_KEY, parseVisits, shouldOfferInstall, VISITS_KEY } from "./install-moment";

function memory(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe("shouldOfferInstall", () => {
  const ready = { visits: 2, dismissed: false, standalone: false, installable: true, engaged: true };

  it("offers from the second visit on a device that can install", () => {
    expect(shouldOfferInstall(ready)).toBe(true);
    expect(shouldOfferInstall({ ...ready, visits: 9 })).toBe(true);
  });

  it("never on the first visit", () => {
    expect(shouldOfferInstall({ ...ready, visits: 1 })).toBe(false);
    expect(shouldOfferInstall({ ...ready, visits: 0 })).toBe(false);
  });

  it("never once dismissed, inside the installed app, or when the browser cannot install", () => {
    expect(shouldOfferInstall({ ...ready, dismissed: true })).toBe(false);
    expect(shouldOfferInstall({ ...ready, standalone: true })).toBe(false);
    expect(shouldOfferInstall({ ...ready, installable: false })).toBe(false);
  });

  it("not while the page loads: only once the member has used it", () => {
    expect(shouldOfferInstall({ ...ready, engaged: false })).toBe(false);
  });
});

describe("countVisit", () => {
  it("counts a browser session once, however many pages it opens", () => {
    const local = memory();
    const session = memory();
    expect(countVisit(local, session)).toBe(1);
    expect(countVisit(local, session)).toBe(1);
    expect(local.values.get(VISITS_KEY)).toBe("1");
  });

  it("counts the next session as the second visit", () => {
    const local = memory();
    countVisit(local, memory());
    expect(countVisit(local, memory())).toBe(2);
  });

  it("leaves the dismissal alone", () => {
    const local = memory({ [DISMISSED_KEY]: "2026-11-26T17:00:00.000Z" });
    countVisit(local, memory());
    expect(local.values.get(DISMISSED_KEY)).toBe("2026-11-26T17:00:00.000Z");
  });
});

describe("parseVisits", () => {
  it.each([
    [null, 0],
    ["", 0],
    ["3", 3],
    ["-2", 0],
    ["1.5", 0],
    ["lots", 0],
    ["1e400", 0],
  ])("reads %j as %i", (stored, visits) => {
    expect(parseVisits(stored)).toBe(visits);
  });
});
