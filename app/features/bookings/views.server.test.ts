import { describe, expect, expectTypeOf, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { NOW, teachDuringWorkingWeek } from "../../../tests/support/teaching";
import { loadBookingPanel } from "./views.server";

const { store } = useTempStore("booking-panel-");

async function mentor(uid: string, fullName: string) {
  await store.set(`users/${uid}`, {
    fullName,
    xp: 0,
    timezone: "UTC",
    skillsOffered: [{ tag: "guitar", label: "Guitar", level: "expert" }],
  });
  await teachDuringWorkingWeek(store, uid, { guitar: 20 });
}

describe("loadBookingPanel: in the viewer's language, with no English default", () => {
  it("names a mentor with no name and a built-in skill in the viewer's words", async () => {
    await mentor("blank", "  ");
    const panel = (language: string) => loadBookingPanel(store, "blank", { uid: "learner", language }, NOW);
    expect(await panel("es")).toMatchObject({
      mentorName: { text: "Miembro", own: false },
      skills: [{ tag: "guitar", label: "Guitarra" }],
    });
    expect(await panel("fr")).toMatchObject({
      mentorName: { text: "Membre", own: false },
      skills: [{ label: "Guitare" }],
    });
    expect(await panel("en")).toMatchObject({
      mentorName: { text: "Member", own: false },
      skills: [{ label: "Guitar" }],
    });
  });

  it("shows a named mentor's own name as written", async () => {
    await mentor("ana", " Ana López ");
    expect(await loadBookingPanel(store, "ana", { uid: "learner", language: "ar" }, NOW)).toMatchObject({
      mentorName: { text: "Ana López", own: true },
    });
  });

  it("cannot be called without the viewer's language (checked by tsc)", () => {
    // @ts-expect-error the viewer's language is required: a caller that forgets it does not compile
    expectTypeOf(loadBookingPanel).toBeCallableWith(store, "ana", { uid: "learner" });
  });
});
