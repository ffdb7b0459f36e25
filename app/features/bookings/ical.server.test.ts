/**
 * The private feed's token on the embedded store: stored only as its hash, replaced by a new one,
 * ended by a revoke; stored documents are written raw, as an older version may have left them.
 */
import { describe, expect, it, vi } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { createFeedToken, feedStatus, hashToken, revokeFeed, sessionEvent, uidForToken } from "./ical.server";
import type { Booking } from "./types";

const { store } = useTempStore("ical-");

describe("private calendar feeds", () => {
  it("a new token opens the member's feed and is stored only as its hash", async () => {
    expect(await feedStatus(store, "u1")).toEqual({ active: false, createdAt: null });
    const token = await createFeedToken(store, "u1", 1_000);
    expect(await uidForToken(store, token)).toBe("u1");
    expect(await feedStatus(store, "u1")).toEqual({ active: true, createdAt: 1_000 });
    expect((await store.get("ical_feeds/u1"))?.data).toEqual({ hash: hashToken(token), createdAt: 1_000 });
    expect(JSON.stringify((await store.query({ collection: "ical_tokens" })).map((doc) => doc.data))).not.toContain(
      token,
    );
  });

  it("a new token replaces the old one, and a revoke ends the feed", async () => {
    const first = await createFeedToken(store, "u1", 1_000);
    const second = await createFeedToken(store, "u1", 2_000);
    expect(await uidForToken(store, first)).toBeNull();
    expect(await uidForToken(store, second)).toBe("u1");
    await revokeFeed(store, "u1");
    expect(await uidForToken(store, second)).toBeNull();
    expect(await feedStatus(store, "u1")).toEqual({ active: false, createdAt: null });
    expect(await store.query({ collection: "ical_tokens" })).toEqual([]);
  });

  it("a feed document without a readable hash or time is still active and can be replaced or revoked", async () => {
    await store.set("ical_feeds/u1", { hash: 42 });
    expect(await feedStatus(store, "u1")).toEqual({ active: true, createdAt: null });
    const token = await createFeedToken(store, "u1", 3_000);
    expect(await uidForToken(store, token)).toBe("u1");
    await store.set("ical_feeds/u1", { createdAt: "now" });
    await revokeFeed(store, "u1");
    expect(await store.get("ical_feeds/u1")).toBeNull();
  });

  it("the feed's status is read once until the member's feed document is written (decision 164)", async () => {
    expect(await feedStatus(store, "u1")).toEqual({ active: false, createdAt: null });
    const get = vi.spyOn(store, "get");
    try {
      await store.set("ical_feeds/u2", { hash: "other", createdAt: 500 });
      expect(await feedStatus(store, "u1")).toEqual({ active: false, createdAt: null });
      expect(get).not.toHaveBeenCalled();
      await createFeedToken(store, "u1", 1_000);
      expect(await feedStatus(store, "u1")).toEqual({ active: true, createdAt: 1_000 });
      await revokeFeed(store, "u1");
      expect(await feedStatus(store, "u1")).toEqual({ active: false, createdAt: null });
    } finally {
      get.mockRestore();
    }
  });

  it("a token that is malformed, unknown, or whose document names no member opens nothing", async () => {
    expect(await uidForToken(store, "short")).toBeNull();
    expect(await uidForToken(store, "a".repeat(32))).toBeNull();
    const token = "b".repeat(32);
    await store.set(`ical_tokens/${hashToken(token)}`, { uid: 7, createdAt: 1 });
    expect(await uidForToken(store, token)).toBeNull();
  });
});

describe("a session's event", () => {
  const booking = {
    id: "b1",
    skillTag: "chess",
    skillLabel: "Chess",
    start: Date.UTC(2026, 11, 1, 9),
    end: Date.UTC(2026, 11, 1, 10),
    durationMinutes: 60,
    state: "accepted",
    history: [],
  } as unknown as Booking;

  it("isolates the other member's name, a line of plain text in a calendar (decision 109)", () => {
    expect(sessionEvent(booking, "Ahmed 42", "https://skillswap.example", "ar").summary).toBe(
      "SkillSwap: الشطرنج مع \u2068Ahmed 42\u2069",
    );
    expect(sessionEvent(booking, null, "https://skillswap.example", "en").summary).toBe(
      "SkillSwap: Chess with a member",
    );
  });
});
