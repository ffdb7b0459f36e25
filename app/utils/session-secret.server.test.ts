import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sessionSecretFor } from "./env.server";

const dirs: string[] = [];
function freshDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "session-secret-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the embedded session secret", () => {
  it("is made once and kept in the data directory", () => {
    const dir = freshDir();
    const first = sessionSecretFor(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionSecretFor(dir)).toBe(first);
    expect(readdirSync(dir)).toEqual(["session-secret"]);
  });

  it("keeps one that is there already", () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, "session-secret"), `${"a".repeat(64)}\n`);
    expect(sessionSecretFor(dir)).toBe("a".repeat(64));
  });
});
