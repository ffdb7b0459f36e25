import { describe, expect, it } from "vitest";
import { newNonce } from "./nonce.server";

describe("newNonce", () => {
  it("gives 128 random bits in base64, never the same twice across pool refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const nonce = newNonce();
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      seen.add(nonce);
    }
    expect(seen.size).toBe(2_000);
  });
});
