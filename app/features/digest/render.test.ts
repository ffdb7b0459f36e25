import { describe, expect, it } from "vitest";
import type { DigestFacts } from "~/documents/digest";
import { digestMail } from "./render";

const facts: DigestFacts = {
  unread: [{ name: "Ana <b>", count: 3, chatId: "c1" }],
  matches: [{ uid: "u2", name: "Ben", skill: "Spanish" }],
  moreMatches: 2,
  posts: [{ id: "p1", type: "offer", title: "Guitar lessons", skill: "Guitar" }],
  morePosts: 0,
  sessions: [{ bookingId: "b1", withName: "Cleo", skill: "Chess", start: Date.UTC(2026, 10, 24, 9) }],
  replies: [{ title: "How to tune", link: "/community/t1", count: 2 }],
  spReceived: 17,
  spEntries: 2,
};
const context = {
  recipientName: "Dana",
  frequency: "weekly" as const,
  from: Date.UTC(2026, 10, 16),
  timeZone: "Europe/Berlin",
  origin: "https://skillswap.example",
  unsubscribeUrl: "https://skillswap.example/digest/unsubscribe?token=v1.abc",
};

describe("digestMail", () => {
  const mail = digestMail(facts, context);

  it("carries RFC 8058's one-click unsubscribe headers with the signed link", () => {
    expect(mail.headers).toEqual({
      "List-Unsubscribe": "<https://skillswap.example/digest/unsubscribe?token=v1.abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.text).toContain(
      "Unsubscribe from the digest: https://skillswap.example/digest/unsubscribe?token=v1.abc",
    );
  });

  it("names the week, and every section with absolute links", () => {
    expect(mail.subject).toBe("Your SkillSwap digest for the week of Monday 16 November");
    for (const line of [
      "- Ana <b>: 3 unread messages: https://skillswap.example/inbox/c1",
      "- Ben (Spanish): https://skillswap.example/members/u2",
      "- and 2 more: https://skillswap.example/matches",
      "- Offer: Guitar lessons (Guitar): https://skillswap.example/board/p1",
      "- Tue 24 Nov, 10:00: Chess with Cleo: https://skillswap.example/session/b1",
      "- How to tune: 2 new replies: https://skillswap.example/community/t1",
      "- 17 SP in 2 payments: https://skillswap.example/wallet",
    ])
      expect(mail.text).toContain(line);
  });

  it("escapes what members typed in the HTML", () => {
    expect(mail.html).toContain("Ana &lt;b&gt;: 3 unread messages");
    expect(mail.html).not.toContain("Ana <b>");
  });

  it("leaves out empty sections and says daily for a daily digest", () => {
    const daily = digestMail(
      { ...facts, unread: [], matches: [], posts: [], replies: [], sessions: [] },
      {
        ...context,
        frequency: "daily",
      },
    );
    expect(daily.subject).toBe("Your SkillSwap digest for Monday 16 November");
    expect(daily.text).not.toContain("Unread messages");
    expect(daily.text).toContain("SP received");
  });
});
