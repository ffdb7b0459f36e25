/**
 * A production server of SkillSwap's own for tests about real mail: its own data directory and
 * SMTP_URL pointing at a local SMTP server (tests/support/smtp-inbox.ts) whose messages the test
 * reads. Register it with `useSmtpApp()` at the top of a test file.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { DocStore } from "~/engine/store/types";
import { freePort, startServer, stopServer, waitForHealthy, productionEnv } from "../../../scripts/lib/server.mjs";
import { startSmtpInbox, type SmtpInbox } from "../../support/smtp-inbox";
import { test } from "./test";

export interface SmtpApp {
  origin: string;
  inbox: SmtpInbox;
  /** The server's own store, opened from the test process to arrange members and inspect state. */
  store: DocStore;
}

export function useSmtpApp(prefix: string): () => SmtpApp {
  let app: SmtpApp | undefined;
  let server: ChildProcess | undefined;
  let dataDir = "";

  test.beforeAll(async () => {
    const inbox = await startSmtpInbox();
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
    const env = productionEnv(port, dataDir, {
      PUBLIC_URL: origin,
      PAYMENTS: "off",
      LOG_REQUESTS: "0",
      SMTP_URL: inbox.url,
      MAIL_FROM: "SkillSwap <no-reply@skillswap.test>",
    });
    const child = startServer({ env });
    server = child;
    // scripts/lib/server.mjs is plain JavaScript: its options object is wider than TypeScript infers.
    await (waitForHealthy as (url: string, options: { child: ChildProcess }) => Promise<void>)(`${origin}/healthz`, {
      child,
    });
    app = { origin, inbox, store: openSqliteStore(path.join(dataDir, "skillswap.sqlite")) };
  });

  test.afterAll(async () => {
    if (server) await stopServer(server);
    if (app) {
      await app.store.close();
      await app.inbox.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  return () => {
    if (!app) throw new Error("useSmtpApp: the server starts in beforeAll; use it inside tests.");
    return app;
  };
}
