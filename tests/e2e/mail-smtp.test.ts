import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort, startServer, stopServer, waitForHealthy, withoutShellOverrides } from "../../scripts/lib/server.mjs";
import { expect, test } from "./support/test";
import { PASSWORD, uniqueEmail } from "./support/fixtures";

/**
 * Real mail: a production server of its own, configured with SMTP_URL pointing at a local SMTP
 * server, mails a password reset; the test reads the message the SMTP server received, follows
 * its link in the browser and signs in with the new password.
 */

interface Received {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

const inbox: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: typeof parsed.html === "string" ? parsed.html : "",
        });
        callback();
      })
      .catch(callback);
  },
});

let server: ChildProcess | undefined;
let origin = "";
let dataDir = "";

test.beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const port = await freePort();
  origin = `http://localhost:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "skillswap-smtp-e2e-"));
  const env = {
    ...withoutShellOverrides(process.env),
    NODE_ENV: "production",
    BACKEND: "embedded",
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: origin,
    PAYMENTS: "off",
    LOG_REQUESTS: "0",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "SkillSwap <no-reply@skillswap.test>",
  };
  const child = startServer({ env });
  server = child;
  // scripts/lib/server.mjs is plain JavaScript: its options object is wider than TypeScript infers.
  await (waitForHealthy as (url: string, options: { child: ChildProcess }) => Promise<void>)(`${origin}/healthz`, {
    child,
  });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

test("a password reset arrives by SMTP and its link sets the new password", async ({ browser }) => {
  const email = uniqueEmail("smtp");
  const newPassword = `new ${PASSWORD} ${Date.now()}`;

  const signUp = await browser.newPage();
  await signUp.goto(`${origin}/signup`);
  await signUp.getByLabel("Email").fill(email);
  await signUp.getByLabel("Password").fill(PASSWORD);
  await signUp.getByRole("button", { name: "Create account" }).click();
  await signUp.waitForURL(/\/profile-setup/);
  await signUp.context().close();

  const page = await browser.newPage();
  await page.goto(`${origin}/reset-password`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  await expect.poll(() => inbox.filter((m) => m.to.includes(email)).length).toBe(1);
  const mail = inbox.find((m) => m.to.includes(email))!;
  expect(mail.subject).toBe("Reset your SkillSwap password");
  const link = /https?:\/\/\S+oobCode=\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(new URL(link!).origin).toBe(origin);
  expect(mail.html).toContain("oobCode=");

  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Save new password" }).click();
  await page.waitForURL((url) => url.pathname === "/auth");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/profile-setup");
  await page.context().close();
});
