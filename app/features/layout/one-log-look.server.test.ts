import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequestHandler } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cachedRead } from "~/engine/index.server";
import { openSqliteStore, type SqliteStore } from "~/engine/store/sqlite.server";
import { buildOfRoutes } from "../../../tests/support/server-build";
import { oneLogLookPerRequest } from "./one-log-look.server";

let dir: string;
let store: SqliteStore;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "one-log-look-"));
  store = openSqliteStore(path.join(dir, "test.sqlite"));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The store's change log as the read cache sees it, counting how often it asks whether anyone committed (a statement each). */
function countingLog() {
  const counted = {
    looks: 0,
    get commitsSeen() {
      counted.looks += 1;
      return store.commitsSeen;
    },
    get localCommits() {
      return store.localCommits;
    },
    latestVersion: () => store.latestVersion(),
    changesSince: (version: number) => store.changesSince(version),
  };
  return counted;
}

/** A document request's routes, a layout and its page, each reading two kept values, served as server.mjs serves the app. */
function handlerFor(log: object) {
  const kept = (name: string) =>
    cachedRead(
      log,
      name,
      (p) => p === `wallets/${name}`,
      async () => (await store.get(`wallets/${name}`))?.data.balance ?? 0,
    );
  const loader = async () => [await kept("a"), await kept("b")];
  const build = buildOfRoutes({
    root: { id: "root", path: "", module: { default: () => null, loader } },
    page: { id: "page", parentId: "root", path: "page", module: { default: () => null, loader } },
  });
  return createRequestHandler(oneLogLookPerRequest(build), "production");
}

describe("one look at the change log per request (decision 104)", () => {
  it("the layout's and the page's kept reads of one request cost one look, and the next request looks again", async () => {
    await store.set("wallets/a", { balance: 5 });
    const log = countingLog();
    const handle = handlerFor(log);
    await cachedRead(
      log,
      "start",
      () => false,
      async () => 0,
    ); // the store's cache is made on its first read
    log.looks = 0;
    expect((await handle(new Request("http://localhost/page"))).status).toBe(200);
    expect(log.looks).toBe(1);
    expect((await handle(new Request("http://localhost/page"))).status).toBe(200);
    expect(log.looks).toBe(2);
  });
});
