/** The data archive on the real embedded store: every area's files against what the store holds, and the build's rules. */
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
import { createLocalAuth } from "~/engine/auth/local.server";
import type { AuthProvider } from "~/engine/auth/types";
import { createLocalFileStore } from "~/engine/files/local.server";
import type { FileStore } from "~/engine/files/types";
import { archiveKey, dataExportPath, getDataExport } from "~/documents/data-exports";
import { MAIL_JOBS } from "~/documents/mail";
import { bookableStarts } from "~/features/bookings/availability";
import { applyCommand, requestBooking } from "~/features/bookings/bookings.server";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { openChat, sendMessage } from "~/features/chat/chat.server";
import { createThread, reply } from "~/features/community/write.server";
import { createProposal } from "~/features/board/proposals.server";
import { postFormSchema } from "~/features/board/rules";
import { createBoardPost } from "~/features/board/write.server";
import { deleteAccount } from "~/features/members/delete-account.server";
import { pictureKey, uploadAvatar } from "~/features/members/avatar.server";
import { saveMember } from "~/features/members/saved.server";
import { ensureProfile } from "~/features/profile/bootstrap.server";
import { setSkills } from "~/features/skills/skills.server";
import { getBalance } from "~/features/wallet/ledger.server";
import { parseCsv } from "../../../tests/support/parse-csv";
import { useTempStore } from "../../../tests/support/temp-store";
import { HIDDEN_MESSAGE_TEXT } from "./areas.server";
import { openArchive, requestExport, runExportWork, type ExportWorkDeps } from "./export.server";
import { CLAIM_MS, DAY_MS, LINK_LIFETIME_MS, MAX_ATTEMPTS } from "./rules";

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 2, 2, 0, 0);
const PASSWORD = "correct horse battery";
const WEEK = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "18:00" }));
const PNG = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);

const { store, dir } = useTempStore("data-export-");
let auth: AuthProvider;
let files: FileStore;
const deps = (workerId = "w1"): ExportWorkDeps => ({
  files,
  account: async (uid) => auth.getUser(uid),
  signIns: (uid) => auth.signInHistory(uid),
  workerId,
});

beforeEach(() => {
  auth = createLocalAuth(store, { mail: async () => {} });
  files = createLocalFileStore(path.join(dir(), "files"));
});

async function member(email: string, fullName: string, offered: string, wanted: string) {
  const user = await auth.signUp({ kind: "password", email, password: PASSWORD, clientKey: "" });
  await auth.startSession(user, { kind: "password", email, password: PASSWORD, clientKey: "" });
  await ensureProfile(store, user.uid, NOW - 100 * HOUR);
  await setSkills(
    store,
    user.uid,
    [{ tag: offered.toLowerCase(), label: offered, level: "expert" }],
    [{ tag: wanted.toLowerCase(), label: wanted, level: "beginner" }],
    { fullName, bio: `${fullName}'s bio`, languages: ["English"] },
  );
  await saveAvailability(store, user.uid, { timezone: "UTC", weekly: WEEK, exceptions: [] }, NOW);
  await saveRates(store, user.uid, { [offered.toLowerCase()]: 40 }, NOW);
  return user.uid;
}

const slot = (daysAhead: number) =>
  bookableStarts({ weekly: WEEK, exceptions: [] }, "UTC", {
    from: NOW + daysAhead * 24 * HOUR,
    to: NOW + (daysAhead + 1) * 24 * HOUR,
    durationMinutes: 60,
  })[0];

async function archiveOf(uid: string): Promise<Record<string, Uint8Array>> {
  const doc = (await getDataExport(store, uid))!;
  const file = (await files.get(archiveKey(uid, doc.archiveId)))!;
  return unzipSync(file.bytes);
}
const json = (zip: Record<string, Uint8Array>, name: string) =>
  JSON.parse(strFromU8(zip[name])) as Record<string, unknown>[];
const csv = (zip: Record<string, Uint8Array>, name: string) => parseCsv(strFromU8(zip[name]).replace(/^\uFEFF/, ""));

describe("the data archive", () => {
  it("holds every area as JSON and CSV with the same rows, the pictures and a README", async () => {
    const ana = await member("ana@example.com", 'Ana "=Ledger", Jr', "Spanish", "Guitar");
    const ben = await member("ben@example.com", "Ben Other", "Guitar", "Spanish");
    await uploadAvatar(store, files, ana, PNG, NOW);
    await saveMember(store, ana, ben, NOW);
    const chatId = await openChat(store, ben, ana, NOW);
    await sendMessage(store, ben, chatId, "Hola Ana!", NOW + 1);
    await sendMessage(store, ana, chatId, '=HYPERLINK("x"), with a comma\nand a line', NOW + 2);
    const { messageId } = (await sendMessage(store, ben, chatId, "rude words", NOW + 3)) as { messageId?: string };
    const hideId =
      messageId ??
      (await store.query({ collection: `chats/${chatId}/messages`, where: [["text", "==", "rude words"]] }))[0].id;
    await store.update(`chats/${chatId}/messages/${hideId}`, { hidden: true, text: "" });
    const booked = await requestBooking(
      store,
      { learnerUid: ana, mentorUid: ben, skillTag: "guitar", start: slot(2), durationMinutes: 60 },
      NOW,
    );
    await applyCommand(store, booked.id, { uid: ben }, { kind: "accept" }, NOW);
    await requestBooking(
      store,
      { learnerUid: ben, mentorUid: ana, skillTag: "spanish", start: slot(3), durationMinutes: 60 },
      NOW,
    );
    const { threadId } = await createThread(
      store,
      ana,
      { spaceId: "general", title: "Learning guitar", body: "Where to start?", skillTag: "" },
      NOW,
    );
    await reply(store, ben, threadId, { body: "Chords first." }, NOW + 10);
    await reply(store, ana, threadId, { body: "Thanks, Ben" }, NOW + 20);
    const need = postFormSchema.parse({
      type: "need",
      skill: "Guitar",
      title: "Help me tune, please",
      description: "+1 for patience",
      format: "online",
      priceKind: "per_hour",
      sp: "20",
    });
    const { postId } = await createBoardPost(store, ana, need, NOW + 30);
    await createProposal(
      store,
      ben,
      { postId, start: slot(4), durationMinutes: 60, kind: "sp", sp: 20, message: "I can help" },
      NOW + 40,
    );
    // Ben answers her need by message too, quoting it (decision 070).
    await sendMessage(store, ben, chatId, "Or we just talk it over", NOW + 41, postId);

    expect(await requestExport(store, files, ana, NOW + HOUR)).toEqual({ ok: true });
    expect(await runExportWork(store, deps(), NOW + HOUR)).toEqual({ built: 1, failed: 0 });
    const zip = await archiveOf(ana);
    const areas = [
      "profile",
      "skills",
      "availability",
      "wallet-ledger",
      "payments",
      "subscriptions",
      "sessions",
      "reviews",
      "messages",
      "forum-threads",
      "forum-posts",
      "board-posts",
      "board-proposals",
      "board-answers",
      "saved-profiles",
      "notifications",
      "sign-ins",
    ];
    expect(Object.keys(zip).sort()).toEqual(
      [
        "README.html",
        ...areas.flatMap((a) => [`${a}.json`, `${a}.csv`]),
        "pictures/profile-64.webp",
        "pictures/profile-128.webp",
        "pictures/profile-256.webp",
        "pictures/profile-512.webp",
      ].sort(),
    );
    // JSON and CSV hold the same rows, field for field (CSV escapes formulas with an apostrophe).
    for (const area of areas) {
      const rows = json(zip, `${area}.json`);
      const [header, ...lines] = csv(zip, `${area}.csv`);
      expect(lines.length, area).toBe(rows.length);
      lines.forEach((line, i) =>
        header.forEach((column, c) => {
          const value = rows[i][column];
          const text = value === null || value === undefined ? "" : String(value);
          expect(line[c].replace(/^'(?=[=+\-@\t\r])/, ""), `${area} ${column}`).toBe(text);
        }),
      );
    }

    expect(json(zip, "profile.json")).toEqual([
      expect.objectContaining({
        uid: ana,
        email: "ana@example.com",
        fullName: 'Ana "=Ledger", Jr',
        bio: expect.any(String),
      }),
    ]);
    expect(json(zip, "skills.json")).toEqual([
      { list: "offered", skill: "Spanish", tag: "spanish", level: "expert", ratePerHour: 40 },
      { list: "wanted", skill: "Guitar", tag: "guitar", level: "beginner", ratePerHour: null },
    ]);
    expect(json(zip, "availability.json")).toHaveLength(5);

    // The ledger: every entry, and the running balance ends at the wallet's balance.
    const ledger = json(zip, "wallet-ledger.json");
    const entries = await store.query({ collection: `wallets/${ana}/transactions` });
    expect(ledger).toHaveLength(entries.length);
    expect(ledger.reduce((sum, e) => sum + (e.amount as number), 0)).toBe(await getBalance(store, ana));
    expect(ledger.at(-1)!.balanceAfter).toBe(await getBalance(store, ana));
    expect(ledger.find((e) => e.ref === booked.id)).toMatchObject({ kind: "booking_hold", counterparty: "Ben Other" });

    expect(json(zip, "sessions.json").map((s) => [s.role, s.otherMember, s.state])).toEqual([
      ["learner", "Ben Other", "accepted"],
      ["mentor", "Ben Other", "requested"],
    ]);

    // Messages: sent and received, the hidden one as hidden without its text.
    const messages = json(zip, "messages.json");
    expect(messages.map((m) => [m.from, m.text, m.hidden])).toEqual([
      ["Ben Other", "Hola Ana!", false],
      ["you", '=HYPERLINK("x"), with a comma\nand a line', false],
      ["Ben Other", HIDDEN_MESSAGE_TEXT, true],
      ["Ben Other", "Or we just talk it over", false],
    ]);
    expect(strFromU8(zip["messages.csv"])).toContain(`"'=HYPERLINK(""x""), with a comma\nand a line"`);

    expect(json(zip, "forum-threads.json")).toEqual([
      expect.objectContaining({ id: threadId, title: "Learning guitar", replies: 2 }),
    ]);
    expect(json(zip, "forum-posts.json").map((p) => [p.body, p.opening])).toEqual([
      ["Where to start?", true],
      ["Thanks, Ben", false],
    ]);
    expect(json(zip, "board-posts.json")).toEqual([
      expect.objectContaining({ id: postId, type: "need", title: "Help me tune, please", price: "20 SP per hour" }),
    ]);
    expect(strFromU8(zip["board-posts.csv"])).toContain(",'+1 for patience,");
    expect(json(zip, "board-proposals.json")).toEqual([
      expect.objectContaining({ direction: "received", postId, otherMember: "Ben Other", sp: 20, status: "pending" }),
    ]);
    expect(json(zip, "board-answers.json")).toEqual([
      {
        postId,
        direction: "received",
        otherMember: "Ben Other",
        kind: "message",
        times: 1,
        firstAt: new Date(NOW + 41).toISOString(),
        lastAt: new Date(NOW + 41).toISOString(),
      },
    ]);
    expect(json(zip, "saved-profiles.json")).toEqual([
      { uid: ben, name: "Ben Other", savedAt: new Date(NOW).toISOString() },
    ]);
    expect(json(zip, "notifications.json").length).toBe(
      (await store.query({ collection: `notifications/${ana}/messages` })).length - 1, // the "ready" notice came after
    );
    expect(json(zip, "sign-ins.json").map((s) => s.event)).toEqual(["account created", "signed in (session)"]);

    const picture = ((await store.get(`users/${ana}`))!.data.profilePicture as string).split("/").pop()!;
    expect(zip["pictures/profile-512.webp"]).toEqual((await files.get(pictureKey(ana, picture, 512)))!.bytes);

    const readme = strFromU8(zip["README.html"]);
    expect(readme).toContain("<title>Your SkillSwap data</title>");
    expect(readme).toContain("Ana &quot;=Ledger&quot;, Jr");
    for (const area of areas) expect(readme).toContain(`href="${area}.csv"`);
  });

  it("tells the member by notification and queues the e-mail, once, and serves it only to them for 7 days", async () => {
    const ana = await member("ana@example.com", "Ana", "Spanish", "Guitar");
    const ben = await member("ben@example.com", "Ben", "Guitar", "Spanish");
    await requestExport(store, files, ana, NOW);
    await runExportWork(store, deps(), NOW);
    await runExportWork(store, deps(), NOW + 1);
    const doc = (await getDataExport(store, ana))!;
    expect(doc).toMatchObject({ state: "ready", attempts: 1, expiresAt: expect.any(Number) });
    const notices = await store.query({
      collection: `notifications/${ana}/messages`,
      where: [["type", "==", "system"]],
    });
    expect(notices.map((n) => n.data.title)).toEqual(["Your data is ready to download"]);
    const mails = await store.query({ collection: MAIL_JOBS, where: [["uid", "==", ana]] });
    expect(mails.map((m) => m.data.kind)).toEqual(["data_export_ready"]);

    expect(await openArchive(store, files, ana, doc.archiveId, doc.expiresAt! - 1)).toMatchObject({ size: doc.size });
    expect(await openArchive(store, files, ben, doc.archiveId, doc.expiresAt! - 1)).toBeNull();
    expect(await openArchive(store, files, ana, doc.archiveId, doc.expiresAt!)).toBeNull();
    expect(await openArchive(store, files, ana, "0".repeat(32), doc.expiresAt! - 1)).toBeNull();
    expect(doc.expiresAt! - doc.readyAt!).toBe(LINK_LIFETIME_MS);
  });

  it("allows one archive a day, says so while one is being made, and removes the old file when replaced", async () => {
    const ana = await member("ana@example.com", "Ana", "Spanish", "Guitar");
    expect(await requestExport(store, files, ana, NOW)).toEqual({ ok: true });
    expect(await requestExport(store, files, ana, NOW + 1)).toEqual({ ok: false, reason: "building" });
    await runExportWork(store, deps(), NOW + 2);
    const first = (await getDataExport(store, ana))!;
    expect(await requestExport(store, files, ana, NOW + DAY_MS - 1)).toEqual({
      ok: false,
      reason: "too_soon",
      nextAt: NOW + DAY_MS,
    });
    expect(await requestExport(store, files, ana, NOW + DAY_MS)).toEqual({ ok: true });
    expect(await files.get(archiveKey(ana, first.archiveId))).toBeNull();
  });

  it("is built by exactly one of two workers that run at once", async () => {
    const ana = await member("ana@example.com", "Ana", "Spanish", "Guitar");
    await requestExport(store, files, ana, NOW);
    const reports = await Promise.all([runExportWork(store, deps("w1"), NOW), runExportWork(store, deps("w2"), NOW)]);
    expect(reports.map((r) => r.built).sort()).toEqual([0, 1]);
    expect(
      (await store.query({ collection: `notifications/${ana}/messages`, where: [["type", "==", "system"]] })).length,
    ).toBe(1);
  });

  it("is built again by the next run after its worker stopped mid-build, and fails after the last attempt", async () => {
    const ana = await member("ana@example.com", "Ana", "Spanish", "Guitar");
    await requestExport(store, files, ana, NOW);
    // A worker claimed it and died: its claim is still live, so nobody else touches it…
    await store.update(dataExportPath(ana), {
      state: "building",
      worker: "dead",
      claimedUntil: NOW + CLAIM_MS,
      attempts: 1,
    });
    expect(await runExportWork(store, deps(), NOW + 1)).toEqual({ built: 0, failed: 0 });
    // …until the claim runs out; then the next run builds it.
    expect(await runExportWork(store, deps(), NOW + CLAIM_MS)).toEqual({ built: 1, failed: 0 });
    expect(await getDataExport(store, ana)).toMatchObject({ state: "ready", attempts: 2, worker: null });

    await store.update(dataExportPath(ana), {
      state: "building",
      worker: "dead",
      claimedUntil: NOW,
      attempts: MAX_ATTEMPTS,
    });
    expect(await runExportWork(store, deps(), NOW + 1)).toEqual({ built: 0, failed: 1 });
    expect(await getDataExport(store, ana)).toMatchObject({ state: "failed" });
    expect(await requestExport(store, files, ana, NOW + 2)).toEqual({ ok: true });
  });

  it("goes with the account: deletion removes the archive's file and document", async () => {
    const ana = await member("ana@example.com", "Ana", "Spanish", "Guitar");
    await requestExport(store, files, ana, NOW);
    await runExportWork(store, deps(), NOW);
    const doc = (await getDataExport(store, ana))!;
    await deleteAccount({ store, auth, files }, ana, NOW + 1);
    expect(await store.get(dataExportPath(ana))).toBeNull();
    expect(await files.get(archiveKey(ana, doc.archiveId))).toBeNull();
  });
});
