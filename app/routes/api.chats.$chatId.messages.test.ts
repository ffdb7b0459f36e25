/**
 * Sending in a conversation through its send route (decision 107), on a real embedded engine in a temp
 * directory: what the sender is told when the store could not take the message.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "inbox-chat-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET = "x".repeat(40);

const { getStore } = await import("~/engine/index.server");
const { StoreBusyError } = await import("~/engine/store/types");
const { signUpWithCookie } = await import("../../tests/support/signed-in");
const { openChat } = await import("~/features/chat/chat.server");
const { ensureProfile } = await import("~/features/profile/bootstrap.server");
const { messagesOf } = await import("~/documents/chats");
const { readToast } = await import("~/utils/toast.server");
const route = await import("./api.chats.$chatId.messages");

const ORIGIN = "http://localhost";

afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await (await getStore()).close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function member(email: string, profile: Record<string, unknown>) {
  const { uid, cookie } = await signUpWithCookie(email);
  await ensureProfile(await getStore(), uid);
  await (await getStore()).update(`users/${uid}`, profile);
  return { uid, cookie };
}

/** As the composer's script posts (JSON back), or as its form does without script (`json: false`). */
function send(chatId: string, cookie: string, text: string, { json = true } = {}) {
  const request = new Request(`${ORIGIN}/api/chats/${chatId}/messages`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(json ? { Accept: "application/json" } : {}),
    },
    body: new URLSearchParams({ text }).toString(),
  });
  return route.action({ request, params: { chatId }, context: {} });
}

describe("POST /api/chats/$chatId/messages", () => {
  it("answers 503 in the sender's language, storing nothing, when the store stays busy", async () => {
    const sender = await member("busy-sender@example.com", { fullName: "Élise", language: "fr" });
    const other = await member("busy-other@example.com", { fullName: "Omar" });
    const store = await getStore();
    const chatId = await openChat(store, sender.uid, other.uid);
    // What the embedded store throws once its write lock stayed taken through every retry (sqlite.server.test.ts).
    vi.spyOn(store, "transaction").mockRejectedValueOnce(new StoreBusyError(3));

    const answer = await send(chatId, sender.cookie, "Bonjour");

    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      ok: false,
      error: "SkillSwap est très sollicité en ce moment : votre message n’a pas été envoyé. Réessayez dans un instant.",
    });
    expect(await store.query({ collection: messagesOf(chatId) })).toEqual([]);
    // The same message goes through once the store is free.
    const sent = await send(chatId, sender.cookie, "Bonjour");
    // Sent: 204 with no body, nothing to encode or stream (decision 155).
    expect([sent.status, await sent.text()]).toEqual([204, ""]);
    expect((await store.query({ collection: messagesOf(chatId) })).map((m) => m.data.text)).toEqual(["Bonjour"]);
  });

  it("answers a refusal in the sender's words and stores nothing", async () => {
    const sender = await member("empty-sender@example.com", { fullName: "Ana", language: "es" });
    const other = await member("empty-other@example.com", { fullName: "Ben" });
    const chatId = await openChat(await getStore(), sender.uid, other.uid);

    const answer = await send(chatId, sender.cookie, "   ");

    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ ok: false, error: "Escribe primero un mensaje." });
    expect(await (await getStore()).query({ collection: messagesOf(chatId) })).toEqual([]);
  });

  it("sends a message posted without script and goes back to the thread; a refusal comes as a toast", async () => {
    const sender = await member("plain-sender@example.com", { fullName: "Chloé" });
    const other = await member("plain-other@example.com", { fullName: "Dev" });
    const store = await getStore();
    const chatId = await openChat(store, sender.uid, other.uid);

    const sent = await send(chatId, sender.cookie, "Hello without script", { json: false });
    expect([sent.status, sent.headers.get("Location")]).toEqual([303, `/inbox/${chatId}`]);
    expect((await store.query({ collection: messagesOf(chatId) })).map((m) => m.data.text)).toEqual([
      "Hello without script",
    ]);

    const refused = await send(chatId, sender.cookie, "", { json: false });
    expect([refused.status, refused.headers.get("Location")]).toEqual([303, `/inbox/${chatId}`]);
    const toast = await readToast(
      new Request(ORIGIN, { headers: { Cookie: refused.headers.get("Set-Cookie")!.split(";")[0] } }),
    );
    expect(toast.toast).toEqual({ type: "error", title: "Write a message first." });
    expect(await store.query({ collection: messagesOf(chatId) })).toHaveLength(1);
  });
});
