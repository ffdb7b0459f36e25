/**
 * Booking throughput on the embedded store: concurrent callers request sessions from a pool of
 * mentors for ~5 s. Each request reads the mentor's profile and availability, checks its slot
 * locks and holds the price in the learner's wallet, all in one transaction. Learners pick slots
 * at random, so some requests collide and must be refused. Each caller speaks for one learner at a
 * time and moves on to a fresh learner once that one has made as many requests as the booking rate
 * limit and the cap on waiting requests allow, so every learner stays within both, as real people
 * do (the limit and the cap stay on).
 *
 * Invariants checked afterwards: no two active bookings of one person overlap, no balance below
 * zero, every learner's balance equals its seed minus the prices it holds, and reconciliation
 * holds. Run: `npx tsx bench/booking.ts` (BENCH_SECONDS, BENCH_CALLERS, BENCH_MENTORS override).
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { bookableStarts } from "../app/features/bookings/availability";
import {
  BookingError,
  MAX_PENDING_REQUESTS,
  REQUEST_MAX_PER_WINDOW,
  requestBooking,
} from "../app/features/bookings/bookings.server";
import { saveAvailability, saveRates } from "../app/features/bookings/teaching.server";
import { BOOKINGS, readBooking, type BookingDoc } from "../app/documents/bookings";
import { getBalance, postEntry } from "../app/features/wallet/ledger.server";
import { reconcileAll } from "../app/features/wallet/reconcile.server";
import { percentiles, withTempStore } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CALLERS = Number(process.env.BENCH_CALLERS ?? 50);
const MENTORS = Number(process.env.BENCH_MENTORS ?? 20);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 1_500);
/** Requests one learner makes: within the rate limit, and each one can leave a request waiting. */
const REQUESTS_PER_LEARNER = Math.min(REQUEST_MAX_PER_WINDOW, MAX_PENDING_REQUESTS);
const TARGET_PER_SECOND = 500;
const SEED_SP = 1_000_000;
const RATE = 30;
const WEEK = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
const ZONES = ["Asia/Tokyo", "America/Los_Angeles", "Europe/Berlin", "Asia/Kathmandu"];

async function main(): Promise<number> {
  return withTempStore("booking-bench-", async (store) => {
    const now = Date.now();
    const pool: { mentor: string; start: number }[] = [];
    for (let m = 0; m < MENTORS; m++) {
      const uid = `mentor${m}`;
      const timezone = ZONES[m % ZONES.length];
      await store.set(`users/${uid}`, {
        fullName: uid,
        xp: 0,
        timezone,
        skillsOffered: [{ tag: "chess", label: "Chess", level: "expert" }],
      });
      await saveAvailability(store, uid, { timezone, weekly: WEEK, exceptions: [] }, now);
      await saveRates(store, uid, { chess: RATE }, now);
      const starts = bookableStarts({ weekly: WEEK, exceptions: [] }, timezone, {
        from: now + 2 * 3_600_000,
        to: now + 50 * 86_400_000,
        durationMinutes: 30,
      });
      for (const start of starts) pool.push({ mentor: uid, start });
    }
    const learners = Array.from({ length: LEARNERS }, (_, i) => `learner${i}`);
    for (const uid of learners) {
      await store.set(`users/${uid}`, { fullName: uid, xp: 0, timezone: "UTC", skillsOffered: [] });
      await postEntry(store, uid, { id: "seed", amount: SEED_SP, type: "adjustment", description: "Benchmark seed" });
    }

    let refused = 0;
    let failed = 0;
    const latencies: number[] = [];
    const deadline = performance.now() + SECONDS * 1000;
    let nextLearner = 0;
    let rateLimited = 0;
    let capped = 0;
    const caller = async () => {
      let uid = "";
      let used = REQUESTS_PER_LEARNER;
      while (performance.now() < deadline) {
        if (used >= REQUESTS_PER_LEARNER) {
          if (nextLearner >= learners.length) break;
          uid = learners[nextLearner++];
          used = 0;
        }
        used++;
        // Requests arrive through the event loop; see bench/ledger.ts.
        await nextTurn();
        const slot = pool[Math.floor(Math.random() * pool.length)];
        const started = performance.now();
        try {
          await requestBooking(
            store,
            { learnerUid: uid, mentorUid: slot.mentor, skillTag: "chess", start: slot.start, durationMinutes: 30 },
            now,
          );
          latencies.push(performance.now() - started);
        } catch (error) {
          if (error instanceof BookingError && (error.code === "slot_taken" || error.code === "conflict")) refused++;
          else if (error instanceof BookingError && error.code === "rate_limited") rateLimited++;
          else if (error instanceof BookingError && error.code === "too_many_pending") capped++;
          else {
            failed++;
            if (failed <= 3) console.error("request failed:", error);
          }
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CALLERS }, caller));
    const elapsed = (performance.now() - started) / 1000;

    const bookings = (await store.query({ collection: BOOKINGS })).map(readBooking);
    const overlaps = countOverlaps(bookings);
    const heldBy = new Map<string, number>();
    for (const b of bookings) heldBy.set(b.learnerUid, (heldBy.get(b.learnerUid) ?? 0) + b.price);
    let balanceErrors = 0;
    for (const uid of learners) {
      const balance = await getBalance(store, uid);
      if (balance < 0 || balance !== SEED_SP - (heldBy.get(uid) ?? 0)) balanceErrors++;
    }
    const report = await reconcileAll(store);
    const latency = percentiles(latencies);
    const ms = (value: number) => (Number.isNaN(value) ? "n/a" : value.toFixed(1));
    const rate = latencies.length / elapsed;

    console.log(
      `booking bench: ${CALLERS} concurrent callers, ${nextLearner} of ${LEARNERS} learners used, ${MENTORS} mentors, ${pool.length} slots, ${elapsed.toFixed(2)} s`,
    );
    console.log(`  bookings committed : ${latencies.length} (${rate.toFixed(0)}/s, target ≥ ${TARGET_PER_SECOND}/s)`);
    console.log(`  refused (taken)    : ${refused}`);
    console.log(
      `  failed             : ${failed}; rate-limited ${rateLimited}, over the waiting cap ${capped} (each learner stays within both: must be 0)`,
    );
    if (nextLearner >= learners.length)
      console.log("  (every learner was used before the time ran out: raise BENCH_LEARNERS)");
    console.log(
      `  latency ms         : p50 ${ms(latency.p50)}, p95 ${ms(latency.p95)}, p99 ${ms(latency.p99)}, max ${ms(latency.max)}`,
    );
    console.log(
      `  overlapping pairs  : ${overlaps}; wrong balances ${balanceErrors}; bookings stored ${bookings.length}`,
    );
    console.log(
      `  reconciliation     : ${report.failures.length === 0 ? "ok" : `${report.failures.length} mismatched`} (${report.checked} wallets)`,
    );

    const ok =
      failed === 0 &&
      rateLimited === 0 &&
      capped === 0 &&
      overlaps === 0 &&
      balanceErrors === 0 &&
      bookings.length === latencies.length &&
      report.failures.length === 0 &&
      rate >= TARGET_PER_SECOND;
    console.log(ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
  });
}

/** Pairs of bookings that share a participant and overlap in time. */
function countOverlaps(bookings: BookingDoc[]): number {
  const byPerson = new Map<string, BookingDoc[]>();
  for (const b of bookings) for (const uid of b.participants) byPerson.set(uid, [...(byPerson.get(uid) ?? []), b]);
  let count = 0;
  for (const list of byPerson.values()) {
    list.sort((a, b) => a.start - b.start);
    for (let i = 1; i < list.length; i++) if (list[i].start < list[i - 1].end) count++;
  }
  return count;
}

main().then((code) => process.exit(code));
