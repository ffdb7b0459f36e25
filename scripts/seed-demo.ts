/**
 * Fills an empty embedded SkillSwap with a demo community: 20 members marked `demo: true`, with
 * pictures, skills, rates, availability and a few conversations, all made through the app's own
 * services (sign-up, profile bootstrap with its welcome bonus, skills and their index, teaching
 * settings, chat). Nobody can sign in as them: each gets a random password that is never shown.
 *
 * Run: `npm run seed:demo` (or `npx tsx scripts/seed-demo.ts`), with the same DATA_DIR as the
 * server. The server may keep running (SQLite in WAL mode takes a second writer); pages already
 * open show the new members after a reload. `--status` only prints what the store holds, as JSON.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createLocalAuth } from "../app/engine/auth/local.server";
import { createLocalFileStore } from "../app/engine/files/local.server";
import { openSqliteStore } from "../app/engine/store/sqlite.server";
import type { DocStore } from "../app/engine/store/types";
import { saveAvailability, saveRates } from "../app/features/bookings/teaching.server";
import { openChat, sendMessage } from "../app/features/chat/chat.server";
import { uploadAvatar } from "../app/features/members/avatar.server";
import { ensureProfile } from "../app/features/profile/bootstrap.server";
import { setSkills } from "../app/features/skills/skills.server";
import { parseSkillLines } from "../app/features/skills/tags";
import { DEMO_CHATS, DEMO_EMAIL_DOMAIN, DEMO_MEMBERS, DEMO_THREADS, type DemoMember } from "./demo-community";
import { markAnswer, toggleReaction } from "../app/features/community/interact.server";
import { skillSpaceId } from "../app/features/community/rules";
import { fixedSpace } from "../app/features/community/spaces";
import { createThread, reply } from "../app/features/community/write.server";
import { normaliseTag } from "../app/features/skills/tags";
import { postFormSchema } from "../app/features/board/rules";
import { createBoardPost } from "../app/features/board/write.server";
import { createProposal } from "../app/features/board/proposals.server";
import { ownFreeStarts } from "../app/features/bookings/views.server";
import { DEMO_BOARD, DEMO_PROPOSAL } from "./demo-board";

const here = path.dirname(fileURLToPath(import.meta.url));
const MINUTE = 60_000;
// Weekday evenings and weekend mornings in each member's own timezone.
const WEEKLY = [
  ...[1, 2, 3, 4].map((weekday) => ({ weekday, start: "18:00", end: "21:00" })),
  { weekday: 6, start: "10:00", end: "13:00" },
];

export interface StoreStatus {
  /** Members with a name, demo or not. */
  members: number;
  demoMembers: number;
}

async function storeStatus(store: DocStore): Promise<StoreStatus> {
  const [users, demo] = await Promise.all([
    store.query({ collection: "users" }),
    store.query({ collection: "users", where: [["demo", "==", true]], limit: 1 }),
  ]);
  const members = users.filter(
    (u) => typeof u.data.fullName === "string" && u.data.fullName.trim() && u.data.deleted !== true,
  ).length;
  return { members, demoMembers: demo.length };
}

function skills(lines: string) {
  const { skills: parsed, problem } = parseSkillLines(lines);
  if (problem) throw new Error(`Demo skills "${lines}": ${JSON.stringify(problem)}`);
  return parsed;
}

async function createMember(
  store: DocStore,
  auth: ReturnType<typeof createLocalAuth>,
  files: ReturnType<typeof createLocalFileStore>,
  m: DemoMember,
  now: number,
): Promise<string> {
  const password = randomBytes(24).toString("base64url");
  const user = await auth.signUp({
    kind: "password",
    email: `${m.slug}@${DEMO_EMAIL_DOMAIN}`,
    password,
    clientKey: "",
  });
  await ensureProfile(store, user.uid, now);
  const offered = skills(m.teaches);
  await setSkills(store, user.uid, offered, skills(m.learns), {
    fullName: m.fullName,
    bio: m.bio,
    timezone: m.timezone,
    languages: m.languages,
    demo: true,
    tourCompleted: true,
    welcomeBonusShown: true,
  });
  await uploadAvatar(
    store,
    files,
    user.uid,
    new Uint8Array(readFileSync(path.join(here, "demo-avatars", `${m.slug}.png`))),
    now,
  );
  await saveAvailability(store, user.uid, { timezone: m.timezone, weekly: WEEKLY, exceptions: [] }, now);
  await saveRates(store, user.uid, Object.fromEntries(offered.map((s) => [s.tag, m.rate])), now);
  return user.uid;
}

async function seed(store: DocStore, dataDir: string): Promise<void> {
  const status = await storeStatus(store);
  if (status.demoMembers > 0) {
    console.error("This SkillSwap already has its demo community; nothing was added.");
    process.exitCode = 1;
    return;
  }
  const auth = createLocalAuth(store, {
    mail: async () => {
      throw new Error("The demo seeder sends no mail.");
    },
  });
  const files = createLocalFileStore(path.join(dataDir, "files"));
  const started = Date.now();
  const uids = new Map<string, string>();
  for (const [i, member] of DEMO_MEMBERS.entries()) {
    // Spread creation times so "newest members" lists have a stable, believable order.
    uids.set(member.slug, await createMember(store, auth, files, member, started - (DEMO_MEMBERS.length - i) * MINUTE));
  }
  let messages = 0;
  for (const [ci, [from, to, lines]] of DEMO_CHATS.entries()) {
    const a = uids.get(from)!;
    const b = uids.get(to)!;
    const at = started - (DEMO_CHATS.length - ci) * 30 * MINUTE;
    const chatId = await openChat(store, a, b, at);
    for (const [i, text] of lines.entries()) {
      await sendMessage(store, i % 2 === 0 ? a : b, chatId, text, at + (i + 1) * MINUTE);
      messages += 1;
    }
  }
  const posts = await seedThreads(store, uids, started);
  const boardPosts = await seedBoard(store, uids, started);
  console.log(
    `Added a demo community to ${dataDir}: ${DEMO_MEMBERS.length} members (each with a picture, skills, rates, availability and the welcome bonus), ` +
      `${DEMO_CHATS.length} conversations with ${messages} messages, ${DEMO_THREADS.length} forum threads with ${posts} posts, and ${boardPosts} offers and needs on the board with a proposal waiting. Open pages show them after a reload.`,
  );
}

/** Forum threads through the forum's own services, with replies, reactions and answers. */
async function seedThreads(store: DocStore, uids: Map<string, string>, started: number): Promise<number> {
  let posts = 0;
  for (const [ti, [author, space, title, body, replies, answer]] of DEMO_THREADS.entries()) {
    const at = started - (DEMO_THREADS.length - ti) * 90 * MINUTE;
    const skill = fixedSpace(space) ? null : space;
    const spaceId = skill ? skillSpaceId(skill) : space;
    const { threadId } = await createThread(
      store,
      uids.get(author)!,
      { spaceId, title, body, skillTag: skill ? normaliseTag(skill) : "", skillLabel: skill ?? undefined },
      at,
    );
    posts += 1;
    const replyIds: string[] = [];
    for (const [ri, [who, text]] of replies.entries()) {
      replyIds.push((await reply(store, uids.get(who)!, threadId, { body: text }, at + (ri + 1) * 7 * MINUTE)).postId);
      posts += 1;
    }
    for (const [ri, postId] of replyIds.entries())
      await toggleReaction(
        store,
        uids.get(author)!,
        threadId,
        postId,
        ri === 0 ? "heart" : "thumbs_up",
        at + 40 * MINUTE,
      );
    if (answer !== null) await markAnswer(store, uids.get(author)!, threadId, replyIds[answer], at + 45 * MINUTE);
  }
  return posts;
}

/**
 * Offers and needs through the board's own service (lists, search index), posted over the last few
 * days, and a proposal waiting on one of the needs, sent through the proposal service.
 */
async function seedBoard(store: DocStore, uids: Map<string, string>, started: number): Promise<number> {
  const ids = new Map<string, string>();
  for (const p of DEMO_BOARD) {
    const input = postFormSchema.parse({
      type: p.type,
      skill: p.skill,
      title: p.title,
      description: p.description,
      format: p.format,
      area: p.area ?? "",
      priceKind: p.priceKind,
      sp: p.sp === undefined ? "" : String(p.sp),
      swapSkill: p.swapSkill ?? "",
    });
    const { postId } = await createBoardPost(store, uids.get(p.by)!, input, started - p.hoursAgo * 60 * MINUTE);
    ids.set(p.title, postId);
  }
  const proposer = uids.get(DEMO_PROPOSAL.by)!;
  const { starts } = await ownFreeStarts(store, proposer, 1, started);
  const start = (starts[DEMO_PROPOSAL.durationMinutes] ?? []).find(
    (t) => t >= started + DEMO_PROPOSAL.daysAhead * 24 * 60 * MINUTE,
  );
  if (start === undefined) throw new Error(`${DEMO_PROPOSAL.by} has no free hour for the demo proposal.`);
  await createProposal(
    store,
    proposer,
    {
      postId: ids.get(DEMO_PROPOSAL.post)!,
      start,
      durationMinutes: DEMO_PROPOSAL.durationMinutes,
      kind: "sp",
      sp: DEMO_PROPOSAL.sp,
      message: DEMO_PROPOSAL.message,
    },
    started,
  );
  return DEMO_BOARD.length;
}

async function main(): Promise<void> {
  if (process.env.NODE_ENV === "production") {
    console.error("Refusing to seed demo members: NODE_ENV=production.");
    process.exitCode = 1;
    return;
  }
  if (process.env.BACKEND === "firebase") {
    console.error("Refusing to seed demo members: BACKEND=firebase (the demo community is for the embedded engine).");
    process.exitCode = 1;
    return;
  }
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const store = openSqliteStore(path.join(dataDir, "skillswap.sqlite"));
  try {
    if (process.argv.includes("--status")) console.log(JSON.stringify(await storeStatus(store)));
    else await seed(store, dataDir);
  } finally {
    await store.close();
  }
}

await main();
