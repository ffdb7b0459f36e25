/**
 * `npm run bench:streams`: 5,000 open live streams spread over the workers (issue 13).
 *
 * Starts cluster.mjs (one worker per core) on a fresh embedded store with BENCH_MEMBERS (250)
 * signed-in members, opens BENCH_STREAMS (5,000) live streams on their wallets (GET /api/live
 * ?feeds=wallet, as the header of every open tab does), then credits every member's wallet once
 * from this process (a commit in another process, which each worker learns of through the change
 * log). Measures the resident memory of the server's processes together (primary and workers,
 * from /proc) with every stream open, and checks that every stream received its member's new
 * balance. Targets: under 600 MB in total, every stream updated within 10 s.
 *
 * Results go to bench/results/streams-<time>.json. Exits 1 when a target is missed.
 */
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild } from "../scripts/lib/build.mjs";
import { startServer, stopServer, waitForHealthy } from "../scripts/lib/server.mjs";
import { benchServerEnv, openStream, saveResults, seedMembers, treeRssMb } from "./live-support";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 250);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 5_000);
const TARGET_MB = 600;
const UPDATE_TIMEOUT_MS = 10_000;
const CREDIT = 7;

async function main() {
  ensureBuild();
  const { baseUrl, dataDir, env } = await benchServerEnv("skillswap-streams-bench-");
  let failed = false;
  const closeStreams: (() => void)[] = [];
  let server: ReturnType<typeof startServer> | undefined;
  try {
    console.log(`Seeding ${MEMBERS} members (data in ${dataDir})…`);
    const members = await seedMembers(dataDir, MEMBERS, "streams-bench");
    // LOG_REQUESTS=0: the server prints only its start lines and errors.
    const child = startServer({ env, stdio: "inherit" });
    server = child;
    const pid = (child as { pid?: number }).pid ?? -1;
    await waitForHealthy(`${baseUrl}/healthz`);
    const idleMb = treeRssMb(pid);

    console.log(`Opening ${STREAMS} live streams…`);
    const balances: number[] = new Array(STREAMS).fill(-1);
    const opening = performance.now();
    for (let start = 0; start < STREAMS; start += 250) {
      await Promise.all(
        Array.from({ length: Math.min(250, STREAMS - start) }, (_, k) => {
          const i = start + k;
          return openStream(
            baseUrl,
            members[i % MEMBERS],
            "wallet",
            (data) => (balances[i] = (data as { balance: number }).balance),
          ).then((close) => closeStreams.push(close));
        }),
      );
    }
    const openSeconds = Math.round((performance.now() - opening) / 100) / 10;
    const before = [...balances];
    const openMb = treeRssMb(pid);

    console.log(`Crediting every member's wallet once (${CREDIT} SP) from another process…`);
    const { openSqliteStore } = await import("../app/engine/store/sqlite.server");
    const { postEntry } = await import("../app/features/wallet/ledger.server");
    const store = openSqliteStore(path.join(dataDir, "skillswap.sqlite"));
    const credited = performance.now();
    try {
      for (const [i, member] of members.entries())
        await postEntry(store, member.uid, {
          id: `streams-bench-${i}`,
          amount: CREDIT,
          type: "adjustment",
          description: "Streams bench credit",
        });
    } finally {
      await store.close();
    }
    const updated = () => balances.filter((b, i) => b === before[i] + CREDIT).length;
    while (updated() < STREAMS && performance.now() - credited < UPDATE_TIMEOUT_MS)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const allSeconds = Math.round((performance.now() - credited) / 100) / 10;
    const peakMb = treeRssMb(pid);
    const result = {
      members: MEMBERS,
      streams: STREAMS,
      workers: Number(env.WEB_CONCURRENCY ?? os.availableParallelism()),
      openSeconds,
      updated: updated(),
      updateSeconds: allSeconds,
      rssMb: { idle: idleMb, streamsOpen: openMb, afterUpdates: peakMb },
    };
    console.log(
      `  ${result.updated}/${STREAMS} streams received their update within ${allSeconds} s; server memory ` +
        `${idleMb} MB idle, ${openMb} MB with the streams open, ${peakMb} MB after the updates`,
    );
    const memory = Math.max(openMb ?? Infinity, peakMb ?? Infinity);
    const met = result.updated === STREAMS && memory < TARGET_MB;
    const rows = [
      {
        benchmark: `bench:streams ${STREAMS} live streams over the workers`,
        figure: `${memory} MB in total, ${result.updated}/${STREAMS} updated (in ${allSeconds} s)`,
        target: `< ${TARGET_MB} MB, every stream updated`,
        met,
      },
    ];
    const saved = saveResults("streams", result, rows);
    console.log(`Targets: < ${TARGET_MB} MB, every stream updated: ${met ? "met" : "MISSED"}`);
    console.log(`Saved ${saved}`);
    failed = !met;
  } catch (error) {
    failed = true;
    console.error(`The benchmark could not run: ${(error as Error).message}`);
  } finally {
    for (const close of closeStreams) close();
    await stopServer(server);
    if (!process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

await main();
