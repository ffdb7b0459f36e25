import { afterEach, describe, expect, it, vi } from "vitest";
import { getTermsAcceptance } from "~/documents/terms-acceptances";
import { useTempStore } from "../../../tests/support/temp-store";
import { hasAcceptedTerms, recordTermsAccepted } from "./acceptance.server";

const { store } = useTempStore("legal-acceptance-");

afterEach(() => vi.restoreAllMocks());

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

  it("keeps the version accepted between pages until the member's acceptance is written (decision 103)", async () => {
    await recordTermsAccepted(store, "u1", "1", 100);
    expect(await hasAcceptedTerms(store, "u1", "1")).toBe(true);
    const reads = vi.spyOn(store, "get");

    expect(await hasAcceptedTerms(store, "u1", "1")).toBe(true);
    expect(await hasAcceptedTerms(store, "u1", "2")).toBe(false);
    expect(reads.mock.calls.filter(([docPath]) => docPath === "terms_acceptances/u1")).toHaveLength(0);

    // A new version accepted shows at once; so does the acceptance deleted with the account.
    await recordTermsAccepted(store, "u1", "2", 200);
    expect(await hasAcceptedTerms(store, "u1", "2")).toBe(true);
    await store.delete("terms_acceptances/u1");
    expect(await hasAcceptedTerms(store, "u1", "2")).toBe(false);
  });

  it("keeps each member's acceptance apart", async () => {
    await recordTermsAccepted(store, "u1", "1", 100);
    expect(await hasAcceptedTerms(store, "u1", "1")).toBe(true);
    expect(await hasAcceptedTerms(store, "u2", "1")).toBe(false);
    await recordTermsAccepted(store, "u2", "1", 100);
    expect(await hasAcceptedTerms(store, "u2", "1")).toBe(true);
  });
});
