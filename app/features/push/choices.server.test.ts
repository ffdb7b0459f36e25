import { describe, expect, it } from "vitest";
import { getPushSettings } from "~/documents/push";
import { readNotificationPrefs } from "~/features/notifications/preferences";
import { useTempStore } from "../../../tests/support/temp-store";
import { pushChoicesSchema, savePushChoices } from "./choices.server";
import { readPushChoices } from "./settings";

const { store } = useTempStore("push-choices-");

const parse = (form: Record<string, string>) => pushChoicesSchema.safeParse(form);
const messages = (form: Record<string, string>) => {
  const result = parse(form);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the push choices form", () => {
  it("reads ticked boxes as on, the rest as off, and no times as no quiet hours", () => {
    const result = parse({ messages: "on", wallet: "on" });
    expect(result.success && result.data).toMatchObject({
      messages: true,
      sessions: false,
      wallet: true,
      showText: false,
      quietStart: "",
      quietEnd: "",
    });
  });

  it("takes quiet hours across midnight", () => {
    expect(parse({ quietStart: "22:00", quietEnd: "07:00" }).success).toBe(true);
  });

  it("wants both times or neither, different, on a 24-hour clock", () => {
    expect(messages({ quietStart: "22:00" })).toEqual({ quietEnd: "errors.bothTimes" });
    expect(messages({ quietEnd: "07:00" })).toEqual({ quietStart: "errors.bothTimes" });
    expect(messages({ quietStart: "22:00", quietEnd: "22:00" })).toEqual({ quietEnd: "errors.sameTimes" });
    expect(messages({ quietStart: "24:00", quietEnd: "07:00" })).toEqual({ quietStart: "errors.clock" });
    expect(messages({ quietStart: "7pm", quietEnd: "07:00" })).toEqual({ quietStart: "errors.clock" });
  });
});

describe("savePushChoices", () => {
  it("stores the choices, never pushing a category the bell does not send", async () => {
    const bell = readNotificationPrefs({ notificationPrefs: { replies: false } });
    const input = pushChoicesSchema.parse({
      messages: "on",
      replies: "on",
      showText: "on",
      quietStart: "22:00",
      quietEnd: "07:00",
    });
    await savePushChoices(store, "m1", input, bell);
    const choices = readPushChoices(await getPushSettings(store, "m1"));
    expect(choices).toEqual({
      categories: {
        messages: true,
        sessions: false,
        reminders: false,
        replies: false,
        mentions: false,
        answers: false,
        wallet: false,
      },
      showText: true,
      quietHours: { start: "22:00", end: "07:00" },
    });
  });

  it("clears quiet hours left empty", async () => {
    const bell = readNotificationPrefs({});
    await savePushChoices(store, "m2", pushChoicesSchema.parse({ quietStart: "22:00", quietEnd: "07:00" }), bell);
    await savePushChoices(store, "m2", pushChoicesSchema.parse({}), bell);
    expect(readPushChoices(await getPushSettings(store, "m2")).quietHours).toBeNull();
  });
});
