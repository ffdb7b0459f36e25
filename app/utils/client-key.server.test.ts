import { afterEach, describe, expect, it, vi } from "vitest";
import { addressKey, clientKeyOf } from "./client-key.server";

const request = (headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/auth", { method: "POST", headers });

describe("the client key rate limits use (issue 11, finding 5)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("is the socket's address without a trusted proxy, whatever X-Forwarded-For claims", () => {
    expect(clientKeyOf(request({ "X-Forwarded-For": "203.0.113.9" }), { clientAddress: "198.51.100.4" })).toBe(
      "198.51.100.4",
    );
    expect(clientKeyOf(request({ "X-Forwarded-For": "203.0.113.10" }), { clientAddress: "198.51.100.4" })).toBe(
      "198.51.100.4",
    );
    expect(clientKeyOf(request(), { clientAddress: "::ffff:127.0.0.1" })).toBe("127.0.0.1");
  });

  it("is empty when nothing says who asks", () => {
    expect(clientKeyOf(request({ "X-Forwarded-For": "203.0.113.9" }), undefined)).toBe("");
    expect(clientKeyOf(request(), {})).toBe("");
  });

  it("behind a trusted proxy, is the last X-Forwarded-For hop (the one the proxy added)", async () => {
    vi.stubEnv("TRUST_PROXY", "1");
    vi.resetModules();
    const trusting = await import("./client-key.server");
    expect(
      trusting.clientKeyOf(request({ "X-Forwarded-For": "1.2.3.4, 203.0.113.9" }), { clientAddress: "10.0.0.2" }),
    ).toBe("203.0.113.9");
    expect(trusting.clientKeyOf(request({ "X-Forwarded-For": "not-an-address" }), { clientAddress: "10.0.0.2" })).toBe(
      "",
    );
  });

  it("keys IPv6 by its /64, so one subscriber cannot take a fresh address for every guess", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::5")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1.2.3.4")).toBe("fe80:0:0:0::/64");
    expect(addressKey("nonsense")).toBe("");
  });
});
