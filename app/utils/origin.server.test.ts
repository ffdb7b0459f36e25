import { describe, expect, it, vi } from "vitest";
import { assertSameOrigin, isCrossSite, originRefusal, publicOrigin } from "./origin.server";

const post = (headers: Record<string, string>, url = "http://localhost:3000/settings") =>
  new Request(url, { method: "POST", headers });

describe("the origin rule (shared by server.mjs and every action)", () => {
  it("accepts the page's own origin, on the request's URL or its Host", () => {
    expect(isCrossSite(post({ Origin: "http://localhost:3000" }))).toBe(false);
    expect(isCrossSite(post({ Origin: "https://app.example", Host: "app.example" }, "http://10.0.0.5:8080/x"))).toBe(
      false,
    );
  });

  it("ignores X-Forwarded-Host unless a trusted proxy is configured (issue 11, finding 1)", () => {
    expect(
      isCrossSite(
        post({ Origin: "https://attacker.example", "X-Forwarded-Host": "attacker.example" }, "http://10.0.0.5:8080/x"),
      ),
    ).toBe(true);
  });

  it("behind a trusted proxy, reads the first host of its X-Forwarded-Host list", async () => {
    vi.stubEnv("TRUST_PROXY", "1");
    vi.resetModules();
    try {
      const trusting = await import("./origin.server");
      const request = post(
        { Origin: "https://app.example", "X-Forwarded-Host": "app.example, internal.lb" },
        "http://10.0.0.5:8080/x",
      );
      expect(trusting.isCrossSite(request)).toBe(false);
      expect(
        trusting.isCrossSite(
          post(
            { Origin: "https://internal.lb", "X-Forwarded-Host": "app.example, internal.lb" },
            "http://10.0.0.5:8080/x",
          ),
        ),
      ).toBe(true);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it("refuses Origin: null, which no page of ours sends (issue 11, finding 6)", () => {
    expect(isCrossSite(post({ Origin: "null" }))).toBe(true);
  });

  it("refuses another site's Origin, and Sec-Fetch-Site cross-site without one", () => {
    expect(isCrossSite(post({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSite(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSite(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossSite(post({}))).toBe(false);
  });

  it("answers a refused action with a 403 a person can read", () => {
    let thrown: unknown;
    try {
      assertSameOrigin(post({ Origin: "https://evil.example" }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
  });
});

describe("originRefusal: the page's origin must name the host the request was addressed to (issue 25, item 4)", () => {
  const ANOTHER_HOST = /reached the server for another host .* Behind a proxy/;

  it("lets a same-origin post through and refuses another site's", () => {
    expect(originRefusal(post({ Origin: "http://localhost:3000" }))).toBeNull();
    expect(originRefusal(post({}))).toBeNull();
    expect(originRefusal(post({ Origin: "https://evil.example" }))).toBe(
      "This request came from another site and was refused.",
    );
  });

  it("lets the digest's one-click unsubscribe through from anywhere: its signed token is its authority (decision 047)", () => {
    const unsubscribe = "http://localhost:3000/digest/unsubscribe?token=v1.x";
    expect(originRefusal(post({ Origin: "https://mail.example" }, unsubscribe))).toBeNull();
    expect(originRefusal(post({ "Sec-Fetch-Site": "cross-site" }, unsubscribe))).toBeNull();
    // Only that address: a path that merely starts with it is still held to the rule.
    expect(originRefusal(post({ Origin: "https://mail.example" }, "http://localhost:3000/digest/unsubscribe/x"))).toBe(
      "This request came from another site and was refused.",
    );
  });

  it("ignores an X-Forwarded-Host no trusted proxy set", () => {
    expect(
      originRefusal(post({ Origin: "http://localhost:3000", "X-Forwarded-Host": "elsewhere.example" })),
    ).toBeNull();
  });

  it("refuses PUBLIC_URL's origin on a request addressed to another Host, with a message naming the fix", async () => {
    vi.stubEnv("PUBLIC_URL", "https://app.example");
    vi.resetModules();
    try {
      const fresh = await import("./origin.server");
      const request = post({ Origin: "https://app.example", Host: "10.0.0.5:8080" }, "http://10.0.0.5:8080/x");
      expect(fresh.isCrossSite(request)).toBe(false);
      expect(fresh.originRefusal(request)).toMatch(ANOTHER_HOST);
      let thrown: unknown;
      try {
        fresh.assertSameOrigin(request);
      } catch (error) {
        thrown = error;
      }
      expect((thrown as Response).status).toBe(403);
      expect((await (thrown as Response).json()).error).toMatch(ANOTHER_HOST);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it("behind a trusted proxy, refuses an Origin that is not the forwarded host", async () => {
    vi.stubEnv("PUBLIC_URL", "https://app.example");
    vi.stubEnv("TRUST_PROXY", "1");
    vi.resetModules();
    try {
      const fresh = await import("./origin.server");
      const forwarded = (host: string) =>
        post(
          { Origin: "https://app.example", Host: "10.0.0.5:8080", "X-Forwarded-Host": host },
          "http://10.0.0.5:8080/x",
        );
      expect(fresh.originRefusal(forwarded("app.example"))).toBeNull();
      expect(fresh.originRefusal(forwarded("internal.lb, app.example"))).toMatch(ANOTHER_HOST);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});

describe("publicOrigin: where links that leave the app point (issue 11, finding 1)", () => {
  const forged = (url = "http://10.0.0.5:8080/reset-password") =>
    new Request(url, { headers: { Host: "attacker.example", "X-Forwarded-Host": "attacker.example" } });

  it("is PUBLIC_URL's origin whatever Host or X-Forwarded-Host say, even behind a trusted proxy", async () => {
    vi.stubEnv("PUBLIC_URL", "https://skillswap.example/some/path");
    vi.stubEnv("TRUST_PROXY", "1");
    vi.resetModules();
    try {
      const fresh = await import("./origin.server");
      expect(fresh.publicOrigin(forged())).toBe("https://skillswap.example");
      expect(fresh.publicOrigin(forged("http://attacker.example/x"))).toBe("https://skillswap.example");
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it("without PUBLIC_URL (development only: production requires it) is the request URL's origin, never a header", () => {
    expect(publicOrigin(forged("http://localhost:3000/reset-password"))).toBe("http://localhost:3000");
  });
});
