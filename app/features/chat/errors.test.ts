import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { chatErrorText, waitIn } from "./errors";

describe("waitIn", () => {
  it("rounds as waitText does, in the reader's words", () => {
    expect(waitIn(0, "en-IE")).toBe("1 second");
    expect(waitIn(4_001, "en-IE")).toBe("5 seconds");
    expect(waitIn(60_001, "en-IE")).toBe("2 minutes");
    expect(waitIn(4_001, "es")).toBe("5 segundos");
    expect(waitIn(15 * 60_000, "fr")).toBe("15 minutes");
  });
});

describe("chatErrorText", () => {
  it("writes a chat error in the reader's language with its figures", () => {
    const tooLong = { key: "tooLong" as const, params: { length: 2_001, max: 2_000 } };
    expect(chatErrorText(fixedT("en", "chat"), "en-IE", tooLong)).toBe(
      "Messages can be at most 2,000 characters; this one has 2,001.",
    );
    expect(chatErrorText(fixedT("es", "chat"), "es", tooLong)).toBe(
      "Los mensajes pueden tener como máximo 2000 caracteres; este tiene 2001.",
    );
    const tooFast = { key: "tooFast" as const, params: { waitMs: 30_000 } };
    expect(chatErrorText(fixedT("fr", "chat"), "fr", tooFast)).toBe(
      "Vous envoyez des messages trop vite. Attendez 30\u00a0secondes puis réessayez.",
    );
  });
});
