/** What the live benchmarks through the production server share (bench:chat, bench:streams). */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../scripts/lib/build.mjs";
import { freePort, withoutShellOverrides } from "../scripts/lib/server.mjs";

export interface Member {
  uid: string;
  cookie: string;
}

/**
 * A free port, a fresh data directory and the server's environment. This process gets the same
 * DATA_DIR, SESSION_SECRET and PUBLIC_URL, so the cookies it signs while seeding are the server's.
 */
export async function benchServerEnv(prefix: string) {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const shared = {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    SESSION_SECRET: randomBytes(24).toString("hex"),
  };
  Object.assign(process.env, shared);
  const env: Record<string, string | undefined> = {
    ...withoutShellOverrides(process.env),
    ...shared,
    BACKEND: "embedded",
    PORT: String(port),
    PAYMENTS: "test",
    LOG_REQUESTS: "0",
  };
  return { baseUrl, dataDir, env };
}

/** `count` named members, each signed in with a real session, written straight to the store. */
export async function seedMembers(dataDir: string, count: number, prefix: string): Promise<Member[]> {
  const { openSqliteStore } = await import("../app/engine/store/sqlite.server");
  const { createLocalAuth } = await import("../app/engine/auth/local.server");
  const { ensureProfile } = await import("../app/features/profile/bootstrap.server");
  const { recordTermsAccepted } = await import("../app/features/legal/acceptance.server");
  const { currentTermsVersion } = await import("../app/features/legal/content.server");
  const { commitSessionToken } = await import("../app/utils/session.server");
  const store = openSqliteStore(path.join(dataDir, "skillswap.sqlite"));
  try {
    const auth = createLocalAuth(store, {
      mail: async () => {
        throw new Error("The bench sends no mail.");
      },
    });
    const members: Member[] = [];
    for (let i = 0; i < count; i++) {
      const credentials = {
        kind: "password" as const,
        email: `${prefix}-${i}@example.com`,
        password: "bench-password-1234",
        clientKey: "",
      };
      const user = await auth.signUp(credentials);
      const session = await auth.startSession(user, credentials);
      await ensureProfile(store, user.uid);
      // As sign-up does: without it every page would send them to accept the terms (decision 043).
      await recordTermsAccepted(store, user.uid, await currentTermsVersion());
      await store.update(`users/${user.uid}`, { fullName: `Bench Member ${i}` });
      const cookie = (await commitSessionToken(session.token, session.expiresAt, user.uid)).split(";")[0]!;
      members.push({ uid: user.uid, cookie });
    }
    return members;
  } finally {
    await store.close();
  }
}

export interface Conversation {
  chatId: string;
  sender: Member;
  recipient: Member;
}

/** `count` members in a ring of conversations (member i writes to member i+1). */
export async function seedConversations(dataDir: string, count: number, prefix: string): Promise<Conversation[]> {
  const members = await seedMembers(dataDir, count, prefix);
  const { openSqliteStore } = await import("../app/engine/store/sqlite.server");
  const { openChat } = await import("../app/features/chat/chat.server");
  const store = openSqliteStore(path.join(dataDir, "skillswap.sqlite"));
  try {
    const conversations: Conversation[] = [];
    for (let i = 0; i < count; i++) {
      const sender = members[i];
      const recipient = members[(i + 1) % count];
      conversations.push({ chatId: await openChat(store, sender.uid, recipient.uid), sender, recipient });
    }
    return conversations;
  } finally {
    await store.close();
  }
}

/**
 * Opens a member's live stream (GET /api/live) on one feed and calls `onEvent` with each of its
 * events' data. Resolves once the feed's first event (its current state) arrived, with the
 * function that closes the stream: from then on the stream is live. Each stream is closed on its
 * own: one signal shared by every stream of a run took one abort listener per stream (Node's
 * MaxListenersExceededWarning in bench:chat). Read with node:http rather than fetch: the load generator runs on the
 * server's cores, and fetch's web streams cost it several times the CPU per event.
 */
export function openStream(
  baseUrl: string,
  member: Member,
  feed: string,
  onEvent: (data: unknown) => void,
): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/live?feeds=${encodeURIComponent(feed)}`,
      { headers: { cookie: member.cookie, accept: "text/event-stream", "accept-encoding": "gzip" } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`GET /api/live answered ${response.statusCode}`));
          return;
        }
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (text: string) => {
          buffer += text;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (/^event: (.*)$/m.exec(block)?.[1] !== feed) continue;
            const data = block
              .split("\n")
              .filter((line) => line.startsWith("data: "))
              .map((line) => line.slice(6))
              .join("\n");
            resolve(() => request.destroy());
            onEvent(JSON.parse(data));
          }
        });
        // Closed at the end of the run.
        response.on("error", () => {});
      },
    );
    // Before the first event this fails the open; after it, the close at the end of the run is expected.
    request.on("error", reject);
  });
}

/** Resident memory (MB) of a process and all its descendants, from /proc; null elsewhere. */
export function treeRssMb(pid: number): number | null {
  const rssKb = (p: number): number => {
    const status = readFileSync(`/proc/${p}/status`, "utf8");
    let kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    const children = readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim();
    for (const child of children ? children.split(" ") : []) kb += rssKb(Number(child));
    return kb;
  };
  try {
    return Math.round(rssKb(pid) / 1024);
  } catch {
    return null;
  }
}

/** Saves a run to bench/results/<prefix>-<time>.json, where `npm run bench` reads its rows; returns the path. */
export function saveResults(prefix: string, result: unknown, rows: unknown[]): string {
  const resultsDir = path.join(ROOT, "bench", "results");
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${prefix}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(
    file,
    JSON.stringify({ date: new Date().toISOString(), cores: os.cpus().length, result, rows }, null, 2),
  );
  return path.relative(ROOT, file);
}
