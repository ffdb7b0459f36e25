import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { chatPayload, notificationPayload, startsPayload } from "./payload";

const en = fixedT("en", "push");

describe("push payloads", () => {
  const chat = { chatId: "c1", senderName: "Ada", unread: 3, latestText: "My address is 1 Lovelace Row" };

  it("a chat push carries no message text when the member did not choose to show it", () => {
    const payload = chatPayload({ ...chat, showText: false }, en);
    expect(JSON.stringify(payload)).not.toContain("Lovelace");
    expect(payload).toEqual({
      title: "New message from \u2068Ada\u2069",
      body: "3 new messages. Open the chat to read it.",
      url: "/inbox/c1",
      tag: "chat-c1",
      renotify: true,
    });
    expect(chatPayload({ ...chat, unread: 1, showText: false }, en).body).toBe(
      "1 new message. Open the chat to read it.",
    );
  });

  it("a chat push quotes the latest message, clipped, when the member chose to show it", () => {
    expect(chatPayload({ ...chat, showText: true }, en).body).toBe("My address is 1 Lovelace Row");
    const long = chatPayload({ ...chat, latestText: "x".repeat(500), showText: true }, en).body;
    expect(long.length).toBe(140);
    expect(long.endsWith("…")).toBe(true);
  });

  it("every message of a conversation shares one tag, so the newest replaces the last and alerts again", () => {
    expect(chatPayload({ ...chat, showText: false }, en).tag).toBe(
      chatPayload({ ...chat, unread: 9, showText: true }, en).tag,
    );
  });

  it("a bell notice opens its same-site link, never another site", () => {
    const notice = { id: "booking_b1_accepted", title: "Session accepted", body: "Your request was accepted." };
    expect(notificationPayload({ ...notice, link: "/session/b1" })).toEqual({
      ...{ title: "Session accepted", body: "Your request was accepted." },
      url: "/session/b1",
      tag: "n-booking_b1_accepted",
      renotify: false,
    });
    expect(notificationPayload({ ...notice, link: "//evil.example/x" }).url).toBe("/notifications");
    expect(notificationPayload({ ...notice, link: "https://evil.example/x" }).url).toBe("/notifications");
  });

  it("a session starting soon names the skill and the other member and opens the session room", () => {
    expect(startsPayload({ bookingId: "b1", skillLabel: "Guitar", otherName: "Bo" }, en, "en-IE")).toMatchObject({
      title: "Your session starts in 10 minutes",
      body: "Guitar with \u2068Bo\u2069.",
      url: "/session/b1",
    });
  });

  it("isolates the skill in Arabic, so a Latin tag keeps its place in the sentence (decision 094)", () => {
    const body = startsPayload(
      { bookingId: "b1", skillLabel: "Node.js", otherName: "Bo" },
      fixedT("ar", "push"),
      "ar",
    ).body;
    expect(body).toContain("\u2068Node.js\u2069");
  });

  it("isolates a member's name in every language, so an Arabic sentence keeps its order around 'Ahmed 42' (decision 109)", () => {
    const ar = fixedT("ar", "push");
    expect(chatPayload({ ...chat, senderName: " Ahmed 42 ", showText: false }, ar).title).toBe(
      "رسالة جديدة من \u2068Ahmed 42\u2069",
    );
    expect(startsPayload({ bookingId: "b1", skillLabel: "Node.js", otherName: "Ahmed 42" }, ar, "ar").body).toBe(
      "\u2068Node.js\u2069 مع \u2068Ahmed 42\u2069.",
    );
  });

  it("speaks the member's own language, and names a member without a name neutrally (decision 069)", () => {
    const ar = fixedT("ar", "push");
    expect(chatPayload({ ...chat, senderName: " ", unread: 2, showText: false }, ar)).toMatchObject({
      title: "رسالة جديدة من أحد الأعضاء",
      body: "رسالتان جديدتان. افتح المحادثة لقراءتها.",
    });
    expect(chatPayload({ ...chat, senderName: "", showText: false }, en).title).toBe("New message from A member");
    expect(
      startsPayload({ bookingId: "b1", skillLabel: "Guitarra", otherName: "" }, fixedT("es", "push"), "es"),
    ).toMatchObject({
      title: "Tu sesión empieza en 10 minutos",
      body: "Guitarra con tu compañero de sesión.",
    });
  });
});
