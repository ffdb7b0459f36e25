import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { NOTICE_KINDS, noticeText, type StoredNotice } from "./text";

const LANGUAGES = ["en", "es", "fr", "ar"] as const;
const PARAMS = { skill: "Cello", minutes: 60, sp: 30, paid: "yes", waits: "no" };
const notice = (kind: string, params: StoredNotice["params"] = PARAMS): StoredNotice => ({
  kind,
  params,
  title: "Stored title",
  body: "Stored body",
});

describe("noticeText (decision 060)", () => {
  it("renders the booking request in the reader's language", () => {
    const read = (language: string) => noticeText(notice("booking_requested"), fixedT(language, "notifications"));
    expect(read("en")).toEqual({
      title: "New session request",
      body: "Cello, 60 minutes for 30 SP. Accept or decline it on your calendar.",
    });
    expect(read("es")).toEqual({
      title: "Nueva solicitud de sesión",
      body: "Cello, 60 minutos por 30 SP. Acéptala o recházala en tu calendario.",
    });
    expect(read("fr").title).toBe("Nouvelle demande de séance");
    expect(read("fr").body).toBe("Cello, 60 minutes pour 30 SP. Acceptez-la ou refusez-la dans votre calendrier.");
    expect(read("ar").title).toBe("طلب جلسة جديد");
    expect(read("ar").body).toContain("Cello");
    expect(read("ar").body).toContain("SP");
  });

  it("keeps the English words the page showed before, word for word", () => {
    const en = fixedT("en", "notifications");
    expect(noticeText(notice("booking_requested", { ...PARAMS, paid: "no", sp: 0 }), en).body).toBe(
      "Cello, 60 minutes. Accept or decline it on your calendar.",
    );
    expect(noticeText(notice("booking_completed_mentor"), en).body).toBe(
      "Cello (60 min) is complete; 30 SP were released to your wallet. Leave a review.",
    );
    expect(noticeText(notice("booking_completed_mentor", { ...PARAMS, waits: "yes" }), en).body).toBe(
      "Cello (60 min) is complete; 30 SP will be released to your wallet once the learner has verified their email. Leave a review.",
    );
    expect(noticeText(notice("booking_reminder"), en)).toEqual({
      title: "Session starts soon",
      body: "Cello starts within the hour. Open the session room for the meeting link.",
    });
  });

  it.each(LANGUAGES)("renders every kind in %s, with all parameters and with none", (language) => {
    const t = fixedT(language, "notifications");
    for (const kind of NOTICE_KINDS) {
      for (const params of [PARAMS, {}]) {
        const { title, body } = noticeText(notice(kind, params), t);
        expect(title, `${language} ${kind}`).not.toMatch(/kinds\.|\{|Stored/);
        expect(body, `${language} ${kind}`).not.toMatch(/kinds\.|\{|Stored/);
        expect(body.length, `${language} ${kind}`).toBeGreaterThan(10);
        if (params === PARAMS) expect(body, `${language} ${kind}`).toContain("Cello");
      }
    }
  });

  it("shows an old notice (no kind) or an unknown kind as stored", () => {
    const ar = fixedT("ar", "notifications");
    expect(noticeText(notice(""), ar)).toEqual({ title: "Stored title", body: "Stored body" });
    expect(noticeText(notice("from_a_later_version"), ar)).toEqual({ title: "Stored title", body: "Stored body" });
  });
});
