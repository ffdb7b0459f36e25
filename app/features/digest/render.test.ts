import { describe, expect, it } from "vitest";
import type { DigestFacts } from "~/documents/digest";
import { fixedT } from "~/i18n/i18n.server";
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
  language: "en",
  t: fixedT("en", "digest"),
};
const inLanguage = (language: string) => ({ ...context, language, t: fixedT(language, "digest") });

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
      "- \u2068Ana <b>\u2069: 3 unread messages: https://skillswap.example/inbox/c1",
      "- \u2068Ben\u2069 (Spanish): https://skillswap.example/members/u2",
      "- and 2 more: https://skillswap.example/matches",
      "- Offer: Guitar lessons (Guitar): https://skillswap.example/board/p1",
      "- Tue 24 Nov, 10:00: Chess with \u2068Cleo\u2069: https://skillswap.example/session/b1",
      "- How to tune: 2 new replies: https://skillswap.example/community/t1",
      "- 17 SP in 2 payments: https://skillswap.example/wallet",
    ])
      expect(mail.text).toContain(line);
  });

  it("escapes what members typed in the HTML", () => {
    expect(mail.html).toContain("<bdi>Ana &lt;b&gt;</bdi>: 3 unread messages");
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

describe("digestMail in the member's language", () => {
  it("Spanish: subject, greeting, headings, plurals, dates and SP as a Spanish reader writes them", () => {
    const mail = digestMail(facts, inLanguage("es"));
    expect(mail.subject).toBe("Tu resumen de SkillSwap de la semana del lunes, 16 de noviembre");
    for (const line of [
      "Hola, Dana:",
      "Esto es lo que pasó la semana pasada en SkillSwap.",
      "Mensajes sin leer\n- \u2068Ana <b>\u2069: 3 mensajes sin leer: https://skillswap.example/inbox/c1",
      "Nuevas coincidencias\n- \u2068Ben\u2069 (Spanish): https://skillswap.example/members/u2",
      "- y 2 más: https://skillswap.example/matches",
      "- Oferta: Guitar lessons (Guitar): https://skillswap.example/board/p1",
      "Próximas sesiones\n- mar, 24 nov, 10:00: Chess con \u2068Cleo\u2069: https://skillswap.example/session/b1",
      "- How to tune: 2 respuestas nuevas: https://skillswap.example/community/t1",
      "SP recibidos\n- 17 SP en 2 pagos: https://skillswap.example/wallet",
      "Darte de baja del resumen: https://skillswap.example/digest/unsubscribe?token=v1.abc",
    ])
      expect(mail.text).toContain(line);
    expect(mail.html).toContain('<html lang="es" dir="ltr">');
    expect(mail.html).toContain(">date de baja</a>.");
    // One of each: the singular forms.
    const one = digestMail(
      { ...facts, unread: [{ name: "Ana", count: 1, chatId: "c1" }], spReceived: 5, spEntries: 1 },
      inLanguage("es"),
    );
    expect(one.text).toContain("- \u2068Ana\u2069: 1 mensaje sin leer:");
    expect(one.text).toContain("- 5 SP en 1 pago:");
    // The headers are the same in every language.
    expect(mail.headers).toEqual(digestMail(facts, context).headers);
  });

  it("Arabic: right to left, Modern Standard Arabic with its plural forms (two, few, many)", () => {
    const mail = digestMail(facts, inLanguage("ar"));
    expect(mail.subject).toMatch(/^ملخّصك من SkillSwap لأسبوع الاثنين/);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toContain("مرحبًا Dana،");
    expect(mail.text).toContain("رسائل غير مقروءة\n- \u2068Ana <b>\u2069: 3 رسائل غير مقروءة:");
    expect(mail.text).toContain("- How to tune: ردّان جديدان:");
    expect(mail.text).toContain("- \u206817 SP\u2069 في دفعتين:");
    const many = digestMail(
      { ...facts, unread: [{ name: "Ana", count: 11, chatId: "c1" }], spEntries: 1 },
      inLanguage("ar"),
    );
    expect(many.text).toContain("- \u2068Ana\u2069: 11 رسالة غير مقروءة:");
    expect(many.text).toContain("في دفعة واحدة:");
    // Member-written text stays as written, escaped in the HTML.
    expect(mail.html).toContain("Ana &lt;b&gt;");
    expect(mail.html).not.toContain("Unread messages");
  });

  it("French: every line's link after a spaced colon, one message per language (decision 086)", () => {
    const text = digestMail(facts, inLanguage("fr")).text;
    expect(text).toContain("- Offre : Guitar lessons (Guitar) : https://skillswap.example/board/p1");
    expect(text).toContain("- et 2 autres : https://skillswap.example/matches");
    expect(text).not.toMatch(/[^ ]: https/);
  });

  it("names a member without a name as the reader's language does (decision 069)", () => {
    const blank = {
      ...facts,
      unread: [{ name: "", count: 1, chatId: "c1" }],
      matches: [{ uid: "u2", name: " ", skill: "Cello" }],
    };
    expect(digestMail(blank, context).text).toContain("- A member: 1 unread message:");
    const fr = digestMail(blank, inLanguage("fr")).text;
    expect(fr).toContain("- Un membre : 1 message non lu");
    expect(fr).toContain("Un membre (Cello)");
    expect(digestMail(blank, inLanguage("ar")).text).toContain("أحد الأعضاء");
  });
});
