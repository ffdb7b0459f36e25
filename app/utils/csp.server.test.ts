import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./csp.server";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split("; ").map((d) => {
      const [name, ...values] = d.split(" ");
      return [name!, values];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it("lets scripts run only from our files or with this response's nonce, and forbids framing", () => {
    const policy = directives(contentSecurityPolicy("abc123", { BACKEND: "embedded" }));
    expect(policy.get("script-src")).toContain("'nonce-abc123'");
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("script-src")).not.toContain("'unsafe-eval'");
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).not.toContain("https://*.googleapis.com");
  });

  it("lets the app's own service worker and manifest load, and no one else's", () => {
    const policy = directives(contentSecurityPolicy("n", { BACKEND: "embedded" }));
    expect(policy.get("worker-src")).toEqual(["'self'"]);
    expect(policy.get("manifest-src")).toEqual(["'self'"]);
  });

  it("opens Google's endpoints and the emulators only on the Firebase engine", () => {
    const policy = directives(
      contentSecurityPolicy("n", {
        BACKEND: "firebase",
        FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
        FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080",
      }),
    );
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "https://api.stripe.com",
      "https://*.googleapis.com",
      "http://127.0.0.1:9099",
      "http://127.0.0.1:8080",
    ]);
  });
});
