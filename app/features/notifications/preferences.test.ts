import { describe, expect, it } from "vitest";
import { readNotificationPrefs, shouldNotify } from "./preferences";

describe("notification preferences", () => {
  it("sends everything to a member who never chose", () => {
    const prefs = readNotificationPrefs({ fullName: "A" });
    expect(prefs).toEqual({
      messages: true,
      sessions: true,
      reminders: true,
      replies: true,
      mentions: true,
      answers: true,
      board: true,
      wallet: true,
    });
    expect(shouldNotify(prefs, "message")).toBe(true);
    expect(shouldNotify(readNotificationPrefs({ notificationPrefs: { board: false } }), "board_post")).toBe(false);
    expect(shouldNotify(readNotificationPrefs({ notificationPrefs: { board: false } }), "board_proposal")).toBe(true);
    expect(shouldNotify(readNotificationPrefs({ notificationPrefs: { mentions: false } }), "forum_mention")).toBe(
      false,
    );
    expect(shouldNotify(readNotificationPrefs({ notificationPrefs: { mentions: false } }), "forum_reply")).toBe(true);
  });

  it("honours a turned-off category but never mutes money notices", () => {
    const prefs = readNotificationPrefs({ notificationPrefs: { messages: false, reminders: false, wallet: false } });
    expect(prefs.wallet).toBe(true);
    expect(shouldNotify(prefs, "message")).toBe(false);
    expect(shouldNotify(prefs, "reminder")).toBe(false);
    expect(shouldNotify(prefs, "booking")).toBe(true);
    expect(shouldNotify(prefs, "welcome_bonus")).toBe(true);
    expect(shouldNotify(prefs, "top_up")).toBe(true);
  });
});
