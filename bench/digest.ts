/**
 * bench:digest (issue 31, decision 047): 10,000 members' weekly digests composed and queued by the
 * real digest step (queueDueDigests: the due members read 500 at a time, the shared newcomers and board posts,
 * then per member its four bounded queries and one name lookup, and one transaction that writes
 * the digest record with its mail job), on the embedded store, in one process.
 *
 * The community, written straight into a temporary store in batches: BENCH_DIGEST_MEMBERS members
 * (10,000) in five time zones with two skills taught and two wanted, every digest on weekly, of
 * whom 300 joined last week (new matches for the others); 5,000 conversations with unread
 * messages last week; 2,000 accepted sessions next week; 500 board posts last week; every second
 * member received SP last week and every fifth has a forum reply notice. So most digests have
 * several sections and some have nothing to say (no mail).
 *
 * Every member carries the due time the app keeps (decision 157); after the run, the next hour's run
 * (no period ends) is timed and its document reads counted. For both runs it also counts the store's
 * transactions, SQLite's commits and every SQL statement: figures the machine's load does not change
 * (decision 171).
 *
 * Targets: composed and queued in under 60 s; the process's peak memory during the run (the
 * kernel's peak RSS, VmHWM, reset once the community is seeded) under 300 MB. Prints the time, digests per second, the queued/empty counts, peak
 * RSS and heap, and the load average; saves them through bench/lib/results.mjs. Run:
 * `npm run bench:digest`. Exits 1 when a target is missed.
 */
import Database from "better-sqlite3";
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import type { DocStore, Transaction } from "../app/engine/store/types";
import { DIGEST_DUE_AT, digestRunPath } from "../app/documents/digest";
import { readUser } from "../app/documents/users";
import { DUE_BACKFILL } from "../app/features/digest/due-backfill.server";
import { nextDigestDue } from "../app/features/digest/due.server";
import { queueDueDigests } from "../app/features/digest/run.server";
import { countingReads } from "../tests/support/counting-reads";
import { saveResults } from "./lib/results.mjs";
import { withTempStore } from "./support";

const MEMBERS = Number(process.env.BENCH_DIGEST_MEMBERS ?? 10_000);
const TARGET_MS = 60_000;
const TARGET_MB = 300;
const DAY = 86_400_000;
const BATCH = 250;
const ZONES = ["UTC", "Europe/Madrid", "America/Mexico_City", "Asia/Riyadh", "Europe/Paris"];
const SKILLS = Array.from({ length: 40 }, (_, i) => ({ tag: `skill-${i}`, label: `Skill ${i}` }));
// Monday 23 November 2026, 12:00 UTC: last week is 16-23 November in every zone used.
const NOW = Date.UTC(2026, 10, 23, 12);
const LAST_WEEK = NOW - 5 * DAY;

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const mb = (bytes: number) => round(bytes / 1024 / 1024);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function inBatches(store: DocStore, count: number, write: (i: number, tx: Transaction) => void) {
  for (let start = 0; start < count; start += BATCH)
    await store.transaction(async (tx) => {
      for (let i = start; i < Math.min(count, start + BATCH); i++) write(i, tx);
    });
}

async function seed(store: DocStore) {
  const uid = (i: number) => `member${String(i).padStart(5, "0")}`;
  const skill = (i: number) => SKILLS[i % SKILLS.length]!;
  const profile = (i: number) => {
    const teaches = [skill(i), skill(i * 7 + 3)];
    const wants = [skill(i * 3 + 1), skill(i * 11 + 5)];
    return {
      fullName: `Member ${i}`,
      timezone: ZONES[i % ZONES.length],
      digest: "weekly",
      xp: 0,
      // The last 300 joined last week: new matches for those they fit.
      createdAt: i >= MEMBERS - 300 ? LAST_WEEK + (i % 100) * 60_000 : NOW - 60 * DAY,
      skillsOffered: teaches.map((s) => ({ ...s, level: "expert" })),
      skillsWanted: wants.map((s) => ({ ...s, level: "beginner" })),
      teachTags: teaches.map((s) => s.tag),
      learnTags: wants.map((s) => s.tag),
    };
  };
  // Each member's due time as the app keeps it (decision 157): last week's digest, not written yet.
  const noDigests = { get: async () => null };
  const due: (number | null)[] = [];
  for (let i = 0; i < MEMBERS; i++) due.push(await nextDigestDue(noDigests, uid(i), readUser(profile(i)), NOW));
  await inBatches(store, MEMBERS, (i, tx) => tx.set(`users/${uid(i)}`, { ...profile(i), [DIGEST_DUE_AT]: due[i]! }));
  await store.set(digestRunPath(DUE_BACKFILL), { hour: 0, startedAt: NOW, finishedAt: NOW });
  await inBatches(store, MEMBERS / 2, (c, tx) => {
    const [a, b] = [uid((c * 2) % MEMBERS), uid((c * 2 + 3) % MEMBERS)];
    tx.set(`chats/chat${c}`, {
      participants: [a, b],
      lastMessage: "See you then",
      updatedAt: LAST_WEEK + (c % 1000) * 60_000,
      unread: { [a]: 1 + (c % 4), [b]: 0 },
    });
  });
  await inBatches(store, MEMBERS / 5, (k, tx) => {
    const [mentor, learner] = [uid((k * 5) % MEMBERS), uid((k * 5 + 1) % MEMBERS)];
    const start = NOW + DAY + (k % 100) * 3_600_000;
    tx.set(`bookings/booking${k}`, {
      mentorUid: mentor,
      learnerUid: learner,
      participants: [mentor, learner],
      skillTag: skill(k).tag,
      skillLabel: skill(k).label,
      start,
      end: start + 3_600_000,
      durationMinutes: 60,
      state: "accepted",
      price: 20,
      createdAt: LAST_WEEK,
    });
  });
  await inBatches(store, 500, (p, tx) => {
    const s = skill(p);
    tx.set(`board_posts/post${p}`, {
      authorUid: uid(p * 13),
      type: p % 2 ? "offer" : "need",
      title: `Post ${p} about ${s.label}`,
      description: "A few lines",
      skillTag: s.tag,
      skillLabel: s.label,
      format: "online",
      area: "",
      priceKind: "swap",
      sp: null,
      swapSkill: "",
      status: "active",
      createdAt: LAST_WEEK + p * 60_000,
      expiresAt: NOW + 30 * DAY,
    });
  });
  await inBatches(store, MEMBERS / 2, (i, tx) => {
    const owner = uid(i * 2);
    tx.set(`wallets/${owner}`, { balance: 15 });
    tx.set(`wallets/${owner}/transactions/gift${i}`, {
      amount: 15,
      timestamp: LAST_WEEK + i * 1000,
      type: "adjustment",
      description: "Seed",
      ref: null,
    });
  });
  await inBatches(store, MEMBERS / 5, (i, tx) => {
    tx.set(`notifications/${uid(i * 5)}/messages/reply${i}`, {
      type: "forum_reply",
      title: "New reply",
      body: `Thread ${i % 50}`,
      link: `/community/thread${i % 50}#p${i}`,
      read: false,
      timestamp: LAST_WEEK + i * 1000,
    });
  });
}

/** Sets the kernel's peak RSS of this process (VmHWM) to its current RSS (Linux: clear_refs "5"). */
function resetPeakRss() {
  writeFileSync("/proc/self/clear_refs", "5");
}

/** The kernel's peak RSS of this process, in bytes, since the last reset. */
function peakRssSinceReset(): number {
  const line = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"));
  if (!line) throw new Error("/proc/self/status has no VmHWM line: the peak memory cannot be read here");
  return Number(line[1]) * 1024;
}

/**
 * Every SQL statement this process runs, by its text: better-sqlite3's run, get, all and iterate
 * (its transactions' BEGIN and COMMIT go through them too) and exec.
 */
function countStatements(): Map<string, number> {
  const bySql = new Map<string, number>();
  const counted = (proto: Record<string, unknown>, name: string, sql: (self: unknown, args: unknown[]) => string) => {
    const original = proto[name] as (...args: unknown[]) => unknown;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      const text = sql(this, args);
      bySql.set(text, (bySql.get(text) ?? 0) + 1);
      return original.apply(this, args);
    };
  };
  const probe = new Database(":memory:");
  const statement = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<string, unknown>;
  probe.close();
  for (const name of ["run", "get", "all", "iterate"])
    counted(statement, name, (self) => (self as Database.Statement).source);
  counted(Database.prototype as unknown as Record<string, unknown>, "exec", (_, args) => String(args[0]));
  return bySql;
}

/** The store's transactions and SQLite's statements and commits since the call, when `done()` is called. */
function countWork(store: { transaction: DocStore["transaction"] }, statements: Map<string, number>) {
  const sum = (pick: (sql: string) => boolean) =>
    [...statements].reduce((total, [sql, n]) => total + (pick(sql) ? n : 0), 0);
  const [statementsBefore, commitsBefore] = [sum(() => true), sum((sql) => sql === "COMMIT")];
  let transactions = 0;
  const transaction = store.transaction.bind(store);
  store.transaction = (fn) => {
    transactions++;
    return transaction(fn);
  };
  return () => {
    store.transaction = transaction;
    return {
      transactions,
      commits: sum((sql) => sql === "COMMIT") - commitsBefore,
      statements: sum(() => true) - statementsBefore,
    };
  };
}

/** An hourly run in which no member's period ends: what it costs and reads (decision 157). */
async function idleHour(store: DocStore, statements: Map<string, number>) {
  const counting = countingReads(store);
  const counted = countWork(store, statements);
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  const report = await queueDueDigests(counting.store, NOW + 3_600_000);
  const cpu = process.cpuUsage(cpuBefore);
  const work = counted();
  const reads = [...counting.reads.values()].reduce((a, b) => a + b, 0);
  return { ms: performance.now() - start, cpuMs: (cpu.user + cpu.system) / 1000, reads, report, ...work };
}

async function main() {
  const loadAtStart = load();
  console.log(`bench:digest: ${MEMBERS} members' weekly digests, load average ${loadAtStart} (1, 5, 15 min)`);
  const statements = countStatements();
  const result = await withTempStore("bench-digest-", async (store) => {
    const seedStart = performance.now();
    await seed(store);
    const seedMs = performance.now() - seedStart;
    global.gc?.();
    const before = process.memoryUsage();
    // The run never yields to a timer (the embedded store answers synchronously), so a sampling
    // interval would see nothing: the peak is the kernel's (VmHWM), reset after seeding, and the
    // heap is read after every batch of digests (decision 133).
    resetPeakRss();
    let peakHeap = before.heapUsed;
    const counted = countWork(store, statements);
    const start = performance.now();
    const cpuBefore = process.cpuUsage();
    const report = await queueDueDigests(store, NOW, {
      onBatch: async () => {
        peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      },
    });
    const ms = performance.now() - start;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const work = counted();
    const peakRss = Math.max(peakRssSinceReset(), process.memoryUsage().rss);
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    const jobs = (await store.query({ collection: "mail_jobs" })).filter((d) => d.id.startsWith("digest_")).length;
    const idle = await idleHour(store, statements);
    return { seedMs, ms, cpuMs, work, report, jobs, rssBefore: before.rss, peakRss, peakHeap, idle };
  });
  const { seedMs, ms, cpuMs, work, report, jobs, rssBefore, peakRss, peakHeap, idle } = result;
  const loadAtEnd = load();
  const composed = report.queued + report.empty;
  const allDone = composed === MEMBERS && jobs === report.queued;
  const met = allDone && ms < TARGET_MS && mb(peakRss) < TARGET_MB;
  console.log(
    [
      `Seeded in ${round(seedMs / 1000)} s.`,
      `Composed ${composed} digests in ${round(ms / 1000, 2)} s (${Math.round((composed / ms) * 1000)}/s): ` +
        `${report.queued} queued with their mail jobs (${jobs} jobs), ${report.empty} with nothing to say; ` +
        `${round(cpuMs / 1000, 1)} s of this process's CPU (a figure the machine's load changes less).`,
      `The run's work: ${work.transactions} store transactions, ${work.commits} SQLite commits, ${work.statements} SQL statements.`,
      `Memory: RSS ${mb(rssBefore)} MB before, peak ${mb(peakRss)} MB; peak heap ${mb(peakHeap)} MB.`,
      `The next hour's run (nobody due): ${round(idle.ms, 1)} ms, ${round(idle.cpuMs, 1)} ms CPU, ${idle.reads} documents read, ${idle.report.due} due, ` +
        `${idle.transactions} store transactions, ${idle.commits} SQLite commits, ${idle.statements} SQL statements.`,
      `Load average ${loadAtStart} at the start, ${loadAtEnd} at the end.`,
    ].join("\n"),
  );
  const file = saveResults("digest", {
    date: new Date().toISOString(),
    result: {
      members: MEMBERS,
      seedMs,
      ms,
      cpuMs,
      work,
      report,
      jobs,
      rssBefore,
      peakRss,
      peakHeap,
      idle,
      loadAtStart,
      loadAtEnd,
    },
    rows: [
      {
        benchmark: "bench:digest",
        figure: `${composed} digests in ${round(ms / 1000, 1)} s (${round(cpuMs / 1000, 1)} s CPU), peak RSS ${mb(peakRss)} MB${allDone ? "" : ", NOT ALL COMPOSED"}`,
        target: `${MEMBERS} weekly digests composed and queued < 60 s, peak RSS < 300 MB`,
        met,
      },
    ],
  });
  console.log(`${met ? "Targets met" : "Target MISSED"} (< 60 s, < 300 MB). Saved ${file}`);
  process.exitCode = met ? 0 : 1;
}

await main();
