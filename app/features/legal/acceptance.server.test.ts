import { describe, expect, it } from "vitest";
import { getTermsAcceptance } from "~/documents/terms-acceptances";
import { useTempStore } from "../../../tests/support/temp-store";
import { hasAcceptedTerms, recordTermsAccepted } from "./acceptance.server";

const { store } = useTempStore("legal-acceptance-");

describe("terms acceptance", () => {
  it("a member who never accepted has not accepted the current version", async () => {
    expect(await hasAcceptedTerms(store, "u1", "1")).toBe(false);
  });

  it("records the version accepted at sign-up, and asks again only for a new version", async () => {
    await recordTermsAccepted(store, "u1", "1", 100);
    expect(await hasAcceptedTerms(store, "u1", "1")).toBe(true);
    expect(await hasAcceptedTerms(store, "u1", "2")).toBe(false);
    await recordTermsAccepted(store, "u1", "2", 200);
    expect(await hasAcceptedTerms(store, "u1", "2")).toBe(true);
    expect(await getTermsAcceptance(store, "u1")).toEqual({
      version: "2",
      acceptedAt: 200,
      history: [
        { version: "1", acceptedAt: 100 },
        { version: "2", acceptedAt: 200 },
      ],
    });
  });

  it("accepting the same version twice (two tabs) keeps the first time", async () => {
    await recordTermsAccepted(store, "u1", "1", 100);
    await recordTermsAccepted(store, "u1", "1", 150);
    expect(await getTermsAcceptance(store, "u1")).toEqual({
      version: "1",
      acceptedAt: 100,
      history: [{ version: "1", acceptedAt: 100 }],
    });
  });
});
