/**
 * Sending in a conversation through the route's action, on a real embedded engine in a temp
 * directory: what the sender is told when the store could not take the message.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "inbox-chat-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET = "x".repeat(40);

const { getAuth, getStore } = await import("~/engine/index.server");
const { StoreBusyError } = await import("~/engine/store/types");
const { commitSessionToken } = await import("~/utils/session.server");
const { openChat } = await import("~/features/chat/chat.server");
const { ensureProfile } = await import("~/features/profile/bootstrap.server");
const { messagesOf } = await import("~/documents/chats");
const route = await import("./_app.inbox.$chatId");

const ORIGIN = "http://localhost";

afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await (await getStore()).close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function member(email: string, profile: Record<string, unknown>) {
  const auth = await getAuth();
  const credentials = { kind: "password" as const, email, password: "a long enough password", clientKey: "test" };
  const user = await auth.signUp(credentials);
  await ensureProfile(await getStore(), user.uid);
  await (await getStore()).update(`users/${user.uid}`, profile);
  const session = await auth.startSession(user, credentials);
  return {
    uid: user.uid,
    cookie: (await commitSessionToken(session.token, session.expiresAt, user.uid)).split(";")[0],
  };
}

function send(chatId: string, cookie: string, text: string) {
  const request = new Request(`${ORIGIN}/inbox/${chatId}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ text }).toString(),
  });
  return route.action({ request, params: { chatId }, context: {} });
}

describe("POST /inbox/$chatId", () => {
  it("answers 503 in the sender's language, storing nothing, when the store stays busy", async () => {
    const sender = await member("busy-sender@example.com", { fullName: "Élise", language: "fr" });
    const other = await member("busy-other@example.com", { fullName: "Omar" });
    const store = await getStore();
    const chatId = await openChat(store, sender.uid, other.uid);
    // What the embedded store throws once its write lock stayed taken through every retry (sqlite.server.test.ts).
    vi.spyOn(store, "transaction").mockRejectedValueOnce(new StoreBusyError(3));

    const answer = (await send(chatId, sender.cookie, "Bonjour")) as unknown as {
      data: unknown;
      init: { status: number };
    };

    expect(answer.init.status).toBe(503);
    expect(answer.data).toEqual({
      ok: false,
      error: "SkillSwap est très sollicité en ce moment : votre message n’a pas été envoyé. Réessayez dans un instant.",
    });
    expect(await store.query({ collection: messagesOf(chatId) })).toEqual([]);
    // The same message goes through once the store is free.
    expect(await send(chatId, sender.cookie, "Bonjour")).toEqual({ ok: true });
    expect((await store.query({ collection: messagesOf(chatId) })).map((m) => m.data.text)).toEqual(["Bonjour"]);
  });
});
