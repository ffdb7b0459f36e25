import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";
import type { TFunction } from "i18next";
import type { NotificationPayload } from "~/engine/live/feeds";
import {
  bodyIsWritten,
  listedNotice,
  MONEY_KINDS,
  NOTICE_KINDS,
  noticeText,
  noticeTitle,
  type StoredNotice,
} from "./text";

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
    const all = {
      ...PARAMS,
      name: "Ana",
      title: "Cello lessons",
      text: "Cello lessons",
      count: 3,
      days: 2,
      stars: 4,
      taken: 30,
      cents: 500,
      currency: "eur",
      amount: -20,
      reason: "Too far",
    };
    for (const kind of NOTICE_KINDS) {
      for (const params of [all, {}]) {
        const { title, body } = noticeText(notice(kind, params), t, intlLocale(language));
        expect(title, `${language} ${kind}`).not.toMatch(/kinds\.|\{|Stored|aMember|aPost/);
        // A member's words missing from the parameters read as the body stored beside them.
        if (!bodyIsWritten({ kind }) || params === all)
          expect(body, `${language} ${kind}`).not.toMatch(/kinds\.|\{|Stored/);
        if (params === all && kind !== "export_failed")
          expect(`${title} ${body}`, `${language} ${kind}`).toMatch(/Cello|Ana|SP|\d|SkillSwap/);
      }
    }
  });

  it("renders the other kinds in the reader's language, member content as written (decision 069)", () => {
    const read = (language: string, kind: string, params: StoredNotice["params"]) =>
      noticeText(notice(kind, params), fixedT(language, "notifications"), intlLocale(language));
    // English word for word as these notices read before they had a kind.
    expect(read("en", "welcome_bonus", { sp: 200 })).toEqual({
      title: "You received 200 SP",
      body: "Welcome to SkillSwap! 200 SP are in your wallet to book your first sessions.",
    });
    expect(read("en", "top_up_added", { sp: 500, cents: 500, currency: "eur" })).toEqual({
      title: "+500 SP added",
      body: "Your top-up of 500 SP (€5.00) is in your wallet.",
    });
    expect(read("en", "board_expiry", { days: 1, title: "Cello" }).title).toBe("Your post leaves the board in 1 day");
    expect(read("en", "review_received", { stars: 1, skill: "Cello" }).body).toBe("You received 1 star for Cello.");
    expect(read("en", "balance_adjusted", { amount: 20, text: "Refund" })).toEqual({
      title: "Your balance was adjusted: +20 SP",
      body: "Refund",
    });
    // Other languages, with money and plurals as they write them.
    expect(read("es", "top_up_added", { sp: 500, cents: 500, currency: "eur" }).body).toBe(
      "Tu recarga de 500 SP (5,00\u00a0€) ya está en tu monedero.",
    );
    expect(read("fr", "review_received", { stars: 2, skill: "Cello" }).body).toBe(
      "Vous avez reçu 2 étoiles pour Cello.",
    );
    expect(read("ar", "board_expiry", { days: 2, title: "Cello" }).title).toBe("يغادر إعلانك اللوحة خلال يومين");
    expect(read("ar", "board_expiry", { days: 5, title: "Cello" }).title).toBe("يغادر إعلانك اللوحة خلال 5 أيام");
    // A message's preview, a thread's title, an admin's reason: shown as written, in every language.
    const chat = read("ar", "chat_first_message", { name: "Ana", text: "Hola, ¿qué tal?" });
    expect(chat).toEqual({ title: "رسالة جديدة من \u2068Ana\u2069", body: "Hola, ¿qué tal?" });
    expect(bodyIsWritten({ kind: "chat_first_message" })).toBe(true);
    expect(bodyIsWritten({ kind: "welcome_bonus" })).toBe(false);
    // A member without a name and a post that is gone read in the reader's language.
    expect(read("fr", "forum_reply", { name: " ", text: "Cello" }).title).toBe("Un membre a répondu");
    expect(read("es", "proposal_lapsed", { title: "" }).body).toBe("Un anuncio: pasó su plazo sin respuesta.");
  });

  it("isolates a member's name in every language, so 'Ahmed 42' keeps its order in Arabic and English (decision 109)", () => {
    const read = (language: string, kind: string) =>
      noticeText(notice(kind, { name: "Ahmed 42" }), fixedT(language, "notifications"), intlLocale(language)).title;
    expect(read("ar", "forum_mention")).toBe("أشار إليك \u2068Ahmed 42\u2069");
    expect(read("en", "forum_mention")).toBe("\u2068Ahmed 42\u2069 mentioned you");
    expect(read("en", "chat_first_message")).toBe("New message from \u2068Ahmed 42\u2069");
    // A member's own skill tag is their words too, isolated in every language; a named one only in Arabic.
    const tagged = (own: boolean) => ({ ...notice("booking_accepted", PARAMS), skill: { name: "Kora 7", own } });
    expect(noticeText(tagged(true), fixedT("en", "notifications")).body).toContain("\u2068Kora 7\u2069");
    expect(noticeText(tagged(false), fixedT("en", "notifications")).body).not.toContain("\u2068");
  });

  it("shows an old notice (no kind) or an unknown kind as stored", () => {
    const ar = fixedT("ar", "notifications");
    expect(noticeText(notice(""), ar)).toEqual({ title: "Stored title", body: "Stored body" });
    expect(noticeText(notice("from_a_later_version"), ar)).toEqual({ title: "Stored title", body: "Stored body" });
  });
  it("names the skill through the reader's namer and isolates it in Arabic (decision 094)", () => {
    const guitar = notice("booking_accepted", { ...PARAMS, skill: "Guitar" });
    const named = (label: string) => (label === "Guitar" ? "Guitarra" : label);
    expect(noticeText(guitar, fixedT("es", "notifications"), "es", named).body).toBe(
      "Se aceptó tu solicitud de Guitarra (60 min).",
    );
    expect(noticeText(guitar, fixedT("en", "notifications")).body).toBe(
      "Your request for Guitar (60 min) was accepted.",
    );
    expect(noticeText(guitar, fixedT("ar", "notifications"), "ar").body).toContain("\u2068Guitar\u2069");
  });

  it("shows the skill as the server named it for the reader (decision 101)", () => {
    const guitar = { ...notice("booking_accepted", { ...PARAMS, skill: "Guitar" }), skill: { name: "Guitare" } };
    expect(noticeText(guitar, fixedT("fr", "notifications"), "fr").body).toBe(
      "Votre demande pour Guitare (60 min) a été acceptée.",
    );
    expect(noticeText({ ...guitar, skill: { name: "غيتار" } }, fixedT("ar", "notifications"), "ar").body).toContain(
      "\u2068غيتار\u2069",
    );
  });

  // Decision 128: the dashboard names five notices on every visit and shows their titles only.
  it("writes the title alone with one lookup, and looks the missing member's word up only when a name is missing", () => {
    const lookups: string[] = [];
    const counting = (language: string) => {
      const t = fixedT(language, "notifications");
      return ((key: string, options?: Record<string, unknown>) => (lookups.push(key), t(key, options))) as TFunction;
    };
    for (const language of LANGUAGES) {
      const t = fixedT(language, "notifications");
      const locale = intlLocale(language);
      for (const kind of NOTICE_KINDS) {
        for (const params of [{ ...PARAMS, name: "Ana", cents: 500, amount: -20, count: 3 }, {}]) {
          expect(noticeTitle(notice(kind, params), t, locale), `${language} ${kind}`).toBe(
            noticeText(notice(kind, params), t, locale).title,
          );
        }
      }
      expect(noticeTitle(notice("from_a_later_version"), t, locale)).toBe("Stored title");
    }
    noticeTitle(notice("forum_reply", { name: "Ana", text: "Cello" }), counting("fr"), "fr");
    expect(lookups).toEqual(["kinds.forum_reply.title"]);
    lookups.length = 0;
    noticeText(notice("booking_requested", { ...PARAMS, name: "Ana" }), counting("es"), "es");
    expect(lookups).toEqual(["kinds.booking_requested.title", "kinds.booking_requested.body"]);
    lookups.length = 0;
    expect(noticeTitle(notice("forum_reply", { name: " ", text: "Cello" }), counting("fr"), "fr")).toBe(
      "Un membre a répondu",
    );
    expect(lookups).toEqual(["aMember", "kinds.forum_reply.title"]);
  });

  // Decision 180: a notice's price and signed amount are formatted only for the kinds that name one.
  it("formats money only for the kinds whose words name it, in every catalogue", () => {
    for (const language of LANGUAGES) {
      const t = fixedT(language, "notifications");
      for (const kind of NOTICE_KINDS) {
        for (const part of ["title", "body"]) {
          // Marks no catalogue contains, in the two values' places.
          const words = t(`kinds.${kind}.${part}`, { price: "\u0001", signed: "\u0002" });
          if (words.includes("\u0001") || words.includes("\u0002"))
            expect(MONEY_KINDS.has(kind), `${language} kinds.${kind}.${part} names money`).toBe(true);
        }
      }
    }
    const adjusted = notice("balance_adjusted", { amount: -20 });
    expect(noticeTitle(adjusted, fixedT("en", "notifications"), "en-IE")).toBe("Your balance was adjusted: -20 SP");
  });
});

// Decision 187: the dashboard's activity list sends what it draws, the title alone.
describe("listedNotice", () => {
  const payload = (kind: string): NotificationPayload => ({
    id: "n1",
    type: "booking",
    kind,
    params: PARAMS,
    title: "Stored title",
    body: "Stored body",
    link: "/calendar",
    read: false,
    timestamp: 1,
    skill: { name: "Violonchelo", own: false },
  });

  it("leaves out the stored words a known kind is not drawn with, and keeps the rest", () => {
    const listed = listedNotice(payload("booking_requested"));
    expect(listed).toEqual({
      id: "n1",
      type: "booking",
      kind: "booking_requested",
      params: PARAMS,
      link: "/calendar",
      read: false,
      timestamp: 1,
      skill: { name: "Violonchelo", own: false },
    });
    const es = fixedT("es", "notifications");
    expect(noticeTitle(listed, es, "es")).toBe(noticeTitle(payload("booking_requested"), es, "es"));
  });

  it("keeps the stored title of a kind this version does not know, which is what it shows", () => {
    const listed = listedNotice(payload("from_a_later_version"));
    expect(listed).not.toHaveProperty("body");
    expect(noticeTitle(listed, fixedT("en", "notifications"))).toBe("Stored title");
  });
});
