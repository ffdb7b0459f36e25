import { describe, expect, it, vi } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { teachingPath } from "~/documents/bookings";
import { getUser, userPath } from "~/documents/users";
import { getTeachingSettings, saveAvailability } from "./teaching.server";

const t = useTempStore();
const ME = "me";
const MORNINGS = [{ weekday: 1, start: "09:00", end: "12:00" }];
const EVENINGS = [{ weekday: 1, start: "18:00", end: "21:00" }];

async function seedTeacher() {
  await t.store.set(userPath(ME), {
    fullName: "Mia Mentor",
    timezone: "Europe/Madrid",
    skillsOffered: [{ tag: "guitar", label: "Guitar", level: "expert" }],
  });
  await saveAvailability(t.store, ME, { timezone: "Europe/Lisbon", weekly: MORNINGS, exceptions: [] });
}

const gotten = (get: { mock: { calls: unknown[][] } }) => get.mock.calls.map(([path]) => path);

describe("getTeachingSettings: what /calendar and the booking panel read of a mentor (issue 28)", () => {
  it("takes the profile the caller already read instead of reading it again", async () => {
    await seedTeacher();
    const profile = (await getUser(t.store, ME))!;
    const get = vi.spyOn(t.store, "get");
    const settings = await getTeachingSettings(t.store, ME, profile);
    expect(gotten(get)).not.toContain(userPath(ME));
    expect(settings).toMatchObject({
      timeZone: "Europe/Lisbon",
      offered: [{ tag: "guitar", label: "Guitar" }],
      teaching: { weekly: MORNINGS },
    });
  });

  it("keeps the teaching document until it is written, and shows the new hours at once", async () => {
    await seedTeacher();
    await getTeachingSettings(t.store, ME);
    const get = vi.spyOn(t.store, "get");
    await t.store.set(teachingPath("someone-else"), { weekly: EVENINGS });
    expect((await getTeachingSettings(t.store, ME)).teaching.weekly).toEqual(MORNINGS);
    expect(gotten(get)).not.toContain(teachingPath(ME));

    await saveAvailability(t.store, ME, { timezone: "Europe/Lisbon", weekly: EVENINGS, exceptions: [] });
    expect((await getTeachingSettings(t.store, ME)).teaching.weekly).toEqual(EVENINGS);
  });
});
