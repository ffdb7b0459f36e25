/**
 * A form posted without JavaScript (a document request, not single fetch's `.data` path) that meets
 * a busy store answers as a script's post does (decisions 099 and 112): HTTP 503 with Retry-After,
 * the page saying in the reader's language that nothing was changed, and nothing written. A server
 * of the test's own, because the test holds its store's write lock.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import { freePort, startServer, stopServer, waitForHealthy, productionEnv } from "../../scripts/lib/server.mjs";
import { PASSWORD, uniqueEmail } from "./support/fixtures";
import { expect, test } from "./support/test";

// The browser reports the page's status, as it reports any failed load.
test.use({ allowedConsoleErrors: [/the server responded with a status of 503/] });

test("a sign-up posted without JavaScript to a busy store answers 503 in the reader's language and writes nothing", async ({
  browser,
}) => {
  // Each write waits for the lock through the store's bounded retries before it gives up.
  test.setTimeout(240_000);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "busy-store-"));
  const server: ChildProcess = startServer({
    env: productionEnv(port, dataDir, {
      PUBLIC_URL: origin,
      PAYMENTS: "off",
      WEB_CONCURRENCY: "1",
    }),
    stdio: "ignore",
  });
  const context = await browser.newContext({
    baseURL: origin,
    javaScriptEnabled: false,
    locale: "es-ES",
    extraHTTPHeaders: { "Accept-Language": "es" },
  });
  let lock: Database.Database | undefined;
  try {
    await (waitForHealthy as (url: string, options: { child: ChildProcess }) => Promise<void>)(`${origin}/healthz`, {
      child: server,
    });
    const page = await context.newPage();
    await page.goto("/signup");
    const email = uniqueEmail("busy-nojs");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill(PASSWORD);

    lock = new Database(path.join(dataDir, "skillswap.sqlite"));
    lock.exec("BEGIN IMMEDIATE");
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/signup", {
        timeout: 200_000,
      }),
      page.getByRole("button", { name: "Crear cuenta" }).click(),
    ]);
    expect(answer.status()).toBe(503);
    expect(await answer.headerValue("Retry-After")).toBe("5");
    await expect(page.getByRole("heading", { name: "SkillSwap está muy ocupado" })).toBeVisible();
    await expect(
      page.getByText(
        "SkillSwap está muy ocupado ahora mismo y no se ha cambiado nada. Vuelve a intentarlo en un momento.",
      ),
    ).toBeVisible();

    lock.exec("ROLLBACK");
    lock.close();
    lock = undefined;
    const store = openSqliteStore(path.join(dataDir, "skillswap.sqlite"));
    try {
      expect(await store.get(`auth_emails/${email.toLowerCase()}`)).toBeNull();
      expect(await store.query({ collection: "users" })).toEqual([]);
    } finally {
      await store.close();
    }
  } finally {
    if (lock?.inTransaction) lock.exec("ROLLBACK");
    lock?.close();
    await context.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
