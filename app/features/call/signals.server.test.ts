import { beforeEach, describe, expect, it } from "vitest";
import { callFeed } from "~/engine/live/feeds";
import { mayListen, readFeed } from "~/features/live/subscribe.server";
import { useTempStore } from "../../../tests/support/temp-store";
import { postSignal } from "./signals.server";
import { CALL_OPENS_BEFORE_MS, signalInput } from "./signals";

const { store } = useTempStore("call-");

const START = Date.UTC(2026, 2, 2, 10, 0);
const END = START + 3_600_000;
const DURING = START + 60_000;
const MENTOR = "mentor1";
const LEARNER = "learner1";
const A = "peer-aaaaaaaa";
const B = "peer-bbbbbbbb";
const C = "peer-cccccccc";
const ON = { audio: true, video: true, screen: false };

beforeEach(async () => {
  await store.set("bookings/b1", {
    mentorUid: MENTOR,
    learnerUid: LEARNER,
    participants: [MENTOR, LEARNER],
    state: "accepted",
    start: START,
    end: END,
  });
});

const offer = (peer: string, toPeer: string, seq: number) => ({
  type: "description" as const,
  peer,
  toPeer,
  seq,
  description: { type: "offer" as const, sdp: `v=0 ${seq}` },
});

describe("postSignal", () => {
  it("carries one participant's messages to the other's current tab, and both members' state to both", async () => {
    await postSignal(store, "b1", MENTOR, { type: "join", peer: A, ...ON }, DURING);
    await postSignal(store, "b1", LEARNER, { type: "join", peer: B, ...ON }, DURING);
    await postSignal(store, "b1", MENTOR, offer(A, B, 1), DURING + 1);
    await postSignal(
      store,
      "b1",
      MENTOR,
      {
        type: "candidate",
        peer: A,
        toPeer: B,
        seq: 2,
        candidate: { candidate: "candidate:1 1 udp 1 127.0.0.1 5000 typ host", sdpMid: "0" },
      },
      DURING + 2,
    );
    await postSignal(
      store,
      "b1",
      LEARNER,
      { type: "media", peer: B, audio: false, video: true, screen: false },
      DURING + 3,
    );

    const learnerView = await readFeed(store, LEARNER, callFeed("b1"));
    expect(learnerView.members[MENTOR]).toMatchObject({ peer: A, audio: true, left: false });
    expect(learnerView.members[LEARNER]).toMatchObject({ peer: B, audio: false });
    expect(learnerView.messages.map((m) => [m.fromPeer, m.toPeer, m.seq, m.description?.type ?? "candidate"])).toEqual([
      [A, B, 1, "offer"],
      [A, B, 2, "candidate"],
    ]);
    // The sender does not receive its own messages.
    expect((await readFeed(store, MENTOR, callFeed("b1"))).messages).toEqual([]);
  });

  it("lets a new tab of a member take the call over: the old tab is refused, and what it sent or was sent goes", async () => {
    await postSignal(store, "b1", MENTOR, { type: "join", peer: A, ...ON }, DURING);
    await postSignal(store, "b1", LEARNER, { type: "join", peer: B, ...ON }, DURING);
    await postSignal(store, "b1", MENTOR, offer(A, B, 1), DURING);
    await postSignal(store, "b1", LEARNER, offer(B, A, 1), DURING);

    await postSignal(store, "b1", LEARNER, { type: "join", peer: C, ...ON }, DURING + 5);
    await expect(postSignal(store, "b1", LEARNER, offer(B, A, 2), DURING + 6)).rejects.toMatchObject({
      status: 409,
      message: "This call continues in another tab or device.",
    });
    await expect(postSignal(store, "b1", LEARNER, { type: "media", peer: B, ...ON }, DURING + 6)).rejects.toMatchObject(
      { status: 409 },
    );
    // The old tab leaving does not end the new tab's call.
    await postSignal(store, "b1", LEARNER, { type: "leave", peer: B }, DURING + 7);

    const learnerView = await readFeed(store, LEARNER, callFeed("b1"));
    expect(learnerView.members[LEARNER]).toMatchObject({ peer: C, left: false });
    expect(learnerView.messages).toEqual([]);
    expect((await readFeed(store, MENTOR, callFeed("b1"))).messages).toEqual([]);
  });

  it("records a leave so the other member sees it", async () => {
    await postSignal(store, "b1", MENTOR, { type: "join", peer: A, ...ON }, DURING);
    await postSignal(store, "b1", MENTOR, { type: "leave", peer: A }, DURING + 1);
    expect((await readFeed(store, LEARNER, callFeed("b1"))).members[MENTOR]).toMatchObject({
      peer: null,
      left: true,
      audio: false,
      video: false,
    });
  });

  it("opens 10 minutes before the start until the end, for accepted sessions only", async () => {
    await expect(
      postSignal(store, "b1", MENTOR, { type: "join", peer: A, ...ON }, START - CALL_OPENS_BEFORE_MS - 1),
    ).rejects.toMatchObject({
      status: 403,
      message: "The call opens 10 minutes before the session starts.",
    });
    await postSignal(store, "b1", MENTOR, { type: "join", peer: A, ...ON }, START - CALL_OPENS_BEFORE_MS);
    await expect(postSignal(store, "b1", MENTOR, offer(A, B, 1), END)).rejects.toMatchObject({
      status: 403,
      message: "This session has ended, and its call with it.",
    });
    await postSignal(store, "b1", MENTOR, { type: "leave", peer: A }, END + 1);
    await store.update("bookings/b1", { state: "cancelled" });
    await expect(postSignal(store, "b1", LEARNER, { type: "join", peer: B, ...ON }, DURING)).rejects.toMatchObject({
      status: 403,
      message: "The call is open only for accepted sessions.",
    });
  });

  it("answers anyone else with the booking's 404 and lets nobody else listen", async () => {
    await expect(postSignal(store, "b1", "stranger", { type: "join", peer: C, ...ON }, DURING)).rejects.toMatchObject({
      status: 404,
    });
    expect(await store.get("bookings/b1/signals/member_stranger")).toBeNull();
    expect(await mayListen(store, "stranger", callFeed("b1"))).toBe(false);
    expect(await mayListen(store, LEARNER, callFeed("b1"))).toBe(true);
    await expect(readFeed(store, "stranger", callFeed("b1"))).rejects.toThrow();
  });
});

describe("signalInput", () => {
  it("refuses what is not a signal", () => {
    expect(signalInput.safeParse({ type: "join", peer: "x", ...ON }).success).toBe(false);
    expect(
      signalInput.safeParse({
        type: "description",
        peer: A,
        toPeer: B,
        seq: 1,
        description: { type: "pranswer", sdp: "" },
      }).success,
    ).toBe(false);
    expect(
      signalInput.safeParse({
        type: "description",
        peer: A,
        toPeer: B,
        seq: 1,
        description: { type: "offer", sdp: "x".repeat(100_001) },
      }).success,
    ).toBe(false);
    expect(signalInput.safeParse({ type: "leave", peer: A }).success).toBe(true);
  });
});
