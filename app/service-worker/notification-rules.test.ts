import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { chatPayload, notificationPayload } from "~/features/push/payload";
import {
  FALLBACK_BODY,
  FALLBACK_TITLE,
  notificationFor,
  readPayload,
  targetUrl,
  windowFor,
} from "./notification-rules";

const origin = "https://skillswap.example";

describe("notificationFor", () => {
  it("shows a chat push with its tag, so the conversation's pushes replace each other and alert again", () => {
    const payload = chatPayload(
      { chatId: "c1", senderName: "Ana", unread: 3, latestText: null, showText: false },
      fixedT("en", "push"),
    );
    expect(notificationFor(JSON.parse(JSON.stringify(payload)), origin)).toEqual({
      title: "New message from \u2068Ana\u2069",
      options: {
        body: "3 new messages. Open the chat to read it.",
        icon: "/icons/icon-192.png",
        badge: "/icons/icon-192.png",
        tag: "chat-c1",
        renotify: true,
        data: { url: `${origin}/inbox/c1` },
      },
    });
  });

  it("two pushes of one chat carry the same tag; another chat's differs", () => {
    const push = (chatId: string, unread: number) =>
      notificationFor(
        chatPayload({ chatId, senderName: "Ana", unread, latestText: null, showText: false }, fixedT("en", "push")),
        origin,
      );
    expect(push("c1", 1).options.tag).toBe(push("c1", 10).options.tag);
    expect(push("c2", 1).options.tag).not.toBe(push("c1", 1).options.tag);
  });

  it("keeps a bell notice's own tag without alerting again", () => {
    const shown = notificationFor(
      notificationPayload({ id: "n9", title: "Booking accepted", body: "Guitar on Friday", link: "/calendar" }),
      origin,
    );
    expect(shown.options).toMatchObject({ tag: "n-n9", renotify: false, data: { url: `${origin}/calendar` } });
  });

  it("never asks to alert again without a tag (the browser would refuse the notification)", () => {
    expect(notificationFor({ title: "Hi", renotify: true }, origin).options).toMatchObject({
      tag: undefined,
      renotify: false,
    });
  });

  it("shows something new, not nothing, for a payload it cannot read", () => {
    for (const payload of [null, "text", 42, {}, { title: "   " }, { title: 7, body: ["x"] }]) {
      const shown = notificationFor(payload, origin);
      expect(shown.title).toBe(FALLBACK_TITLE);
      expect(shown.options.body).toBe(FALLBACK_BODY);
      expect(shown.options.data.url).toBe(`${origin}/notifications`);
    }
  });

  it("cuts an overlong title and body", () => {
    const shown = notificationFor({ title: "t".repeat(1000), body: "b".repeat(5000) }, origin);
    expect(shown.title).toHaveLength(200);
    expect(shown.options.body).toHaveLength(500);
  });
});

describe("readPayload", () => {
  it("reads JSON and gives null for anything else", () => {
    expect(readPayload(() => '{"title":"x"}')).toEqual({ title: "x" });
    expect(readPayload(() => "not json")).toBeNull();
    expect(
      readPayload(() => {
        throw new Error("no data");
      }),
    ).toBeNull();
  });
});

describe("targetUrl", () => {
  it("opens a path or URL of this site", () => {
    expect(targetUrl("/inbox/c1", origin)).toBe(`${origin}/inbox/c1`);
    expect(targetUrl(`${origin}/session/b1?x=1`, origin)).toBe(`${origin}/session/b1?x=1`);
  });

  it.each([
    ["another site", "https://evil.example/inbox"],
    ["a protocol-relative address", "//evil.example/inbox"],
    ["a script", "javascript:alert(1)"],
    ["the same host over http", "http://skillswap.example/inbox"],
    ["a data URL", "data:text/html,<b>x</b>"],
    ["nothing", ""],
    ["not a string", 42],
  ])("opens the notifications page instead of %s", (_, url) => {
    expect(targetUrl(url, origin)).toBe(`${origin}/notifications`);
  });
});

describe("windowFor", () => {
  const w = (url: string, focused = false) => ({ url, focused });

  it("uses a tab already on the page", () => {
    const onPage = w(`${origin}/inbox/c1`);
    expect(windowFor([w(`${origin}/dashboard`, true), onPage], `${origin}/inbox/c1`, origin)).toBe(onPage);
  });

  it("else the focused tab of this site, else any of this site", () => {
    const focused = w(`${origin}/calendar`, true);
    expect(windowFor([w(`${origin}/dashboard`), focused], `${origin}/inbox/c1`, origin)).toBe(focused);
    const any = w(`${origin}/dashboard`);
    expect(windowFor([w("https://other.example/", true), any], `${origin}/inbox/c1`, origin)).toBe(any);
  });

  it("is none when no tab of this site is open", () => {
    expect(windowFor([w("https://other.example/", true), w("about:blank")], `${origin}/inbox/c1`, origin)).toBeNull();
  });
});
