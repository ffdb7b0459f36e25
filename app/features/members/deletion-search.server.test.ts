/**
 * Issue 32: after an account is deleted, the member's e-mail and name are nowhere in the store —
 * every table of the SQLite file, the full-text indexes included — nor in any file under the data
 * directory, and their id remains only as the key of what other members still need (a
 * conversation, a session, a ledger entry's wallet, a forum post), next to nothing that names them.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeEach, describe, expect, it } from "vitest";
import { createLocalAuth } from "~/engine/auth/local.server";
import type { AuthProvider } from "~/engine/auth/types";
import { createLocalFileStore } from "~/engine/files/local.server";
import { createOutboxTransport } from "~/engine/mail/collection.server";
import { openPresence } from "~/engine/live/presence.server";
import type { FileStore } from "~/engine/files/types";
import { bookableStarts } from "~/features/bookings/availability";
import { applyCommand, requestBooking } from "~/features/bookings/bookings.server";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { openChat, sendMessage } from "~/features/chat/chat.server";
import { createThread, reply } from "~/features/community/write.server";
import { createProposal } from "~/features/board/proposals.server";
import { postFormSchema } from "~/features/board/rules";
import { createBoardPost } from "~/features/board/write.server";
import { requestExport, runExportWork } from "~/features/export/export.server";
import { deliverDueMail } from "~/features/mail/delivery.server";
import { ensureProfile } from "~/features/profile/bootstrap.server";
import { setSkills } from "~/features/skills/skills.server";
import { reconcileAll } from "~/features/wallet/reconcile.server";
import { useTempStore } from "../../../tests/support/temp-store";
import { uploadAvatar } from "./avatar.server";
import { deleteAccount } from "./delete-account.server";
import { saveMember } from "./saved.server";

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

const { store, dir } = useTempStore("deletion-search-");
let auth: AuthProvider;
let files: FileStore;

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
    { fullName, bio: `${fullName} teaches ${offered}`, languages: ["English"] },
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

/** Every row of every table of the store's SQLite file that holds `needle`, as "table: row". */
function storeHits(needle: string): string[] {
  const db = new Database(path.join(dir(), "test.sqlite"), { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    const hits: string[] = [];
    for (const table of tables)
      for (const row of db.prepare(`SELECT * FROM "${table.replaceAll('"', '""')}"`).all())
        if (JSON.stringify(row).toLowerCase().includes(needle.toLowerCase()))
          hits.push(`${table}: ${JSON.stringify(row).slice(0, 200)}`);
    return hits;
  } finally {
    db.close();
  }
}

/** Files under the data directory whose path or bytes hold `needle`. */
function fileHits(needle: string, root = dir()): string[] {
  const hits: string[] = [];
  for (const name of readdirSync(root)) {
    const file = path.join(root, name);
    if (statSync(file).isDirectory()) hits.push(...fileHits(needle, file));
    else if (
      path.relative(dir(), file).includes(needle) ||
      (!name.startsWith("test.sqlite") && readFileSync(file).includes(needle))
    )
      hits.push(path.relative(dir(), file));
  }
  return hits;
}

/** Where the id may stay: the key of what other members still need, pointing at the "Deleted member" tombstone. */
const KEPT_FOR_OTHERS = [
  /^docs: \{"path":"users\/ANA","parent":"users","id":"ANA","data":"\{/, // the tombstone itself (checked below)
  /^docs: \{"path":"wallets\/ANA[/"]/, // the wallet and its ledger: the reconciliation and others' entries refer to it
  /^docs: \{"path":"chats\/[^"]+","parent":"chats"/, // the other member's conversation (participants)
  /^docs: \{"path":"chats\/[^/"]+\/messages\//, // its messages (sender)
  /^docs: \{"path":"bookings\//, // sessions with others (cancelled, or past)
  /^docs: \{"path":"community\/forum\/threads\//, // threads others replied to, and the posts in them
  /^docs: \{"path":"community\/forum\/lists\//,
  /^docs: \{"path":"board_proposals\//, // proposals on others' posts
  /^docs: \{"path":"mail_chat\/[^"/]+_BEN"/, // the other member's waiting mail batch of that conversation
  /^docs: \{"path":"push_jobs\/chat_[^"/]+_BEN"/, // the other member's push of that conversation
  /^docs: \{"path":"users\/BEN\/saved\/ANA"/, // another member's saved list, which shows her as "Deleted member"
  // The store's change log (how other processes learn what a commit wrote): paths only, no data,
  // pruned after 20,000 commits. Ids stay there like the keys above; her e-mail does not (checked above).
  /^changes: \{"entry":\d+,"path":"[^"]+"\}$/, // entry: the commit's version × 2^20 + the place in it (decision 186)
];

describe("account deletion, searched for in the whole store", () => {
  it("leaves no e-mail or name anywhere, and the id only where others need it", async () => {
    const ana = await member("ana.gone@example.com", "Anastasia Vanished", "Spanish", "Guitar");
    const ben = await member("ben@example.com", "Ben Stays", "Guitar", "Spanish");
    await uploadAvatar(store, files, ana, PNG, NOW);
    await saveMember(store, ana, ben, NOW);
    await saveMember(store, ben, ana, NOW);
    const stopPresence = openPresence(store, ana, "w1");
    const chatId = await openChat(store, ben, ana, NOW);
    await sendMessage(store, ben, chatId, "Hola!", NOW + 1);
    await sendMessage(store, ana, chatId, "Hi Ben", NOW + 2);
    const past = await requestBooking(
      store,
      { learnerUid: ana, mentorUid: ben, skillTag: "guitar", start: slot(2), durationMinutes: 60 },
      NOW,
    );
    await applyCommand(store, past.id, { uid: ben }, { kind: "accept" }, NOW);
    await requestBooking(
      store,
      { learnerUid: ben, mentorUid: ana, skillTag: "spanish", start: slot(3), durationMinutes: 60 },
      NOW,
    );
    const { threadId } = await createThread(
      store,
      ana,
      { spaceId: "general", title: "Practising Spanish", body: "Who wants to practise?", skillTag: "" },
      NOW,
    );
    await reply(store, ben, threadId, { body: "Me!" }, NOW + 10);
    const need = postFormSchema.parse({
      type: "need",
      skill: "Guitar",
      title: "Guitar basics",
      description: "Chords",
      format: "online",
      priceKind: "per_hour",
      sp: "20",
    });
    const { postId } = await createBoardPost(store, ana, need, NOW + 20);
    await createProposal(
      store,
      ben,
      { postId, start: slot(4), durationMinutes: 60, kind: "sp", sp: 20, message: "Happy to help" },
      NOW + 30,
    );
    // Answers either way (decision 070): Ben messages about her need, she books his offer.
    await sendMessage(store, ben, chatId, "About your need", NOW + 31, postId);
    const offer = await createBoardPost(
      store,
      ben,
      postFormSchema.parse({
        type: "offer",
        skill: "Guitar",
        title: "Guitar for beginners",
        description: "Chords",
        format: "online",
        priceKind: "per_hour",
        sp: "10",
      }),
      NOW + 32,
    );
    await requestBooking(
      store,
      {
        learnerUid: ana,
        mentorUid: ben,
        skillTag: "guitar",
        start: slot(1),
        durationMinutes: 60,
        offerId: offer.postId,
      },
      NOW + 33,
    );
    expect((await store.query({ collection: "board_answers" })).length).toBe(2);
    await requestExport(store, files, ana, NOW + 40);
    await runExportWork(
      store,
      { files, account: (uid) => auth.getUser(uid), signIns: (uid) => auth.signInHistory(uid), workerId: "w1" },
      NOW + 40,
    );
    // The mail that was due left through the embedded outbox, with her address and name.
    await deliverDueMail(
      store,
      {
        transport: createOutboxTransport(store, () => {}),
        recipient: async (uid) => {
          const user = await auth.getUser(uid);
          return user ? { email: user.email, displayName: user.displayName } : null;
        },
        origin: "https://skillswap.example",
        unsubscribeSecret: "a test secret that is at least 32 characters long",
      },
      NOW + 50,
    );
    expect(storeHits("ana.gone@example.com").length).toBeGreaterThan(0);
    expect(storeHits("Anastasia Vanished").length).toBeGreaterThan(0);
    expect(fileHits(ana).length).toBeGreaterThan(0);
    stopPresence();

    await deleteAccount({ store, auth, files }, ana, NOW + HOUR);

    expect(storeHits("ana.gone@example.com")).toEqual([]);
    const namedHits = (name: string) => storeHits(name).map((hit) => hit.replaceAll(ben, "BEN"));
    expect(namedHits("Anastasia Vanished")).toEqual([]);
    expect(namedHits("Anastasia")).toEqual([]);
    expect(fileHits(ana)).toEqual([]);
    expect(fileHits("ana.gone@example.com")).toEqual([]);
    const idHits = storeHits(ana).map((hit) => hit.replaceAll(ana, "ANA").replaceAll(ben, "BEN"));
    expect(idHits.filter((hit) => !KEPT_FOR_OTHERS.some((allowed) => allowed.test(hit)))).toEqual([]);
    // The tombstone names nobody; the ledger still reconciles.
    const tombstone = (await store.get(`users/${ana}`))!.data;
    expect(tombstone).toMatchObject({ fullName: "Deleted member", bio: "", deleted: true });
    expect(await reconcileAll(store)).toMatchObject({ failures: [] });
  });
});
