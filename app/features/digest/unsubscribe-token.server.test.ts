import { describe, expect, it } from "vitest";
import { checkUnsubscribeToken, UNSUBSCRIBE_LINK_DAYS, unsubscribeToken } from "./unsubscribe-token.server";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const NOW = Date.UTC(2026, 10, 26);
const DAY = 24 * 3_600_000;

describe("the digest's unsubscribe token", () => {
  const token = unsubscribeToken(SECRET, "member-1", NOW);

  it("names its member and list, and works until it expires", () => {
    expect(checkUnsubscribeToken(SECRET, token, NOW)).toEqual({ ok: true, uid: "member-1", list: "digest" });
    expect(checkUnsubscribeToken(SECRET, token, NOW + UNSUBSCRIBE_LINK_DAYS * DAY - 1).ok).toBe(true);
    expect(checkUnsubscribeToken(SECRET, token, NOW + UNSUBSCRIBE_LINK_DAYS * DAY)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses another member's uid put into a member's token, and a token signed with another secret", () => {
    const [v, , list, expires, signature] = token.split(".");
    expect(checkUnsubscribeToken(SECRET, [v, "member-2", list, expires, signature].join("."), NOW)).toEqual({
      ok: false,
      reason: "forged",
    });
    expect(
      checkUnsubscribeToken(SECRET, unsubscribeToken("another-secret-of-thirty-two-characters", "member-1", NOW), NOW),
    ).toEqual({ ok: false, reason: "forged" });
    // A later expiry written in by hand is a forgery too.
    expect(checkUnsubscribeToken(SECRET, [v, "member-1", list, "zzzzzzzz", signature].join("."), NOW)).toMatchObject({
      reason: "forged",
    });
  });

  it("refuses a token for another list, and anything that is not a token", () => {
    expect(checkUnsubscribeToken(SECRET, unsubscribeToken(SECRET, "member-1", NOW, "news"), NOW)).toEqual({
      ok: false,
      reason: "other_list",
    });
    for (const bad of [null, "", "v1.x", "v2.member-1.digest.abc.sig", "v1.../x.digest.abc.sig", "x".repeat(400)])
      expect(checkUnsubscribeToken(SECRET, bad, NOW)).toEqual({ ok: false, reason: "malformed" });
  });
});
