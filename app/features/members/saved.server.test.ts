import { describe, expect, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { SAVED_LIMIT } from "~/features/subscriptions/labels";
import { saveMember, savedUids } from "./saved.server";

const { store } = useTempStore("saved-");

async function members(count: number) {
  for (let i = 0; i < count; i++) await store.set(`users/m${i}`, { fullName: `Member ${i}` });
}

describe("saved profiles: the Plus perk (decision 017)", () => {
  it("keeps 25 on Free and refuses the 26th with a 403 that says why", async () => {
    await members(SAVED_LIMIT.free + 1);
    for (let i = 0; i < SAVED_LIMIT.free; i++) await saveMember(store, "me", `m${i}`, i);
    const refused = await saveMember(store, "me", `m${SAVED_LIMIT.free}`).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(await (refused as Response).text()).toMatch(/up to 25 profiles.*Plus raises the limit to 200/);
    // Saving one already saved again is not a new one.
    await saveMember(store, "me", "m0", 99);
    expect(await savedUids(store, "me")).toHaveLength(SAVED_LIMIT.free);
  });

  it("lets a Plus member save more, and not once the plan is cancelled", async () => {
    await members(SAVED_LIMIT.free + 2);
    for (let i = 0; i < SAVED_LIMIT.free; i++) await saveMember(store, "me", `m${i}`, i);
    await store.set("subscriptions/me", {
      subscriptionId: "sub_1",
      customerId: "c",
      planId: "plus_monthly",
      status: "active",
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      at: 1,
    });
    await saveMember(store, "me", `m${SAVED_LIMIT.free}`);
    expect(await savedUids(store, "me")).toHaveLength(SAVED_LIMIT.free + 1);
    await store.update("subscriptions/me", { status: "canceled" });
    await expect(saveMember(store, "me", `m${SAVED_LIMIT.free + 1}`)).rejects.toBeInstanceOf(Response);
  });
});
