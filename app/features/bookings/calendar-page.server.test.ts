import { describe, expect, it, vi } from "vitest";
import { encode } from "turbo-stream";
import { useTempStore } from "../../../tests/support/temp-store";
import { BOOKINGS } from "~/documents/bookings";
import { userPath } from "~/documents/users";
import { loadCalendarPage, loadSessionLists, loadUpcomingSessions } from "./views.server";

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
    const page = await loadCalendarPage(t.store, ME, week, "en", NOW);
    expect(ids(page.sessions)).toEqual(["yesterday", "tomorrow", "declined", "asked"]);
    // Waiting for my answer: the requests where I am the mentor.
    expect(ids(page.pending)).toEqual(["asked"]);
    expect(ids(page.upcoming)).toEqual(["tomorrow", "asked", "iAsked", "nextMonth"]);
    expect(ids(page.past)).toEqual(["yesterday", "lastMonth"]);
    expect(page.upcoming[0]).toMatchObject({ otherName: { text: "Ana Lima", own: true }, role: "mentor" });
    expect(page.past[0]).toMatchObject({ otherName: { text: "Ana Lima", own: true }, role: "learner" });
    // The same lists as loadSessionLists reads on its own.
    const lists = await loadSessionLists(t.store, ME, "en", NOW);
    expect(page.upcoming).toEqual(lists.upcoming);
    expect(page.past).toEqual(lists.past);
  });

  it("sends each session with what the lists and the grid draw, and nothing else (decision 115)", async () => {
    await seed([booking("tomorrow", 1, "accepted")]);
    const week = { from: NOW - 3 * DAY, to: NOW + 4 * DAY };
    const page = await loadCalendarPage(t.store, ME, week, "en", NOW);
    // Every field goes to the browser in the page's data: the session's commands, the other
    // member's id and the duration were computed and sent on every view and drawn by nothing.
    expect(page.upcoming[0]).toEqual({
      id: "tomorrow",
      skillLabel: "Guitar",
      skillOwn: false,
      start: NOW + DAY,
      end: NOW + DAY + HOUR,
      price: 10,
      state: "accepted",
      role: "mentor",
      otherName: { text: "Ana Lima", own: true },
      waitingPayout: null,
    });
    expect(page.sessions).toEqual(page.upcoming);
  });

  it("works out a session in several lists once, and the page's data carries it once (decision 132)", async () => {
    await seed([booking("asked", 1, "requested")]);
    const week = { from: NOW - 3 * DAY, to: NOW + 4 * DAY };
    const page = await loadCalendarPage(t.store, ME, week, "en", NOW);
    // In the week, waiting for my answer and upcoming: the same summary in the three lists.
    expect(page.pending[0]).toBe(page.sessions[0]);
    expect(page.upcoming[0]).toBe(page.sessions[0]);
    // turbo-stream (single fetch's encoding of the page's data) writes an object met again as a
    // reference: the data holds the page, the four lists, one summary and its name, not three of each.
    const [flat] = (await new Response(encode(page)).text()).split("\n");
    const objects = (JSON.parse(flat!) as unknown[]).filter((v) => typeof v === "object" && v !== null);
    expect(objects).toHaveLength(7);
  });

  it("reads a range far from the last year and the horizon on its own", async () => {
    await seed([booking("old", -400, "completed"), booking("tomorrow", 1, "accepted")]);
    const longAgo = { from: NOW - 403 * DAY, to: NOW - 396 * DAY };
    const page = await loadCalendarPage(t.store, ME, longAgo, "en", NOW);
    expect(ids(page.sessions)).toEqual(["old"]);
    expect(page.sessions[0]).toMatchObject({ otherName: { text: "Ana Lima", own: true } });
    expect(ids(page.upcoming)).toEqual(["tomorrow"]);
    expect(ids(page.past)).toEqual([]);
  });
});

describe("loadCalendarPage: the member's sessions kept between views (decision 088)", () => {
  const week = { from: NOW - 3 * DAY, to: NOW + 4 * DAY };

  it("shows a new request, a changed state and a renamed member on the next view", async () => {
    await seed([booking("tomorrow", 1, "accepted")]);
    expect(ids((await loadCalendarPage(t.store, ME, week, "en", NOW)).upcoming)).toEqual(["tomorrow"]);

    await t.store.transaction(async (tx) => {
      const asked = booking("asked", 2, "requested", { other: "bea" });
      tx.set(`${BOOKINGS}/asked`, asked.data);
      tx.set(userPath("bea"), { fullName: "Bea Costa" });
    });
    const afterRequest = await loadCalendarPage(t.store, ME, week, "en", NOW);
    expect(ids(afterRequest.pending)).toEqual(["asked"]);
    expect(afterRequest.pending[0]).toMatchObject({ otherName: { text: "Bea Costa", own: true } });

    await t.store.update(userPath("ana"), { fullName: "Ana Souza" });
    expect((await loadCalendarPage(t.store, ME, week, "en", NOW)).upcoming[0]).toMatchObject({
      otherName: { text: "Ana Souza", own: true },
    });

    await t.store.update(`${BOOKINGS}/asked`, { state: "declined" });
    const afterAnswer = await loadCalendarPage(t.store, ME, week, "en", NOW);
    expect(ids(afterAnswer.pending)).toEqual([]);
    expect(afterAnswer.sessions.map((s) => [s.id, s.state, s.otherName])).toEqual([
      ["tomorrow", "accepted", { text: "Ana Souza", own: true }],
      ["asked", "declined", { text: "Bea Costa", own: true }],
    ]);
  });

  it("reads nothing again while nothing of it was written: not a call's signalling, not another profile", async () => {
    await seed([booking("tomorrow", 1, "accepted")]);
    await loadCalendarPage(t.store, ME, week, "en", NOW);
    const query = vi.spyOn(t.store, "query");
    const getAll = vi.spyOn(t.store, "getAll");
    await t.store.set(`${BOOKINGS}/tomorrow/signals/s1`, { kind: "offer" });
    await t.store.set(userPath("someone-else"), { fullName: "Someone Else" });
    const page = await loadCalendarPage(t.store, ME, week, "en", NOW + 3_600_000);
    expect(query).not.toHaveBeenCalled();
    expect(getAll).not.toHaveBeenCalled();
    expect(page.upcoming[0]).toMatchObject({ id: "tomorrow", otherName: { text: "Ana Lima", own: true } });
  });

  it("names a deleted member in each reader's language from the names kept for every reader (decision 093)", async () => {
    await seed([booking("tomorrow", 1, "accepted"), booking("gone", 2, "accepted", { other: "gone" })]);
    await t.store.update(userPath("ana"), { fullName: "Deleted member", deleted: true });
    const named = async (language: string) =>
      (await loadCalendarPage(t.store, ME, week, language, NOW)).upcoming.map((s) => s.otherName);
    // The reader's word for a missing member is not their own name: a browser may translate it (decision 110).
    expect(await named("fr")).toEqual([
      { text: "Membre supprimé", own: false },
      { text: "Membre supprimé", own: false },
    ]);
    const getAll = vi.spyOn(t.store, "getAll");
    expect(await named("es")).toEqual([
      { text: "Miembro eliminado", own: false },
      { text: "Miembro eliminado", own: false },
    ]);
    expect(await named("ar")).toEqual([
      { text: "عضو محذوف", own: false },
      { text: "عضو محذوف", own: false },
    ]);
    expect(await named("en")).toEqual([
      { text: "Deleted member", own: false },
      { text: "Deleted member", own: false },
    ]);
    // The dashboard's next sessions come from the same kept read, worded for their reader too.
    expect((await loadUpcomingSessions(t.store, ME, "es", NOW)).map((s) => s.otherName)).toEqual([
      { text: "Miembro eliminado", own: false },
      { text: "Miembro eliminado", own: false },
    ]);
    expect(getAll).not.toHaveBeenCalled();
    // A grid paged outside the kept window names its members in the reader's language too.
    const longAgo = { from: NOW - 403 * DAY, to: NOW - 396 * DAY };
    await t.store.set(`${BOOKINGS}/old`, booking("old", -400, "completed", { other: "gone" }).data);
    expect((await loadCalendarPage(t.store, ME, longAgo, "fr", NOW)).sessions[0]).toMatchObject({
      otherName: { text: "Membre supprimé", own: false },
    });
  });

  it("names a built-in skill in each reader's language and a member's own tag as written (decisions 086, 094)", async () => {
    const ownTag = booking("own", 2, "accepted");
    ownTag.data.skillTag = "kora-tuning";
    ownTag.data.skillLabel = "Kora tuning";
    await seed([booking("tomorrow", 1, "requested"), ownTag]);
    const skills = async (language: string) => {
      const page = await loadCalendarPage(t.store, ME, week, language, NOW);
      return [...page.sessions, ...page.pending].map((s) => [s.id, s.skillLabel, s.skillOwn]);
    };
    expect(await skills("en")).toEqual([
      ["tomorrow", "Guitar", false],
      ["own", "Kora tuning", true],
      ["tomorrow", "Guitar", false],
    ]);
    expect(await skills("es")).toEqual([
      ["tomorrow", "Guitarra", false],
      ["own", "Kora tuning", true],
      ["tomorrow", "Guitarra", false],
    ]);
    expect((await loadUpcomingSessions(t.store, ME, "fr", NOW)).map((s) => s.skillLabel)).toEqual([
      "Guitare",
      "Kora tuning",
    ]);
    expect((await loadSessionLists(t.store, ME, "es", NOW)).upcoming.map((s) => s.skillLabel)).toEqual([
      "Guitarra",
      "Kora tuning",
    ]);
  });

  it("reads again on a later day, whose horizon reaches further", async () => {
    await seed([booking("tomorrow", 1, "accepted"), booking("farAway", 57.5, "accepted")]);
    expect(ids((await loadCalendarPage(t.store, ME, week, "en", NOW)).upcoming)).toEqual(["tomorrow"]);
    const twoDaysOn = NOW + 2 * DAY;
    const later = await loadCalendarPage(t.store, ME, { from: twoDaysOn, to: twoDaysOn + 7 * DAY }, "en", twoDaysOn);
    expect(ids(later.upcoming)).toEqual(["farAway"]);
  });
});

describe("loadUpcomingSessions: the dashboard's next sessions from the calendar's kept read (issue 28)", () => {
  it("lists the requested and accepted sessions not yet over, soonest first, at most five", async () => {
    await seed([
      booking("yesterday", -1, "completed"),
      {
        id: "started",
        data: { ...booking("started", 0, "accepted").data, start: NOW - HOUR / 2, end: NOW + HOUR / 2 },
      },
      booking("declined", 1, "declined"),
      booking("s1", 1.5, "accepted"),
      booking("s2", 2, "requested", { mentor: "ana", other: ME }),
      booking("s3", 3, "accepted"),
      booking("s4", 4, "accepted"),
      booking("s5", 5, "accepted"),
    ]);
    const upcoming = await loadUpcomingSessions(t.store, ME, "en", NOW);
    expect(ids(upcoming)).toEqual(["started", "s1", "s2", "s3", "s4"]);
    expect(upcoming[2]).toMatchObject({
      otherName: { text: "Ana Lima", own: true },
      role: "learner",
      state: "requested",
    });
  });

  it("gives the widget only what it draws: no end, price or payout (decision 128)", async () => {
    await seed([booking("s1", 1.5, "accepted")]);
    expect(await loadUpcomingSessions(t.store, ME, "es", NOW)).toEqual([
      {
        id: "s1",
        skillLabel: "Guitarra",
        start: NOW + 1.5 * DAY,
        state: "accepted",
        role: "mentor",
        otherName: { text: "Ana Lima", own: true },
      },
    ]);
  });

  it("reads nothing on a later visit until a booking or a shown member's profile is written", async () => {
    await seed([booking("tomorrow", 1, "accepted")]);
    await loadUpcomingSessions(t.store, ME, "en", NOW);
    const query = vi.spyOn(t.store, "query");
    const getAll = vi.spyOn(t.store, "getAll");
    const get = vi.spyOn(t.store, "get");
    const again = await loadUpcomingSessions(t.store, ME, "en", NOW + HOUR);
    expect(query).not.toHaveBeenCalled();
    expect(getAll).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
    expect(again.map((s) => [s.id, s.otherName])).toEqual([["tomorrow", { text: "Ana Lima", own: true }]]);

    await t.store.transaction(async (tx) => {
      tx.set(`${BOOKINGS}/asked`, booking("asked", 2, "requested", { other: "bea" }).data);
      tx.set(userPath("bea"), { fullName: "Bea Costa" });
    });
    await t.store.update(userPath("ana"), { fullName: "Ana Souza" });
    expect((await loadUpcomingSessions(t.store, ME, "en", NOW + HOUR)).map((s) => [s.id, s.otherName])).toEqual([
      ["tomorrow", { text: "Ana Souza", own: true }],
      ["asked", { text: "Bea Costa", own: true }],
    ]);

    await t.store.update(`${BOOKINGS}/tomorrow`, { state: "cancelled" });
    expect(ids(await loadUpcomingSessions(t.store, ME, "en", NOW + HOUR))).toEqual(["asked"]);
  });

  it("shares the read with /calendar: the dashboard after the calendar reads nothing", async () => {
    await seed([booking("tomorrow", 1, "accepted")]);
    await loadCalendarPage(t.store, ME, { from: NOW - 3 * DAY, to: NOW + 4 * DAY }, "en", NOW);
    const query = vi.spyOn(t.store, "query");
    expect(ids(await loadUpcomingSessions(t.store, ME, "en", NOW))).toEqual(["tomorrow"]);
    expect(query).not.toHaveBeenCalled();
  });
});
