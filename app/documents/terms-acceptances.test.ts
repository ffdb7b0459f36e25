import { describe, expect, it } from "vitest";
import { readTermsAcceptance, termsAcceptancePath } from "./terms-acceptances";

describe("terms_acceptances/{uid}", () => {
  it("names its path once", () => {
    expect(termsAcceptancePath("u1")).toBe("terms_acceptances/u1");
  });

  it("reads an acceptance as stored", () => {
    const stored = {
      version: "2",
      acceptedAt: 20,
      history: [
        { version: "1", acceptedAt: 10 },
        { version: "2", acceptedAt: 20 },
      ],
    };
    expect(readTermsAcceptance(stored)).toEqual(stored);
  });

  it("reads a damaged one as no version accepted, so the member is asked again", () => {
    expect(readTermsAcceptance({ version: 3, history: "x" })).toEqual({ version: "", acceptedAt: 0, history: [] });
    expect(readTermsAcceptance({ history: [null, { version: "1", acceptedAt: 5 }] }).history).toEqual([
      { version: "1", acceptedAt: 5 },
    ]);
  });
});
