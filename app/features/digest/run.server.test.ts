/**
 * One digest per member and period, whatever runs it (decision 047): two workers at once, a run
 * that stopped half-way and is taken over, a restart, the next hour's run. On the embedded store
 * (two handles on one SQLite file, as two worker processes have) and on Firestore (Google's
 * emulator, when this machine has it). Then the queued mail leaves with its unsubscribe headers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxTransport } from "~/engine/mail/collection.server";
import { createSmtpTransport } from "~/engine/mail/smtp.server";
import { connectFirestore, openFirestoreStore } from "~/engine/store/firestore.server";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { DocStore } from "~/engine/store/types";
import { deliverDueMail } from "~/features/mail/delivery.server";
import {
  findCloudFirestoreEmulator,
  startCloudFirestoreEmulator,
  type RunningCloudFirestoreEmulator,
} from "../../../tests/setup/cloud-firestore-emulator";
import { startSmtpInbox } from "../../../tests/support/smtp-inbox";
import { DIGEST_RUN, HOUR_MS, queueDueDigests, runDueDigests, RUN_STALE_MS } from "./run.server";
import { setDigestFrequency } from "./preference.server";
import { checkUnsubscribeToken } from "./unsubscribe-token.server";

const SECRET = "digest-run-test-secret-of-32-characters";
const DAY = 24 * HOUR_MS;
// Thursday 26 November 2026, 10:00 UTC: the week of Monday 16 November and the day of the 25th have ended.
const NOW = Date.UTC(2026, 10, 26, 10);
const IN_WEEK = Date.UTC(2026, 10, 18, 12);
const YESTERDAY = Date.UTC(2026, 10, 25, 12);

const found = findCloudFirestoreEmulator();
let emulator: RunningCloudFirestoreEmulator | undefined;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "digest-run-"));
  if (found.found) emulator = await startCloudFirestoreEmulator(found);
}, 60_000);

afterAll(async () => {
  await emulator?.stop();
  rmSync(dir, { recursive: true, force: true });
});

let opened = 0;
/** Two handles on one store, as two worker processes have. */
const engines: [string, () => [DocStore, DocStore]][] = [
  [
    "embedded",
    () => {
      const file = path.join(dir, `store-${++opened}.sqlite`);
      return [openSqliteStore(file), openSqliteStore(file)];
    },
  ],
  [
    "firestore",
    () => {
      const projectId = `demo-digest-${++opened}`;
      const db = () => connectFirestore({ projectId, emulatorHost: emulator!.host });
      return [openFirestoreStore(db()), openFirestoreStore(db())];
    },
  ],
];

const user = (fullName: string, extra: Record<string, unknown> = {}) => ({
  fullName,
  timezone: "UTC",
  createdAt: Date.UTC(2026, 0, 1),
  ...extra,
});

/** Members with something to say (weekly, daily), nothing to say, turned off, and joined too late. */
async function fill(store: DocStore) {
  await store.set("users/weekly1", user("Wanda Weekly"));
  await store.set("users/weekly2", user("Walt Weekly", { timezone: "Asia/Tokyo" }));
  await store.set("users/daily1", user("Dora Daily", { digest: "daily" }));
  await store.set("users/quiet", user("Quinn Quiet"));
  await store.set("users/off", user("Olga Off", { digest: "off" }));
  await store.set("users/newbie", user("Ned New", { createdAt: Date.UTC(2026, 10, 24) }));
  await store.set("users/sender", user("Sam Sender", { digest: "off" }));
  // SP received last week, for both weekly members; a credit for the quiet one lies outside the week.
  for (const uid of ["weekly1", "weekly2", "off", "newbie"])
    await store.set(`wallets/${uid}/transactions/payout_1`, {
      amount: 12,
      timestamp: IN_WEEK,
      type: "booking_payout",
      description: "A session",
      ref: "b1",
    });
  await store.set("wallets/quiet/transactions/old", {
    amount: 5,
    timestamp: IN_WEEK - 7 * DAY,
    type: "top_up",
    description: "Top-up",
    ref: null,
  });
  // Yesterday, Sam wrote to Dora twice: she has not read it.
  await store.set("chats/c1", {
    participants: ["daily1", "sender"],
    createdBy: "sender",
    createdAt: YESTERDAY,
    updatedAt: YESTERDAY,
    lastMessage: "Private words",
    lastSender: "sender",
    messageCount: 2,
    unread: { daily1: 2, sender: 0 },
  });
}

const ids = async (store: DocStore, collection: string) => (await store.query({ collection })).map((d) => d.id).sort();

const EXPECTED_JOBS = [
  "digest_daily1_daily_2026-11-25",
  "digest_weekly1_weekly_2026-11-16",
  "digest_weekly2_weekly_2026-11-16",
];

for (const [engine, open] of engines) {
  describe.skipIf(engine === "firestore" && !found.found)(`digests on ${engine}`, () => {
    it("two workers at once, a run taken over after a crash, a restart and the next hour: one digest each", async () => {
      const [a, b] = open();
      try {
        await fill(a);
        // Two workers run the step at the same moment (a leader overlapping with its successor):
        // both gather, both try to write, and every member still gets one job.
        const [first, second] = await Promise.all([queueDueDigests(a, NOW), queueDueDigests(b, NOW)]);
        expect(first.queued + second.queued).toBe(3);
        expect(first.empty + second.empty).toBe(1);
        expect((await ids(a, "mail_jobs")).filter((id) => id.startsWith("digest_"))).toEqual(EXPECTED_JOBS);
        expect(await ids(a, "digests")).toEqual([
          "daily1_daily_2026-11-25",
          "quiet_weekly_2026-11-16",
          "weekly1_weekly_2026-11-16",
          "weekly2_weekly_2026-11-16",
        ]);
        const job = (await a.get("mail_jobs/digest_daily1_daily_2026-11-25"))!.data;
        expect(job).toMatchObject({ uid: "daily1", kind: "digest", ref: "daily_2026-11-25", state: "pending" });

        // The hour's run, claimed by one worker of two.
        const claims = await Promise.all([runDueDigests(a, NOW), runDueDigests(b, NOW)]);
        expect(claims.filter((r) => r === null)).toHaveLength(1);
        expect(claims.find((r) => r !== null)).toEqual({ due: 0, queued: 0, empty: 0, done: 0 });

        // A worker starts the next hour's run and dies: its marker is left unfinished. Another worker
        // waits while the marker is fresh, then takes over; nothing is queued twice.
        const nextHour = NOW + HOUR_MS;
        await a.set(`digest_runs/${DIGEST_RUN}`, {
          hour: Math.floor(nextHour / HOUR_MS),
          startedAt: nextHour,
          finishedAt: 0,
        });
        expect(await runDueDigests(b, nextHour + RUN_STALE_MS - 1)).toBeNull();
        expect(await runDueDigests(b, nextHour + RUN_STALE_MS)).toEqual({ due: 0, queued: 0, empty: 0, done: 0 });
        expect((await b.get(`digest_runs/${DIGEST_RUN}`))!.data.finishedAt).toBeGreaterThan(0);

        // A restart: a fresh handle on the same store, the day after. Dora's next day is new; the rest is done.
        const [c] = engine === "embedded" ? [openSqliteStore(path.join(dir, `store-${opened}.sqlite`))] : [b];
        try {
          const tomorrow = await runDueDigests(c, NOW + DAY);
          expect(tomorrow).toEqual({ due: 1, queued: 0, empty: 1, done: 0 });
          expect((await ids(c, "mail_jobs")).filter((id) => id.startsWith("digest_"))).toEqual(EXPECTED_JOBS);
        } finally {
          if (c !== b) await c.close();
        }
      } finally {
        await a.close();
        await b.close();
      }
    }, 60_000);

    it("the queued digest leaves once, with the signed one-click unsubscribe headers and no message text", async () => {
      const [store, other] = open();
      try {
        await fill(store);
        await queueDueDigests(store, NOW);
        // Her profile's language is the digest's (decision 055); the others never chose: English.
        await store.update("users/weekly2", { language: "es" });
        const deps = {
          transport: createOutboxTransport(store, () => {}),
          recipient: async (uid: string) => ({ email: `${uid}@example.com`, displayName: null }),
          origin: "https://skillswap.example",
          unsubscribeSecret: SECRET,
        };
        const [one, two] = await Promise.all([deliverDueMail(store, deps, NOW), deliverDueMail(other, deps, NOW)]);
        expect(one.sent + two.sent).toBe(3);
        expect(await ids(store, "outbox")).toEqual(EXPECTED_JOBS);
        const mail = (await store.get("outbox/digest_daily1_daily_2026-11-25"))!.data as {
          to: string;
          subject: string;
          text: string;
          headers: Record<string, string>;
        };
        expect(mail.to).toBe("daily1@example.com");
        expect(mail.subject).toBe("Your SkillSwap digest for Wednesday 25 November");
        expect(mail.text).toContain("\u2068Sam Sender\u2069: 2 unread messages: https://skillswap.example/inbox/c1");
        expect(mail.text).not.toContain("Private words");
        expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
        const url = /^<(https:\/\/skillswap\.example\/digest\/unsubscribe\?token=([^>]+))>$/.exec(
          mail.headers["List-Unsubscribe"]!,
        );
        expect(url).not.toBeNull();
        expect(checkUnsubscribeToken(SECRET, decodeURIComponent(url![2]!), NOW)).toMatchObject({
          ok: true,
          uid: "daily1",
        });
        const weekly = (await store.get("outbox/digest_weekly2_weekly_2026-11-16"))!.data as {
          subject: string;
          text: string;
        };
        expect(weekly.subject).toBe("Tu resumen de SkillSwap de la semana del lunes, 16 de noviembre");
        expect(weekly.text).toContain("12 SP en 1 pago");

        // Turned off after it was queued: a queued digest does not leave. Daily first, as Settings sets it.
        await setDigestFrequency(store, "quiet", "daily", NOW);
        await store.set("wallets/quiet/transactions/fresh", {
          amount: 3,
          timestamp: YESTERDAY,
          type: "top_up",
          description: "Top-up",
          ref: null,
        });
        expect(await queueDueDigests(store, NOW)).toMatchObject({ queued: 1 });
        await store.update("users/quiet", { digest: "off" });
        expect(await deliverDueMail(store, deps, NOW)).toMatchObject({ sent: 0, skipped: 1 });
        expect((await store.get("mail_jobs/digest_quiet_daily_2026-11-25"))!.data).toMatchObject({
          state: "skipped",
          reason: "The member turned the digest off.",
        });
      } finally {
        await store.close();
        await other.close();
      }
    }, 60_000);
  });
}

describe("a digest through SMTP", () => {
  it("arrives with List-Unsubscribe and List-Unsubscribe-Post as header fields", async () => {
    const inbox = await startSmtpInbox();
    const store = openSqliteStore(path.join(dir, `store-${++opened}.sqlite`));
    try {
      await fill(store);
      await queueDueDigests(store, NOW);
      await deliverDueMail(
        store,
        {
          transport: createSmtpTransport(inbox.url, "SkillSwap <no-reply@skillswap.example>", "skillswap.example"),
          recipient: async (uid) => ({ email: `${uid}@example.com`, displayName: null }),
          origin: "https://skillswap.example",
          unsubscribeSecret: SECRET,
        },
        NOW,
      );
      const [mail] = inbox.to("daily1@example.com");
      expect(mail?.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail?.headers["list-unsubscribe"]).toMatch(
        /^<https:\/\/skillswap\.example\/digest\/unsubscribe\?token=v1\.daily1\.digest\./,
      );
    } finally {
      await store.close();
      await inbox.close();
    }
  });
});
