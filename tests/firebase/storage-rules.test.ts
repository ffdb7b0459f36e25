import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Cloud Storage rules are deployed with the project (issue 11, finding 8). The storage emulator
 * needs Java, which this machine lacks, so this reads what `firebase deploy` would deploy: the
 * config names the file and the file grants nothing to any client.
 */
describe("firebase/storage.rules", () => {
  it("is deployed by firebase.json", () => {
    const config = JSON.parse(readFileSync("firebase/firebase.json", "utf8")) as { storage?: { rules?: string } };
    expect(config.storage?.rules).toBe("storage.rules");
  });

  it("denies every read and write from a client", () => {
    const rules = readFileSync("firebase/storage.rules", "utf8").replace(/\/\/.*$/gm, "");
    const allows = [...rules.matchAll(/allow\s+([^:]+):\s*if\s+([^;]+);/g)].map((m) => ({
      ops: m[1]!.trim(),
      condition: m[2]!.trim(),
    }));
    expect(allows).toEqual([{ ops: "read, write", condition: "false" }]);
    expect(rules).toContain("match /{allPaths=**}");
  });
});
