import { describe, expect, it, vi } from "vitest";
import { ensureProfile } from "~/features/profile/bootstrap.server";
import { useTempStore } from "../../../tests/support/temp-store";
import { onboardingState } from "./onboarding.server";

const { store } = useTempStore("onboarding-");

describe("onboardingState", () => {
  it("gives a new user's flags and the amount of their welcome_bonus transaction", async () => {
    const profile = await ensureProfile(store, "u1", 1000);
    await expect(onboardingState(store, "u1", profile)).resolves.toEqual({
      uid: "u1",
      tourCompleted: false,
      welcomeBonusShown: false,
      storedBonus: 200,
      bonusCheckFailed: false,
    });
  });

  it("finds the bonus by its type, whatever its id", async () => {
    await store.set("wallets/u2/transactions/t9", {
      amount: 150,
      timestamp: 1,
      type: "welcome_bonus",
      description: "Welcome bonus",
      ref: null,
    });
    const state = await onboardingState(store, "u2", { tourCompleted: true, welcomeBonusShown: false });
    expect(state.storedBonus).toBe(150);
  });

  it("gives null when the user has no welcome_bonus transaction", async () => {
    await store.set("wallets/u3/transactions/t1", {
      amount: 500,
      timestamp: 1,
      type: "top_up",
      description: "Top-up",
      ref: null,
    });
    const state = await onboardingState(store, "u3", { tourCompleted: false, welcomeBonusShown: false });
    expect(state.storedBonus).toBeNull();
  });

  it("keeps the answer until one of the member's wallet entries is written", async () => {
    await ensureProfile(store, "u5", 1000);
    const flags = { tourCompleted: false, welcomeBonusShown: false };
    expect((await onboardingState(store, "u5", flags)).storedBonus).toBe(200);
    const query = vi.spyOn(store, "query");
    expect((await onboardingState(store, "u5", flags)).storedBonus).toBe(200);
    expect(query).not.toHaveBeenCalled();
    await store.set("wallets/u5/transactions/welcome_bonus", {
      amount: 250,
      timestamp: 2,
      type: "welcome_bonus",
      description: "Welcome bonus",
      ref: null,
    });
    expect((await onboardingState(store, "u5", flags)).storedBonus).toBe(250);
    query.mockRestore();
  });

  it("skips the lookup once the modal has been shown", async () => {
    const query = vi.spyOn(store, "query");
    const state = await onboardingState(store, "u1", { tourCompleted: true, welcomeBonusShown: true });
    expect(state).toMatchObject({
      tourCompleted: true,
      welcomeBonusShown: true,
      storedBonus: null,
      bonusCheckFailed: false,
    });
    expect(query).not.toHaveBeenCalled();
  });

  it("logs a failed lookup and gives up the modal, not the page", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(store, "query").mockRejectedValue(new Error("disk I/O error"));
    // A member whose answer was never read (u1's is kept since the first test).
    const state = await onboardingState(store, "u4", { tourCompleted: true, welcomeBonusShown: false });
    expect(state).toMatchObject({ storedBonus: null, bonusCheckFailed: true });
    expect(logged).toHaveBeenCalledWith("welcome bonus modal check failed", expect.any(Error));
  });
});
