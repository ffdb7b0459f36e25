/**
 * "Download my data" end to end (issue 32, decision 042): a member with a busy history (the demo
 * community's Lucía Fernández and Daniel Okafor, their demo conversation, picture and forum
 * thread, plus the member's own sessions, saved profile and ledger) asks for the archive in
 * Settings; the server's timed work builds it; the member is told in the bell and by e-mail and
 * downloads it; the test unzips it and checks the files against the store. Another member, a
 * made-up id and a signed-out browser get nothing.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { archiveKey, dataExportPath, getDataExport } from "~/documents/data-exports";
import { createLocalFileStore } from "~/engine/files/local.server";
import { applyCommand, requestBooking } from "~/features/bookings/bookings.server";
import { bookableStarts } from "~/features/bookings/availability";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { openChat, sendMessage } from "~/features/chat/chat.server";
import { createThread, reply } from "~/features/community/write.server";
import { pictureKey, uploadAvatar } from "~/features/members/avatar.server";
import { saveMember } from "~/features/members/saved.server";
import { setSkills } from "~/features/skills/skills.server";
import { parseSkillLines } from "~/features/skills/tags";
import { DEMO_CHATS, DEMO_MEMBERS, DEMO_THREADS } from "../../scripts/demo-community";
import { parseCsv } from "../support/parse-csv";
import { createUser, openAs, signInAs, uniqueEmail } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { expect, test } from "./support/test";

const HOUR = 3_600_000;
const WEEK = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "08:00", end: "20:00" }));
const demo = (slug: string) => DEMO_MEMBERS.find((m) => m.slug === slug)!;

async function demoMember(slug: string) {
  const m = demo(slug);
  const store = e2eStore();
  const user = await createUser({ fullName: m.fullName, email: uniqueEmail(slug) });
  const offered = parseSkillLines(m.teaches).skills;
  await setSkills(store, user.uid, offered, parseSkillLines(m.learns).skills, {
    fullName: m.fullName,
    bio: m.bio,
    timezone: "UTC",
    languages: m.languages,
  });
  const files = createLocalFileStore(path.join(process.env.E2E_DATA_DIR!, "files"));
  await uploadAvatar(store, files, user.uid, new Uint8Array(readFileSync(`scripts/demo-avatars/${slug}.png`)));
  await saveAvailability(store, user.uid, { timezone: "UTC", weekly: WEEK, exceptions: [] });
  await saveRates(store, user.uid, Object.fromEntries(offered.map((s) => [s.tag, m.rate])));
  return user;
}

async function busyHistory(lucia: { uid: string }, daniel: { uid: string }) {
  const store = e2eStore();
  const now = Date.now();
  // The demo conversation, then more of the member's own, one of them hidden by a moderator.
  const chatId = await openChat(store, daniel.uid, lucia.uid, now - 5 * HOUR);
  const lines = DEMO_CHATS.find(([a, b]) => a === "daniel-okafor" && b === "lucia-fernandez")![2];
  for (const [i, text] of lines.entries())
    await sendMessage(store, i % 2 === 0 ? daniel.uid : lucia.uid, chatId, text, now - 4 * HOUR + i * 60_000);
  for (let i = 0; i < 30; i++)
    await sendMessage(
      store,
      i % 3 === 0 ? lucia.uid : daniel.uid,
      chatId,
      `Practice line ${i}, "quoted", with commas`,
      now - 3 * HOUR + i * 1000,
    );
  const spam = await store.query({
    collection: `chats/${chatId}/messages`,
    orderBy: [["timestamp", "desc"]],
    limit: 1,
  });
  await store.update(spam[0].path, { hidden: true, text: "" });
  // The demo's first thread, with Lucía's demo reply and Daniel's.
  const [, , title, body, replies] = DEMO_THREADS[0];
  const { threadId } = await createThread(
    store,
    daniel.uid,
    { spaceId: "introductions", title, body, skillTag: "" },
    now - 2 * HOUR,
  );
  await reply(store, lucia.uid, threadId, { body: replies[1][1] }, now - 2 * HOUR + 1000);
  await reply(store, lucia.uid, threadId, { body: "=1+1 is not a formula here" }, now - 2 * HOUR + 2000);
  // Sessions both ways: Lucía learns React from Daniel (accepted, SP held), and teaches him Spanish.
  const start = (days: number) =>
    bookableStarts({ weekly: WEEK, exceptions: [] }, "UTC", {
      from: now + days * 24 * HOUR,
      to: now + (days + 1) * 24 * HOUR,
      durationMinutes: 60,
    })[0];
  const learn = await requestBooking(store, {
    learnerUid: lucia.uid,
    mentorUid: daniel.uid,
    skillTag: "react",
    start: start(3),
    durationMinutes: 60,
  });
  await applyCommand(store, learn.id, { uid: daniel.uid }, { kind: "accept" });
  await requestBooking(store, {
    learnerUid: daniel.uid,
    mentorUid: lucia.uid,
    skillTag: "spanish",
    start: start(4),
    durationMinutes: 60,
  });
  await saveMember(store, lucia.uid, daniel.uid);
  return { chatId, threadId };
}

test.describe("Download my data", () => {
  test("a member with a busy history gets one complete archive; nobody else can download it", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const lucia = await demoMember("lucia-fernandez");
    const daniel = await demoMember("daniel-okafor");
    const { chatId } = await busyHistory(lucia, daniel);
    const store = e2eStore();

    await signInAs(page.context(), lucia, baseURL!);
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Your data" });
    await section.getByRole("button", { name: "Download my data" }).click();
    await expect(page.getByText("We are gathering your data.")).toBeVisible();
    await expect(section.getByRole("status")).toHaveText(
      "Your archive is being made. We will tell you when it is ready.",
    );
    await expect(section.getByRole("button", { name: "Download my data" })).toHaveCount(0);

    // The server's timed work builds it; the member is told in the bell …
    await expect(async () => {
      await page.goto("/notifications");
      await expect(page.getByText("Your data is ready to download")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    // … and by e-mail, which points at Settings, not at the file.
    await expect
      .poll(
        async () => {
          const mails = await store.query<{ subject: string; text: string }>({
            collection: "outbox",
            where: [["to", "==", lucia.email]],
          });
          return mails.map((m) => m.data.subject);
        },
        { timeout: 30_000 },
      )
      .toContain("Your SkillSwap data is ready to download");

    await page.goto("/settings");
    const link = section.getByRole("link", { name: /^Download my data \(\d+ KB\)$/ });
    await expect(link).toBeVisible();
    await expect(section.getByText(/The link works for you, signed in, until/)).toBeVisible();
    const href = (await link.getAttribute("href"))!;
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^skillswap-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const json = (name: string) => JSON.parse(strFromU8(zip[name])) as Record<string, unknown>[];
    const csvRows = (name: string) => parseCsv(strFromU8(zip[name]).replace(/^\uFEFF/, "")).slice(1);

    // Every area as JSON and CSV with as many rows, and a README that names them.
    const readme = strFromU8(zip["README.html"]);
    const areas = Object.keys(zip)
      .filter((n) => n.endsWith(".json"))
      .map((n) => n.slice(0, -5));
    expect(areas.length).toBeGreaterThanOrEqual(14);
    for (const area of areas) {
      expect(csvRows(`${area}.csv`).length, area).toBe(json(`${area}.json`).length);
      expect(readme).toContain(`href="${area}.csv"`);
    }

    // The ledger: every entry, summing to the balance.
    const entries = await store.query({ collection: `wallets/${lucia.uid}/transactions` });
    const ledger = json("wallet-ledger.json");
    const balance = ((await store.get(`wallets/${lucia.uid}`))!.data.balance as number) ?? 0;
    expect(ledger.map((e) => e.id).sort()).toEqual(entries.map((e) => e.id).sort());
    expect(ledger.reduce((sum, e) => sum + (e.amount as number), 0)).toBe(balance);
    expect(ledger.some((e) => e.counterparty === "Daniel Okafor" && e.kind === "booking_hold")).toBe(true);

    // Messages: every message of her conversation, the hidden one without its text.
    const stored = await store.query({ collection: `chats/${chatId}/messages` });
    const messages = json("messages.json");
    expect(messages).toHaveLength(stored.length);
    expect(messages.filter((m) => m.hidden)).toEqual([expect.objectContaining({ text: "(hidden by a moderator)" })]);
    expect(messages.filter((m) => m.from === "you").length).toBe(
      stored.filter((m) => m.data.sender === lucia.uid).length,
    );

    // Sessions in both roles, forum posts, saved profile, profile.
    expect(
      json("sessions.json")
        .map((s) => s.role)
        .sort(),
    ).toEqual(["learner", "mentor"]);
    expect(json("forum-posts.json")).toHaveLength(2);
    expect(csvRows("forum-posts.csv").some((row) => row.includes("'=1+1 is not a formula here"))).toBe(true);
    expect(json("saved-profiles.json")).toEqual([expect.objectContaining({ uid: daniel.uid, name: "Daniel Okafor" })]);
    expect(json("profile.json")).toEqual([
      expect.objectContaining({
        uid: lucia.uid,
        email: lucia.email,
        fullName: "Lucía Fernández",
        bio: demo("lucia-fernandez").bio,
      }),
    ]);
    expect(json("sign-ins.json").some((s) => s.event === "signed in (session)")).toBe(true);

    // The picture, byte for byte as stored.
    const files = createLocalFileStore(path.join(process.env.E2E_DATA_DIR!, "files"));
    const version = ((await store.get(`users/${lucia.uid}`))!.data.profilePicture as string).split("/").pop()!;
    for (const size of [64, 128, 256, 512] as const)
      expect(zip[`pictures/profile-${size}.webp`]).toEqual(
        (await files.get(pictureKey(lucia.uid, version, size)))!.bytes,
      );

    // Daniel, signed in, cannot download it; nor can a made-up id or a signed-out browser.
    const danielPage = await openAs(browser, daniel, baseURL!);
    const refused = await danielPage.request.get(href);
    expect(refused.status()).toBe(404);
    expect(await refused.text()).toBe("Not found");
    expect((await page.request.get(`/settings/data/${"0".repeat(32)}`)).status()).toBe(404);
    const signedOut = await browser.newContext();
    const anonymous = await signedOut.request.get(`${baseURL}${href}`, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers().location).toMatch(/^\/auth\?redirectTo=/);
    await signedOut.close();
    await danielPage.context().close();

    // An expired link answers 404 too.
    const doc = (await getDataExport(store, lucia.uid))!;
    expect(await files.get(archiveKey(lucia.uid, doc.archiveId))).not.toBeNull();
    await store.update(dataExportPath(lucia.uid), { expiresAt: Date.now() - 1 });
    expect((await page.request.get(href)).status()).toBe(404);
  });

  test("asking twice in a day says when the next archive can be made", async ({ page, baseURL }) => {
    const member = await createUser({ fullName: "Once A Day" });
    const store = e2eStore();
    const now = Date.now();
    await store.set(dataExportPath(member.uid), {
      uid: member.uid,
      archiveId: "a".repeat(32),
      state: "ready",
      requestedAt: now - HOUR,
      attempts: 1,
      claimedUntil: 0,
      readyAt: now - HOUR,
      expiresAt: now + 6 * 24 * HOUR,
      size: 2000,
    });
    await signInAs(page.context(), member, baseURL!);
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Your data" });
    await expect(section.getByRole("link", { name: "Download my data (2 KB)" })).toBeVisible();
    await expect(section.getByRole("button", { name: "Make a new archive" })).toHaveCount(0);
    // A request sent anyway (an old tab) is refused with when to ask again.
    await store.update(dataExportPath(member.uid), { requestedAt: now - 23 * HOUR });
    await page.reload();
    const response = await page.request.post("/settings", {
      form: { intent: "export" },
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(response.status()).toBe(429);
    expect(await response.text()).toContain("You can ask for one archive a day. Ask again after");
  });
});
