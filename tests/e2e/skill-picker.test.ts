import { expect, test, type Page } from "./support/test";
import { createUser, openAs, PASSWORD, uniqueEmail } from "./support/fixtures";
import { e2eStore, uidOf } from "./support/store";
import { openWithScriptsHeld } from "./support/scripts-held";
import { setSkills } from "~/features/skills/skills.server";
import { toSkill } from "~/features/skills/tags";

/** Skills are picked from one taxonomy, with levels, on the onboarding's second step and on /profile (issue 17). */

const storedSkills = async (uid: string) => {
  const doc = await e2eStore().get(`users/${uid}`);
  return { offered: doc?.data.skillsOffered, wanted: doc?.data.skillsWanted };
};

test("a newcomer picks skills by keyboard on the second step of setting up, and the synonym JS saves JavaScript", async ({
  page,
}) => {
  const email = uniqueEmail("picker");
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/profile-setup/);
  await expect(page.getByText("Step 1 of 2")).toBeVisible();
  await page.getByLabel("Full name").fill("Pia Picker");
  await page.getByRole("button", { name: "Next: your skills" }).click();
  await expect(page.getByRole("heading", { name: "What can you teach? What do you want to learn?" })).toBeFocused();

  const teach = page.getByRole("combobox", { name: "What you can teach" });
  await teach.fill("js");
  await expect(teach).toHaveAttribute("aria-expanded", "true");
  const firstOption = page.getByRole("listbox").getByRole("option").first();
  await expect(firstOption).toContainText("JavaScript");
  await expect(firstOption).toHaveAttribute("aria-selected", "true");
  await teach.press("Enter");
  await expect(page.getByRole("list", { name: "What you can teach" }).getByText("JavaScript")).toBeVisible();
  await page.getByLabel("Level for JavaScript").selectOption("expert");
  // Free entry when nothing in the taxonomy or in other members' skills fits: unique per run, because a
  // free entry saved by an earlier run becomes one of the members' skills that the picker suggests.
  const word =
    Math.random()
      .toString(36)
      .replace(/[^a-z]/g, "")
      .slice(0, 6) || "crumb";
  await teach.fill(`Sourdough   scoring ${word}`);
  await expect(page.getByRole("option", { name: `Add "Sourdough scoring ${word}"` })).toBeVisible();
  await teach.press("Enter");

  const learn = page.getByRole("combobox", { name: "What you want to learn" });
  await learn.fill("espa");
  await learn.press("ArrowDown");
  await learn.press("ArrowUp");
  await learn.press("Enter");
  await expect(page.getByRole("list", { name: "What you want to learn" }).getByText("Spanish")).toBeVisible();

  await page.getByRole("button", { name: "Continue to your dashboard", exact: true }).click();
  await page.waitForURL(/\/dashboard/);
  const uid = (await uidOf(email))!;
  expect(await storedSkills(uid)).toEqual({
    offered: [
      { tag: "javascript", label: "JavaScript", level: "expert" },
      { tag: `sourdough scoring ${word}`, label: `Sourdough scoring ${word}`, level: "intermediate" },
    ],
    wanted: [{ tag: "spanish", label: "Spanish", level: "beginner" }],
  });
  // The skill index answers "who teaches JavaScript?" with the newcomer.
  expect(await e2eStore().get(`skillIndex/javascript/teachers/${uid}`)).not.toBeNull();
});

test("the skills step can be skipped, and a refused name brings the first step back", async ({ page }) => {
  const email = uniqueEmail("skipper");
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/profile-setup/);
  await page.getByLabel("Full name").fill("A");
  await page.getByRole("button", { name: "Next: your skills" }).click();
  await page.getByRole("button", { name: "Continue to your dashboard", exact: true }).click();
  await expect(page.getByText("Enter at least 2 characters.")).toBeVisible();
  await expect(page.getByText("Step 1 of 2")).toBeVisible();
  await page.getByLabel("Full name").fill("Sam Skipper");
  await page.getByRole("button", { name: "Skip skills and continue to your dashboard" }).click();
  await page.waitForURL(/\/dashboard/);
  expect(await storedSkills((await uidOf(email))!)).toEqual({ offered: [], wanted: [] });
});

async function addSkill(page: Page, list: string, typed: string) {
  const box = page.getByRole("combobox", { name: list });
  await box.fill(typed);
  await box.press("Enter");
}

test("on /profile the picker edits existing skills, suggests what other members use, and saves", async ({
  browser,
  baseURL,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const other = await createUser({ fullName: `Olga Other ${suffix}` });
  // A skill only members use, unique to this run, so the suggestion can only come from the catalog.
  const memberSkill = `Kombucha brewing ${suffix}`;
  await setSkills(e2eStore(), other.uid, [toSkill(memberSkill, "expert")!], []);
  const user = await createUser({ fullName: `Pat Profile ${suffix}` });
  await setSkills(e2eStore(), user.uid, [toSkill("Guitar", "expert")!, toSkill("Piano", "beginner")!], []);
  const page = await openAs(browser, user, baseURL!, { path: "/profile", viewport: { width: 390, height: 844 } });

  const teaching = page.getByRole("list", { name: "Skills you teach" });
  await expect(teaching.getByText("Guitar")).toBeVisible();
  await expect(page.getByLabel("Level for Guitar")).toHaveValue("expert");
  await page.getByRole("button", { name: "Remove Piano" }).click();
  await expect(teaching.getByText("Piano")).toHaveCount(0);

  const teach = page.getByRole("combobox", { name: "Skills you teach" });
  await teach.fill(`kombucha brewing ${suffix}`);
  await expect(page.getByRole("listbox").getByRole("option").first()).toContainText(memberSkill);
  await expect(page.getByRole("listbox").getByRole("option").first()).toContainText("used by members");
  await teach.press("Enter");
  await addSkill(page, "Skills you want to learn", "golang");
  await expect(
    page.getByRole("list", { name: "Skills you want to learn" }).getByText("Go", { exact: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile was saved.")).toBeVisible();
  expect(await storedSkills(user.uid)).toEqual({
    offered: [
      { tag: "guitar", label: "Guitar", level: "expert" },
      { tag: `kombucha brewing ${suffix}`, label: memberSkill, level: "intermediate" },
    ],
    wanted: [{ tag: "go", label: "Go", level: "beginner" }],
  });
  await page.context().close();
});

test("ten skills fill a list; the plain-text fallback refuses a level nobody offers", async ({ browser, baseURL }) => {
  const user = await createUser({ fullName: `Tess Ten ${Math.random().toString(36).slice(2, 8)}` });
  const ten = ["Guitar", "Piano", "Drums", "Violin", "Cello", "Flute", "Trumpet", "Harmonica", "Singing", "Ukulele"];
  await setSkills(
    e2eStore(),
    user.uid,
    ten.map((s) => toSkill(s, "expert")!),
    [],
  );
  const page = await openAs(browser, user, baseURL!, { path: "/profile" });
  await expect(page.getByRole("combobox", { name: "Skills you teach" })).toBeDisabled();
  await expect(page.getByText("Up to 10; 10 chosen.")).toBeVisible();

  const answer = await page.request.post("/profile", {
    form: { fullName: "Tess Ten", skillsOffered: "Python: guru", skillsWanted: "" },
    headers: { Origin: baseURL! },
  });
  expect(answer.status()).toBe(400);
  expect(await answer.text()).toContain("is not a level: write beginner, intermediate or expert after Python.");
  expect((await storedSkills(user.uid)).offered).toHaveLength(10);
  await page.context().close();
});

test("skills typed into the plain field before the page's scripts ran become the picker's chips and are saved", async ({
  browser,
  baseURL,
}) => {
  const user = await createUser({ fullName: `Sol Slow ${Math.random().toString(36).slice(2, 8)}` });
  await setSkills(e2eStore(), user.uid, [toSkill("Guitar", "expert")!], []);
  const page = await openAs(browser, user, baseURL!);
  const { opened, release } = await openWithScriptsHeld(page, "/profile");
  // Before hydration the picker is its plain-text fallback, one "Skill: level" per line.
  const typed = page.getByRole("textbox", { name: "Skills you teach" });
  await expect(typed).toHaveValue("Guitar: expert");
  await typed.fill("Guitar: expert\nCooking: beginner");
  release();
  await opened;

  // Hydration swaps the field for the picker, which used to start again from the stored skills.
  const teaching = page.getByRole("list", { name: "Skills you teach" });
  await expect(teaching.getByText("Cooking")).toBeVisible();
  await expect(page.getByLabel("Level for Cooking")).toHaveValue("beginner");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile was saved.")).toBeVisible();
  expect((await storedSkills(user.uid)).offered).toEqual([
    { tag: "guitar", label: "Guitar", level: "expert" },
    { tag: "cooking", label: "Cooking", level: "beginner" },
  ]);
  await page.context().close();
});
