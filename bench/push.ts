/**
 * bench:push (issue 31, decision 046): 1,000 notifications fanned out through the real delivery
 * code to a local stand-in push service, in one process on the embedded store.
 *
 * 1,000 members each have one device subscribed through the real subscribe() (the push port's
 * endpoint check included); each gets an "SP received" notice written by the bell's own
 * addNotification, which queues its push job in the same transaction, as every pushed notice does.
 * Then the delivery step the timed-work leader runs (deliverDuePushes: claim in a transaction, read
 * the member's choices and devices, compose, encrypt with aes128gcm, sign the VAPID JWT, POST,
 * record the outcome) is called until no job is left pending. The stand-in push service is the
 * contract suite's (tests/support/push-stand-in.ts): a sample of the messages is decrypted with
 * the subscriptions' private keys and their VAPID JWTs verified, so the figure is of real pushes.
 *
 * Target: every push delivered in under 10 s (from the first delivery call to the last job
 * recorded sent). Prints the total, pushes per second, p50/p95 per send (one encrypted POST) and
 * the load average; saves them through bench/lib/results.mjs. `BENCH_PUSHES` changes the count.
 * Run: `npm run bench:push`. Exits 1 when the target is missed or a push went wrong.
 */
import { loadavg } from "node:os";
import webpush from "web-push";
import { PUSH_JOBS, readPushJob } from "../app/documents/push";
import type { PushSender } from "../app/engine/push/types";
import { createWebPushSender } from "../app/engine/push/web-push.server";
import { addNotification } from "../app/features/notifications/notifications.server";
import { deliverDuePushes, type PushReport } from "../app/features/push/delivery.server";
import { subscribe } from "../app/features/push/subscriptions.server";
import { startPushStandIn, verifyVapid, type BrowserSubscription } from "../tests/support/push-stand-in";
import { saveResults } from "./lib/results.mjs";
import { percentiles, withTempStore } from "./support";

const PUSHES = Number(process.env.BENCH_PUSHES ?? 1_000);
const TARGET_MS = 10_000;
const SAMPLE = 20;
const ANDROID = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36";

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** The real sender, timing each send (one encrypted POST to the push service). */
function timed(sender: PushSender, sends: number[]): PushSender {
  return {
    publicKey: sender.publicKey,
    description: sender.description,
    refuseEndpoint: (endpoint) => sender.refuseEndpoint(endpoint),
    async send(target, payload, options) {
      const start = performance.now();
      const result = await sender.send(target, payload, options);
      sends.push(performance.now() - start);
      return result;
    },
  };
}

async function main() {
  const loadAtStart = load();
  console.log(`bench:push: ${PUSHES} pushes, load average ${loadAtStart} (1, 5, 15 min)`);
  const service = await startPushStandIn();
  const sends: number[] = [];
  const realSender = createWebPushSender({
    keys: webpush.generateVAPIDKeys(),
    subject: "mailto:bench@skillswap.example",
    ownOrigin: "https://skillswap.example",
    testOrigins: [service.origin],
  });
  const sender = timed(realSender, sends);
  try {
    const outcome = await withTempStore("bench-push-", async (store) => {
      const t0 = Date.now() - 60_000;
      const browsers = new Map<string, BrowserSubscription>();
      for (let i = 0; i < PUSHES; i++) {
        const uid = `m${i}`;
        await store.set(`users/${uid}`, { fullName: `Member ${i}`, timezone: "UTC", xp: 0, createdAt: t0 });
        const browser = service.subscribe(uid);
        browsers.set(uid, browser);
        await subscribe(store, realSender.refuseEndpoint, uid, browser, ANDROID, t0);
      }
      const queueStart = performance.now();
      for (let i = 0; i < PUSHES; i++)
        await store.transaction(async (tx) =>
          addNotification(
            tx,
            `m${i}`,
            { id: `sp_${i}`, type: "top_up", title: "SP received", body: `You received ${i + 1} SP.`, link: "/wallet" },
            t0,
          ),
        );
      const queueMs = performance.now() - queueStart;

      const report: PushReport = { sent: 0, held: 0, skipped: 0, retried: 0, failed: 0, removed: 0, interrupted: 0 };
      const start = performance.now();
      let runs = 0;
      for (;;) {
        const step = await deliverDuePushes(store, sender, Date.now());
        runs++;
        for (const key of Object.keys(report) as (keyof PushReport)[]) report[key] += step[key];
        if (step.sent + step.skipped + step.failed + step.retried + step.held === 0) break;
      }
      const totalMs = performance.now() - start;
      const jobs = (await store.query({ collection: PUSH_JOBS })).map((d) => readPushJob(d.data));
      return { totalMs, queueMs, runs, report, jobs, browsers };
    });

    const { totalMs, queueMs, runs, report, jobs, browsers } = outcome;
    // Real pushes: a sample opened with the receiving browser's private keys, its JWT verified.
    const step = Math.max(1, Math.floor(service.received.length / SAMPLE));
    let checked = 0;
    for (let i = 0; i < service.received.length; i += step) {
      const push = service.received[i]!;
      const uid = push.path.replace("/push/", "");
      const body = JSON.parse(browsers.get(uid)!.decrypt(push.body)) as { title: string; url: string };
      verifyVapid(push.headers, realSender.publicKey);
      if (body.title !== "SP received" || body.url !== "/wallet") throw new Error(`Unexpected push ${uid}`);
      checked++;
    }
    const uniqueRecipients = new Set(service.received.map((p) => p.path)).size;
    const sent = jobs.filter((j) => j.state === "sent").length;
    const perSend = percentiles(sends);
    const perSecond = (PUSHES / totalMs) * 1000;
    const delivered = sent === PUSHES && service.received.length === PUSHES && uniqueRecipients === PUSHES;
    const met = delivered && totalMs < TARGET_MS;
    const loadAtEnd = load();
    const result = {
      pushes: PUSHES,
      totalMs: round(totalMs),
      perSecond: round(perSecond),
      perSend: { p50: round(perSend.p50, 2), p95: round(perSend.p95, 2), max: round(perSend.max, 2) },
      deliveryRuns: runs,
      queueMs: round(queueMs),
      received: service.received.length,
      decryptedSample: checked,
      report,
      loadAverage: { start: loadAtStart, end: loadAtEnd },
    };
    console.log(
      [
        `Queued ${PUSHES} notices (each with its push job) in ${round(queueMs)} ms.`,
        `Delivered ${service.received.length} pushes to ${uniqueRecipients} devices in ${round(totalMs)} ms ` +
          `(${runs} delivery runs): ${round(perSecond)} pushes/s.`,
        `Per send (encrypt, sign, POST): p50 ${round(perSend.p50, 2)} ms, p95 ${round(perSend.p95, 2)} ms, ` +
          `max ${round(perSend.max, 2)} ms.`,
        `Jobs: ${sent} sent, ${report.failed} failed, ${report.retried} retried, ${report.skipped} skipped. ` +
          `${checked} sampled pushes decrypted with their subscription's keys, VAPID JWT verified.`,
        `Load average ${loadAtStart} at the start, ${loadAtEnd} at the end.`,
      ].join("\n"),
    );
    const file = saveResults("push", {
      date: new Date().toISOString(),
      result,
      rows: [
        {
          benchmark: "bench:push",
          figure: `${PUSHES} pushes in ${(totalMs / 1000).toFixed(2)} s, ${Math.round(perSecond)}/s, p95 per send ${round(perSend.p95)} ms${delivered ? "" : ", NOT ALL DELIVERED"}`,
          target: `${PUSHES} pushes to the stand-in < 10 s, every one delivered`,
          met,
        },
      ],
    });
    console.log(`${met ? "Target met" : "Target MISSED"} (< ${TARGET_MS / 1000} s, all delivered). Saved ${file}`);
    process.exitCode = met ? 0 : 1;
  } finally {
    await service.close();
  }
}

await main();
