/** setSkills on the real embedded store: profile, per-tag index and the catalog of skills in use. */
import { describe, expect, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { membersWithSkill, setSkills, skillsInUse } from "./skills.server";
import { toSkill, type SkillLevel } from "./tags";

const { store } = useTempStore("skills-");
const skill = (name: string, level: SkillLevel = "expert") => toSkill(name, level)!;

async function member(uid: string) {
  await store.set(`users/${uid}`, { fullName: uid, xp: 0 });
  return uid;
}

describe("setSkills", () => {
  it("counts members per skill in the catalog, once per member whichever list holds it", async () => {
    const a = await member("a");
    const b = await member("b");
    await setSkills(store, a, [skill("Sourdough scoring"), skill("JS")], [skill("sourdough scoring", "beginner")]);
    await setSkills(store, b, [], [skill("Sourdough Scoring")]);
    expect(await skillsInUse(store)).toEqual([
      { tag: "sourdough scoring", label: "Sourdough scoring" },
      { tag: "javascript", label: "JavaScript" },
    ]);
    expect((await store.get("skillCatalog/sourdough%20scoring"))?.data.members).toBe(2);
    expect((await membersWithSkill(store, "javascript", "teachers")).map((m) => m.uid)).toEqual([a]);
  });
  it("drops a skill from the catalog when its last member lets it go", async () => {
    const a = await member("a");
    await setSkills(store, a, [skill("Sourdough scoring"), skill("Go")], []);
    await setSkills(store, a, [skill("Go")], []);
    expect(await skillsInUse(store)).toEqual([{ tag: "go", label: "Go" }]);
    await setSkills(store, a, [], []);
    expect(await skillsInUse(store)).toEqual([]);
    expect(await membersWithSkill(store, "go", "teachers")).toEqual([]);
  });
});
