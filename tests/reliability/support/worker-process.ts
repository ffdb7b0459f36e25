/**
 * A stand-in for one worker process of the multi-process server, run by workers.test.ts with tsx:
 * it opens the same SQLite file the way a worker does and does one thing.
 *
 *   commit <file> <docPath> <json>          writes one document and exits
 *   hit <file> <limiter> <key> <times>      counts hits on a shared rate limiter, prints how many were allowed
 *   lead <file> <tickMs> <ttlMs>            runs the timed-work leader loop; each run it leads is logged in job_runs
 */
import { randomUUID } from "node:crypto";
import { openSqliteLimitBackend } from "~/engine/limits/sqlite.server";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import { WORKER_ID, startLeaderLoop } from "~/engine/leader.server";
import { createRateLimiter, shareRateLimits } from "~/utils/rate-limit.server";

const [command, file, ...args] = process.argv.slice(2);

if (command === "commit") {
  const store = openSqliteStore(file);
  await store.set(args[0], JSON.parse(args[1]) as Record<string, unknown>);
  await store.close();
} else if (command === "hit") {
  shareRateLimits(openSqliteLimitBackend(file));
  const limiter = createRateLimiter({ name: args[0], windowMs: 60 * 60_000, max: 10_000 });
  let allowed = 0;
  for (let i = 0; i < Number(args[2]); i++) if (limiter.hit(args[1], Date.now()).allowed) allowed++;
  process.stdout.write(`${allowed}\n`);
} else if (command === "lead") {
  const store = openSqliteStore(file);
  process.stdout.write(`${WORKER_ID}\n`);
  startLeaderLoop({
    getStore: async () => store,
    name: "timed_work",
    tickMs: Number(args[0]),
    ttlMs: Number(args[1]),
    onLead: async (leader, now) => {
      await leader.set(`job_runs/${randomUUID()}`, { holder: WORKER_ID, at: now });
    },
  });
  // Stays until killed; the loop's timers are unref'd, this one keeps the process up.
  setInterval(() => {}, 60_000);
} else {
  console.error(`unknown command ${command}`);
  process.exit(2);
}
