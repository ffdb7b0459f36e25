import { describe, expect, it } from "vitest";
import { icalFeedPath, icalTokenPath, readIcalFeed, readIcalToken } from "./ical";

describe("ical_feeds/{uid} and ical_tokens/{hash}", () => {
  it("names its paths once", () => {
    expect(icalFeedPath("u1")).toBe("ical_feeds/u1");
    expect(icalTokenPath("abc")).toBe("ical_tokens/abc");
  });

  it("reads a feed and a token as stored, dropping unknown fields", () => {
    expect(readIcalFeed({ hash: "abc", createdAt: 5, extra: 1 })).toEqual({ hash: "abc", createdAt: 5 });
    expect(readIcalToken({ uid: "u1", createdAt: 5, extra: 1 })).toEqual({ uid: "u1", createdAt: 5 });
  });

  it("reads malformed fields as null: no token to delete, no member a token opens, no creation time", () => {
    expect(readIcalFeed({ hash: 7, createdAt: "yesterday" })).toEqual({ hash: null, createdAt: null });
    expect(readIcalToken({ uid: ["u1"] })).toEqual({ uid: null, createdAt: 0 });
  });
});
