import { describe, expect, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { BOOKINGS } from "~/documents/bookings";
import { userPath } from "~/documents/users";
import { loadCalendarPage, loadSessionLists } from "./views.server";

const t = useTempStore();
const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 27, 9);
const ME = "me";

/** A session of `me` with `other` starting `inDays` from NOW, an hour long. */
function booking(id: string, inDays: number, state: string, { mentor = ME, other = "ana" } = {}) {
  const start = NOW + inDays * DAY;
  const learner = mentor === ME ? other : ME;
  return {
    id,
    data: {
      mentorUid: mentor,
      learnerUid: learner,
      participants: [mentor, learner],
      skillTag: "guitar",
      skillLabel: "Guitar",
      start,
      end: start + HOUR,
      durationMinutes: 60,
      price: 10,
      state,
      createdAt: NOW - 30 * DAY,
      updatedAt: NOW - 30 * DAY,
    },
  };
}

async function seed(list: ReturnType<typeof booking>[]) {
  await t.store.transaction(async (tx) => {
    tx.set(userPath("ana"), { fullName: "Ana Lima" });
    for (const b of list) tx.set(`${BOOKINGS}/${b.id}`, b.data);
  });
}

const ids = (list: { id: string }[]) => list.map((s) => s.id);

describe("loadCalendarPage: the calendar's sessions read once (issue 28)", () => {
  it("gives the grid's range, the requests waiting, the next sessions and the past ones from one read", async () => {
    await seed([
      booking("old", -400, "completed"),
      booking("lastMonth", -30, "completed"),
      booking("yesterday", -1, "completed", { mentor: "ana", other: ME }),
      booking("tomorrow", 1, "accepted"),
      booking("declined", 2, "declined"),
      booking("asked", 3, "requested"),
      booking("iAsked", 4, "requested", { mentor: "ana", other: ME }),
      booking("nextMonth", 40, "accepted"),
    ]);
    const week = { from: NOW - 3 * DAY, to: NOW + 4 * DAY };
    const page = await loadCalendarPage(t.store, ME, week, NOW);
    expect(ids(page.sessions)).toEqual(["yesterday", "tomorrow", "declined", "asked"]);
    // Waiting for my answer: the requests where I am the mentor.
    expect(ids(page.pending)).toEqual(["asked"]);
    expect(ids(page.upcoming)).toEqual(["tomorrow", "asked", "iAsked", "nextMonth"]);
    expect(ids(page.past)).toEqual(["yesterday", "lastMonth"]);
    expect(page.upcoming[0]).toMatchObject({ otherName: "Ana Lima", role: "mentor" });
    expect(page.past[0]).toMatchObject({ otherName: "Ana Lima", role: "learner" });
    // The same lists as loadSessionLists reads on its own.
    const lists = await loadSessionLists(t.store, ME, NOW);
    expect(page.upcoming).toEqual(lists.upcoming);
    expect(page.past).toEqual(lists.past);
  });

  it("reads a range far from the last year and the horizon on its own", async () => {
    await seed([booking("old", -400, "completed"), booking("tomorrow", 1, "accepted")]);
    const longAgo = { from: NOW - 403 * DAY, to: NOW - 396 * DAY };
    const page = await loadCalendarPage(t.store, ME, longAgo, NOW);
    expect(ids(page.sessions)).toEqual(["old"]);
    expect(ids(page.upcoming)).toEqual(["tomorrow"]);
    expect(ids(page.past)).toEqual([]);
  });
});
