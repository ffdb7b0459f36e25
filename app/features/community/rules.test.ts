import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fixedT } from "~/i18n/i18n.server";
import { issueText } from "~/i18n/validation";
import { entryId } from "./lists";
import {
  MAX_MENTIONS,
  isCursor,
  mentionMarkdown,
  newThreadSchema,
  parseMentions,
  quoteMarkdown,
  replySchema,
  skillSpaceId,
  sortKeys,
} from "./rules";

describe("mentions", () => {
  it("reads the members a body links to as @mentions, once each, in order", () => {
    const body = `Hi ${mentionMarkdown("Ana Lopez", "u1")} and ${mentionMarkdown("Ben", "u2")}, ${mentionMarkdown("Ana Lopez", "u1")} again. [not a mention](/members/u3) [@x](https://evil.example/members/u4)`;
    expect(parseMentions(body)).toEqual(["u1", "u2"]);
  });

  it("writes a name that cannot break the link", () => {
    expect(mentionMarkdown("Ana [the] Best\nX", "u1")).toBe("[@Ana the BestX](/members/u1)");
    expect(parseMentions(mentionMarkdown("Ana [the] Best", "u1"))).toEqual(["u1"]);
  });

  it("allows ten mentions per post (the server refuses more)", () => {
    expect(MAX_MENTIONS).toBe(10);
  });
});

describe("quote-reply", () => {
  it("quotes the first lines of a post under its author's name, without older quotes", () => {
    expect(quoteMarkdown("Ben *B*", "> old quote\nline one\nline two")).toBe(
      "> **Ben B** wrote:\n> line one\n> line two\n\n",
    );
  });
});

describe("input limits", () => {
  it("a title of 5–140 characters and a body of up to 20,000, said in the reader's language", () => {
    const said = (result: { error?: z.ZodError }, language = "en") =>
      issueText(result.error!.issues[0], fixedT(language, "community"));
    expect(said(newThreadSchema.safeParse({ spaceId: "general", title: "  Hi  ", body: "x" }))).toBe(
      "Give the thread a title of at least 5 characters.",
    );
    expect(said(newThreadSchema.safeParse({ spaceId: "general", title: "x".repeat(141), body: "x" }))).toBe(
      "Keep the title under 140 characters.",
    );
    const tooLong = newThreadSchema.safeParse({ spaceId: "general", title: "Hello there", body: "x".repeat(20_001) });
    expect(said(tooLong)).toBe("Posts can be at most 20,000 characters.");
    expect(said(tooLong, "es")).toBe("Una publicación puede tener como máximo 20.000 caracteres.");
    expect(said(replySchema.safeParse({ body: "   " }))).toBe("Write something first.");
    expect(said(replySchema.safeParse({ body: "   " }), "fr")).toBe("Écrivez d’abord quelque chose.");
    expect(
      newThreadSchema.parse({ spaceId: "general", title: " Hello \n  there ", body: " text\r\n", skillTag: " React " }),
    ).toEqual({ spaceId: "general", title: "Hello there", body: "text", skillTag: "react" });
  });
});

describe("sort keys and cursors", () => {
  it("are fixed-width, unique by id, and turned around for list ids", () => {
    const a = sortKeys({ id: "a", createdAt: 5, lastActivityAt: 20, replyCount: 2, reactionCount: 1 });
    expect(a).toEqual({
      activityKey: "000000000000020_a",
      newestKey: "000000000000005_a",
      topKey: "000000005_000000000000020_a",
      unansweredKey: "",
    });
    expect(sortKeys({ id: "b", createdAt: 5, lastActivityAt: 5, replyCount: 0, reactionCount: 0 }).unansweredKey).toBe(
      "000000000000005_b",
    );
    expect(entryId(a.topKey)).toBe("999999994_999999999999979_a");
    expect(isCursor(entryId(a.topKey))).toBe(true);
    expect(isCursor("../../users")).toBe(false);
  });

  it("names skill spaces readably and apart", () => {
    expect(skillSpaceId("React")).toBe("skill-react");
    expect(skillSpaceId("C++")).not.toBe(skillSpaceId("C#"));
    expect(skillSpaceId("日本語")).toMatch(/^skill-x-[a-z0-9]+$/);
  });
});

describe("bidirectional controls in threads and posts (issue 25, item 7)", () => {
  it("are dropped from a new thread's title and body, and from replies", () => {
    const parsed = newThreadSchema.parse({
      spaceId: "general",
      title: "Free \u202eSP for all\u202c today",
      body: "Click \u2066here\u2069\n\n\tcode",
    });
    expect(parsed.title).toBe("Free SP for all today");
    expect(parsed.body).toBe("Click here\n\n\tcode");
    expect(replySchema.parse({ body: "\u202dok\u202c" }).body).toBe("ok");
  });

  it("do not count towards a title's length, and a title of nothing else is too short", () => {
    expect(
      newThreadSchema.safeParse({ spaceId: "general", title: "\u202e\u202e\u202e\u202e\u202eab", body: "x" }).success,
    ).toBe(false);
  });
});
