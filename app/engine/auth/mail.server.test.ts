import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../store/sqlite.server";
import type { DocStore } from "../store/types";
import { createOutboxMailer } from "./mail.server";

let dir: string;
let store: DocStore;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "skillswap-mail-"));
  store = openSqliteStore(path.join(dir, "test.sqlite"));
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("createOutboxMailer", () => {
  it("writes each message to the outbox and logs its link", async () => {
    const lines: string[] = [];
    const mail = createOutboxMailer(store, (line) => lines.push(line), { now: () => 1_700_000_000_000 });
    const message = { to: "ada@example.com", subject: "Reset your password", text: "Open the link", link: "http://localhost:3000/x?y=1" };

    await mail(message);
    await mail({ ...message, to: "bob@example.com" });

    const outbox = await store.query({ collection: "outbox", orderBy: [["to", "asc"]] });
    expect(outbox.map((doc) => doc.data)).toEqual([
      { ...message, createdAt: 1_700_000_000_000 },
      { ...message, to: "bob@example.com", createdAt: 1_700_000_000_000 },
    ]);
    expect(new Set(outbox.map((doc) => doc.id)).size).toBe(2);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("ada@example.com");
    expect(lines[0]).toContain(message.link);
  });
});
