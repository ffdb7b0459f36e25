/**
 * The server's own log lines carry no e-mail addresses and no message text (issue 32, decision
 * 044): a production server of the test's own, with its request log on and no mail server (so
 * every mail goes to the outbox and its log line), through sign-up, a chat message and a password
 * reset; everything it printed is then searched for the address and the message.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { openChat } from "~/features/chat/chat.server";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import { freePort, startServer, stopServer, waitForHealthy, productionEnv } from "../../scripts/lib/server.mjs";
import { createUser, PASSWORD } from "./support/fixtures";
import { expect, test } from "./support/test";

test("no e-mail address or message text reaches the server's log", async ({ browser }) => {
  test.slow();
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "server-logs-"));
  const env = productionEnv(port, dataDir, {
    PUBLIC_URL: origin,
    PAYMENTS: "off",
    WEB_CONCURRENCY: "1",
    LOG_REQUESTS: "1",
    SMTP_URL: undefined,
  });
  const server: ChildProcess = startServer({ env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const store = openSqliteStore(path.join(dataDir, "skillswap.sqlite"));
  const context = await browser.newContext({ baseURL: origin });
  try {
    await (waitForHealthy as (url: string, options: { child: ChildProcess }) => Promise<void>)(`${origin}/healthz`, {
      child: server,
    });
    const email = `log-probe-${randomUUID().slice(0, 8)}@example.com`;
    const secret = `the meeting point is platform ${randomUUID().slice(0, 8)}`;
    const page = await context.newPage();

    // Sign-up: the verification mail goes to the outbox and its log line.
    await page.goto("/signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/profile-setup/);
    await page.getByLabel("Full name").fill("Log Probe");
    await page.getByRole("button", { name: "Continue to your dashboard" }).click();
    await page.waitForURL(/\/dashboard/);

    // A message to another member.
    const uid = (await store.get<{ uid: string }>(`auth_emails/${email}`))!.data.uid;
    const other = await createUser({ store, fullName: "Other Member" });
    const chatId = await openChat(store, uid, other.uid);
    await page.goto(`/inbox/${chatId}`);
    await page.getByRole("textbox", { name: "Message" }).fill(secret);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByTestId("message").getByText(secret)).toBeVisible();

    // A password reset: another mail to the outbox.
    await context.clearCookies();
    await page.goto("/reset-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect.poll(async () => (await store.query({ collection: "outbox" })).length).toBe(2);
    await expect.poll(() => output).toMatch(/\[mail\] outbox\/\S+: Reset your SkillSwap password/);

    // The request log is on: one line per request (a form post through single fetch goes to its .data path).
    expect(output).toMatch(/^POST \/signup(\.data)? \d{3} /m);
    expect(output).toMatch(/\[mail\] outbox\/\S+: Verify your SkillSwap email/);
    expect(output).not.toContain(email);
    expect(output).not.toContain(email.split("@")[0]);
    expect(output).not.toContain(secret);
  } finally {
    await context.close();
    await stopServer(server);
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
