/**
 * The session cookie's signature is checked once per Cookie header (issue 28, decision 188): a
 * browser sends the same header with every request, and the check answers the same for it.
 */
import crypto from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "session-cookie-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET = "s".repeat(40);

const { commitSessionToken, readSessionCookie, readSessionToken } = await import("./session.server");

afterEach(() => vi.restoreAllMocks());
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const withCookie = (cookie: string) => new Request("https://skillswap.example/matches", { headers: { cookie } });
const signed = async (token: string, uid: string) =>
  (await commitSessionToken(token, Date.now() + 60_000, uid)).split(";")[0]!;

describe("reading the session cookie", () => {
  it("checks a header's signature once, and answers the same every time", async () => {
    const header = `lang=es; ${await signed("token-a", "uid-a")}`;
    const hmac = vi.spyOn(crypto, "createHmac");
    expect(await readSessionCookie(withCookie(header))).toEqual({ token: "token-a", uid: "uid-a" });
    expect(hmac).toHaveBeenCalledTimes(1);
    expect(await readSessionCookie(withCookie(header))).toEqual({ token: "token-a", uid: "uid-a" });
    expect(await readSessionToken(withCookie(header))).toBe("token-a");
    expect(hmac).toHaveBeenCalledTimes(1);
  });

  it("still refuses a cookie whose signature does not match, however often it is sent", async () => {
    const good = await signed("token-b", "uid-b");
    const [name, value] = good.split("=");
    const forged = `${name}=${encodeURIComponent(
      btoa(JSON.stringify({ t: "token-c", u: "uid-c" })),
    )}.${decodeURIComponent(value!).split(".").pop()}`;
    for (let i = 0; i < 3; i++) expect(await readSessionCookie(withCookie(forged))).toBeNull();
    expect(await readSessionCookie(withCookie(good))).toEqual({ token: "token-b", uid: "uid-b" });
  });

  it("reads each header for itself: another session's cookie names its own session", async () => {
    const first = await signed("token-d", "uid-d");
    const second = await signed("token-e", "uid-e");
    expect(await readSessionToken(withCookie(first))).toBe("token-d");
    expect(await readSessionToken(withCookie(second))).toBe("token-e");
    expect(await readSessionCookie(withCookie("lang=es"))).toBeNull();
  });
});
