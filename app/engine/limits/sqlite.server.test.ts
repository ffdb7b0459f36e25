import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRateLimiter, shareRateLimits } from "~/utils/rate-limit.server";
import { openSqliteLimitBackend } from "./sqlite.server";

const MINUTE = 60_000;
const T0 = 1_700_000_000_000;

let dir: string;
let backends: { close(): void }[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "limits-"));
  backends = [];
});

afterEach(() => {
  shareRateLimits(undefined);
  for (const backend of backends) backend.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function open() {
  const backend = openSqliteLimitBackend(path.join(dir, "skillswap.sqlite"));
  backends.push(backend);
  return backend;
}

describe("the SQLite rate-limit storage", () => {
  it("counts hits from two connections to the same file as one limit", () => {
    const [a, b] = [open().storage("chat_send"), open().storage("chat_send")];
    const hit = (storage: typeof a, now: number) =>
      storage.update("uid-1", (entry) => ({
        entry: { hits: [...(entry?.hits ?? []), now], lockedUntil: 0 },
        expiresAt: now + MINUTE,
      }));
    hit(a, T0);
    hit(b, T0 + 1);
    hit(a, T0 + 2);
    expect(b.get("uid-1")?.hits).toEqual([T0, T0 + 1, T0 + 2]);
    expect(a.size).toBe(1);
    // Names keep limiters apart.
    expect(open().storage("booking_request").get("uid-1")).toBeUndefined();
  });

  it("backs createRateLimiter once shared, whichever copy of a limiter is asked", () => {
    shareRateLimits(open());
    // Two module copies of the same limiter, as two worker processes would hold.
    const first = createRateLimiter({ name: "booking_request", windowMs: MINUTE, max: 3 });
    const second = createRateLimiter({ name: "booking_request", windowMs: MINUTE, max: 3 });
    first.hit("learner", T0);
    second.hit("learner", T0 + 1);
    first.hit("learner", T0 + 2);
    expect(second.check("learner", T0 + 3)).toEqual({ allowed: false, retryAfterMs: MINUTE - 3, count: 3 });
    second.reset("learner");
    expect(first.check("learner", T0 + 3).allowed).toBe(true);
  });

  it("lets only max takes through across two connections, and a release frees one place", () => {
    const [a, b] = [open(), open()];
    const limiter = (backend: typeof a) => {
      shareRateLimits(backend);
      return createRateLimiter({ name: "chat_send", windowMs: MINUTE, max: 2 });
    };
    const [first, second] = [limiter(a), limiter(b)];
    const take = (which: typeof first, backend: typeof a, now: number) => {
      shareRateLimits(backend);
      return which.take("sender", now).allowed;
    };
    expect([take(first, a, T0), take(second, b, T0 + 1), take(first, a, T0 + 2)]).toEqual([true, true, false]);
    shareRateLimits(b);
    second.release("sender", T0 + 1);
    expect(take(first, a, T0 + 3)).toBe(true);
    expect(take(second, b, T0 + 4)).toBe(false);
  });

  it("forgets expired keys and trims the least recently hit beyond maxKeys", () => {
    const storage = open().storage("reports");
    for (let i = 0; i < 5; i++)
      storage.update(`old-${i}`, () => ({ entry: { hits: [T0], lockedUntil: 0 }, expiresAt: T0 + MINUTE }));
    for (let i = 0; i < 5; i++)
      storage.update(`new-${i}`, () => ({
        entry: { hits: [T0 + 2 * MINUTE], lockedUntil: 0 },
        expiresAt: T0 + 3 * MINUTE,
      }));
    storage.sweep(T0 + 2 * MINUTE, 3);
    expect(storage.size).toBe(3);
    expect(storage.get("old-0")).toBeUndefined();
    expect(storage.get("new-4")).toBeDefined();
  });
});
