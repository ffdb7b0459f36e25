/**
 * Gives a signed-up member what a real member has, for `bench:ssr` (issue 13): skills that match a
 * dozen members of the demo community (which must be seeded first: `npm run seed:demo`), weekly
 * availability and rates, upcoming sessions (some accepted, some waiting for an answer), 50 ledger
 * entries, 20 notifications and a few conversations. Everything goes through the app's own services,
 * so the documents look exactly as the app writes them.
 *
 * Run: `DATA_DIR=… npx tsx bench/seed-member.ts <email>`; prints `{"uid":…,"chatId":…,"threadId":…}` as
 * JSON: one of the member's conversations, and the demo community's longest forum thread.
 */
import path from "node:path";
import { createLocalAuth } from "../app/engine/auth/local.server";
import { openSqliteStore } from "../app/engine/store/sqlite.server";
import { applyCommand, requestBooking } from "../app/features/bookings/bookings.server";
import { saveAvailability, saveRates } from "../app/features/bookings/teaching.server";
import { openChat, sendMessage } from "../app/features/chat/chat.server";
import { addNotification } from "../app/features/notifications/notifications.server";
import { setSkills } from "../app/features/skills/skills.server";
import { parseSkillLines } from "../app/features/skills/tags";
import { THREADS, readThread } from "../app/documents/community";
import { entriesOf } from "../app/documents/wallets";
import { postEntry } from "../app/features/wallet/ledger.server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LEDGER_ENTRIES = 50;
const NOTIFICATIONS = 20;
const CHATS = 3;
const MESSAGES_PER_CHAT = 12;

function skills(lines: string) {
  const { skills: parsed, problem } = parseSkillLines(lines);
  if (problem) throw new Error(`Skills "${lines}": ${JSON.stringify(problem)}`);
  return parsed;
}

async function main(): Promise<void> {
  const email = process.argv[2];
  if (!email) throw new Error("Usage: bench/seed-member.ts <email of a signed-up member>");
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const store = openSqliteStore(path.join(dataDir, "skillswap.sqlite"));
  try {
    const auth = createLocalAuth(store, {
      mail: async () => {
        throw new Error("The bench seeder sends no mail.");
      },
    });
    const member = await auth.findUserByEmail(email);
    // The sign-up's commit is in the WAL before its answer leaves, so any connection opened after it
    // reads it: a member missing here signed up in another store, most often through a stale server
    // that still held the port (decision 177).
    if (!member)
      throw new Error(
        `No member signed up as ${email} in ${dataDir}: did the sign-up reach another server on the same port?`,
      );
    const uid = member.uid;
    const demo = (await store.query({ collection: "users", where: [["demo", "==", true]] })).map((d) => d.id);
    if (demo.length < 12) throw new Error("Seed the demo community first (npm run seed:demo).");
    const now = Date.now();

    // Teaches what several demo members want, wants what many of them teach: a dozen matches.
    const offered = skills("Spanish: expert\nPhotography: intermediate\nWriting: intermediate");
    await setSkills(store, uid, offered, skills("Guitar\nSQL\nYoga\nPiano\nFrench\nCooking\nData science\nReact"), {
      bio: "Bench member: teaches Spanish and photography, learning music and data.",
    });
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "06:00", end: "22:00" }));
    await saveAvailability(store, uid, { timezone: "UTC", weekly: everyDay, exceptions: [] }, now);
    await saveRates(store, uid, Object.fromEntries(offered.map((s) => [s.tag, 20])), now);

    // Upcoming sessions: five demo members book the member; the first three are accepted, the rest wait.
    const bookers = demo.slice(CHATS, CHATS + 5);
    const tomorrow = Math.ceil(now / DAY) * DAY + DAY;
    for (const [i, learnerUid] of bookers.entries()) {
      const booking = await requestBooking(
        store,
        {
          learnerUid,
          mentorUid: uid,
          skillTag: offered[i % offered.length].tag,
          start: tomorrow + i * DAY + 10 * HOUR,
          durationMinutes: 60,
        },
        now,
      );
      if (i < 3) await applyCommand(store, booking.id, { uid }, { kind: "accept" }, now);
    }

    // A wallet with history: top-ups and adjustments until there are 50 entries.
    const existing = (await store.query({ collection: entriesOf(uid) })).length;
    for (let i = existing; i < LEDGER_ENTRIES; i++) {
      const credit = i % 3 !== 0;
      await postEntry(
        store,
        uid,
        {
          id: `bench-${i}`,
          amount: credit ? 10 : -5,
          type: credit ? "top_up" : "adjustment",
          description: credit ? "Bench top-up" : "Bench adjustment",
        },
        now - (LEDGER_ENTRIES - i) * HOUR,
      );
    }

    // Notifications: as many as the bookings left, plus system notices up to 20.
    await store.transaction(async (tx) => {
      for (let i = 0; i < NOTIFICATIONS; i++)
        addNotification(
          tx,
          uid,
          {
            type: "system",
            title: `Bench notice ${i + 1}`,
            body: "Something happened in your exchange.",
            link: "/wallet",
          },
          now - i * HOUR,
        );
    });

    // A few conversations with history.
    let chatId = "";
    for (let c = 0; c < CHATS; c++) {
      const other = demo[c];
      const id = await openChat(store, uid, other, now - (CHATS - c) * DAY);
      for (let m = 0; m < MESSAGES_PER_CHAT; m++)
        await sendMessage(
          store,
          m % 2 === 0 ? uid : other,
          id,
          `Bench message ${m + 1} in conversation ${c + 1}.`,
          now - (CHATS - c) * DAY + m * 60_000,
        );
      if (c === 0) chatId = id;
    }
    // The thread page the bench opens: the demo community's thread with the most replies.
    const threads = (await store.query({ collection: THREADS })).map(readThread);
    const thread = threads.sort((a, b) => b.replyCount - a.replyCount)[0];
    if (!thread) throw new Error("The demo community has no forum thread.");
    console.log(JSON.stringify({ uid, chatId, threadId: thread.id }));
  } finally {
    await store.close();
  }
}

await main();
