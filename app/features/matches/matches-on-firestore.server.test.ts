/**
 * findMatches on Firestore, which keeps no read cache (decision 037): every request reads the
 * members its skill lists name. One named on two of the viewer's lists is read once for them per
 * request (decision 143). On Google's emulator, when this machine has it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getUser } from "~/documents/users";
import { connectFirestore, openFirestoreStore } from "~/engine/store/firestore.server";
import type { DocStore } from "~/engine/store/types";
import { setSkills } from "~/features/skills/skills.server";
import { parseSkillLines } from "~/features/skills/tags";
import {
  findCloudFirestoreEmulator,
  startCloudFirestoreEmulator,
  type RunningCloudFirestoreEmulator,
} from "../../../tests/setup/cloud-firestore-emulator";
import { findMatches } from "./matches.server";
import { countingReads } from "../../../tests/support/counting-reads";

const found = findCloudFirestoreEmulator();
let emulator: RunningCloudFirestoreEmulator | undefined;
let store: DocStore;

beforeAll(async () => {
  if (!found.found) return;
  emulator = await startCloudFirestoreEmulator(found);
  store = openFirestoreStore(connectFirestore({ projectId: "demo-matches-reads", emulatorHost: emulator.host }));
}, 180_000);

afterAll(async () => {
  await store?.close();
  await emulator?.stop();
}, 60_000);

async function member(uid: string, offered: string, wanted: string) {
  await store.set(`users/${uid}`, { fullName: uid.toUpperCase(), createdAt: 1 });
  await setSkills(store, uid, parseSkillLines(offered).skills, parseSkillLines(wanted).skills);
}

/** The store, recording the path of every document read through it. */
const counting = () => countingReads(store);

describe.skipIf(!found.found)("findMatches on Firestore (no read cache)", () => {
  it("reads the members its skill lists name once per request, however many lists name them", async () => {
    // Ana teaches Spanish, which I want, and wants Guitar, which I teach: she is on two of my lists.
    await member("me", "Guitar: expert", "Spanish: beginner");
    await member("ana", "Spanish: intermediate", "Guitar: beginner");
    await member("ben", "Spanish: intermediate", "");
    await member("cy", "Chess: expert", "Guitar: beginner");
    await store.set("ratings/ana", { count: 2, sum: 9 });
    const { store: counted, paths: read } = counting();
    const now = Date.now();
    const viewer = { uid: "me", profile: await getUser(store, "me") };

    for (let request = 1; request <= 2; request++) {
      read.length = 0;
      const page = await findMatches(counted, viewer, { language: "en" }, now);
      expect(page.cards.map((c) => [c.member.uid, c.twoWay])).toEqual([
        ["ana", true],
        ["ben", false],
        ["cy", false],
      ]);
      const times = (p: string) => read.filter((r) => r === p).length;
      // Every request reads them again (nothing is kept on Firestore): each profile once for the
      // lists and once for the card (decision 113's read, kept per member on the embedded engine),
      // each rating once. Ana, on two lists, was read three times and her rating twice.
      expect(["users/ana", "ratings/ana", "users/ben", "ratings/ben", "users/cy", "ratings/cy"].map(times)).toEqual([
        2, 1, 2, 1, 2, 1,
      ]);
    }
  }, 60_000);
});
