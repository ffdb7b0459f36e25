import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import {
  boardPostsMail,
  dataExportReadyMail,
  bookingAcceptedMail,
  bookingCancelledMail,
  bookingDeclinedMail,
  bookingRequestedMail,
  newMessagesMail,
  sessionReminderMail,
  type SessionFacts,
} from "./templates";

// Monday 9 March 2026, 09:00 UTC = 10:00 in Berlin.
const START = Date.UTC(2026, 2, 9, 9, 0);
const facts: SessionFacts = {
  recipientName: "Mia",
  otherName: "Leo",
  skillLabel: "Spanish",
  start: START,
  end: START + 60 * 60_000,
  durationMinutes: 60,
  price: 40,
  timeZone: "Europe/Berlin",
  sessionUrl: "https://skillswap.example/session/b1",
  settingsUrl: "https://skillswap.example/settings",
  words: { language: "en", t: fixedT("en", "mail") },
};
const wordsIn = (language: string) => ({ language, t: fixedT(language, "mail") });
const inLanguage = (language: string): SessionFacts => ({ ...facts, words: wordsIn(language) });

describe("booking mails in the recipient's language (decision 060)", () => {
  it("a request to a Spanish-speaking mentor is in Spanish, subject and body, dates through Intl", () => {
    const mail = bookingRequestedMail(inLanguage("es"));
    expect(mail.subject).toBe("Nueva solicitud de sesión: Spanish el lun, 9 mar, 10:00");
    expect(mail.text).toContain("Hola, Mia:");
    expect(mail.text).toContain(
      "\u2068Leo\u2069 te pide una sesión de Spanish de 60 minutos el lun, 9 mar, 10:00–11:00 (Europe/Berlin). Se retienen 40 SP hasta que termine la sesión.",
    );
    expect(mail.text).toContain("Responder a la solicitud: https://skillswap.example/session/b1");
    expect(mail.text).toContain("«Sesiones» está activado");
    expect(mail.html).toContain('<html lang="es" dir="ltr">');
    expect(mail.text).not.toMatch(/Hello|Answer the request|You get this e-mail/);
  });

  it("every session mail renders in French and Arabic without an English sentence or a key", () => {
    for (const language of ["fr", "ar"]) {
      const f = inLanguage(language);
      const mails = [
        bookingRequestedMail(f),
        bookingAcceptedMail(f),
        bookingDeclinedMail(f),
        bookingCancelledMail(f, "by_other"),
        bookingCancelledMail(f, "expired_learner"),
        bookingCancelledMail(f, "expired_mentor"),
        sessionReminderMail(f),
      ];
      for (const mail of mails) {
        expect(mail.subject, language).not.toMatch(/\b(the|your|request|session|Reminder)\b|\{/);
        expect(mail.text, language).not.toMatch(/Hello|You get this e-mail|\b[a-z]+\.[a-z_]+\.[a-z]+\b/);
        expect(mail.subject + mail.text, language).toContain("Spanish");
      }
      expect(mails[0]!.html).toContain(`dir="${language === "ar" ? "rtl" : "ltr"}"`);
    }
  });
});

describe("the action's line, one message per language (decision 086)", () => {
  it("French puts a space before the colon, English and Spanish do not", () => {
    expect(bookingRequestedMail(inLanguage("fr")).text).toContain(
      "Répondre à la demande : https://skillswap.example/session/b1",
    );
    expect(bookingRequestedMail(inLanguage("es")).text).toContain(
      "Responder a la solicitud: https://skillswap.example/session/b1",
    );
    expect(bookingRequestedMail(facts).text).toContain("Answer the request: https://skillswap.example/session/b1");
  });
});

describe("booking mails", () => {
  it("a request tells the mentor who asks, what, when in their own timezone, the SP held, and links to answer it", () => {
    const mail = bookingRequestedMail(facts);
    expect(mail.subject).toBe("New session request: Spanish on Mon 9 Mar, 10:00");
    expect(mail.text).toContain(
      "\u2068Leo\u2069 asks for a 60-minute Spanish session with you on Mon 9 Mar, 10:00–11:00 (Europe/Berlin). 40 SP are held for it until the session is done.",
    );
    expect(mail.text).toContain("Answer the request: https://skillswap.example/session/b1");
    expect(mail.text).toContain(
      'You get this e-mail because "Sessions" is turned on in your SkillSwap notification settings. Change them at https://skillswap.example/settings',
    );
    expect(mail.html).toContain('<a href="https://skillswap.example/session/b1"');
    expect(mail.html).toContain("10:00–11:00 (Europe/Berlin)");
    expect(mail.html).toContain('<a href="https://skillswap.example/settings"');
  });

  it("a free swap says so instead of an amount", () => {
    expect(bookingRequestedMail({ ...facts, price: 0 }).text).toContain("It is a free swap.");
    expect(bookingDeclinedMail({ ...facts, price: 0 }).text).not.toContain("SP");
  });

  it("accepted and declined tell the learner, with the refund when SP were held", () => {
    const accepted = bookingAcceptedMail(facts);
    expect(accepted.subject).toBe("\u2068Leo\u2069 accepted your Spanish session");
    expect(accepted.text).toContain("We will remind you an hour before it starts.");
    const declined = bookingDeclinedMail(facts);
    expect(declined.subject).toBe("\u2068Leo\u2069 declined your Spanish request");
    expect(declined.text).toContain("The 40 SP held for it are back in your wallet.");
  });

  it("a cancellation says who cancelled, and an expired request tells each side its own story", () => {
    expect(bookingCancelledMail(facts, "by_other").subject).toBe(
      "\u2068Leo\u2069 cancelled the Spanish session on Mon 9 Mar, 10:00",
    );
    const learner = bookingCancelledMail(facts, "expired_learner");
    expect(learner.subject).toBe("Your Spanish request expired");
    expect(learner.text).toContain("\u2068Leo\u2069 did not answer your request");
    expect(learner.text).toContain("The 40 SP held for it are back in your wallet.");
    const mentor = bookingCancelledMail(facts, "expired_mentor");
    expect(mentor.subject).toBe("A Spanish request from \u2068Leo\u2069 expired");
    expect(mentor.text).toContain("expired before you answered it.");
  });

  it("the reminder names the start time in the member's timezone and can be turned off under Reminders", () => {
    const mail = sessionReminderMail(facts);
    expect(mail.subject).toBe("Reminder: Spanish with \u2068Leo\u2069 at 10:00");
    expect(mail.text).toContain('"Reminders" is turned on');
    expect(sessionReminderMail({ ...facts, timeZone: "UTC" }).subject).toBe(
      "Reminder: Spanish with \u2068Leo\u2069 at 09:00",
    );
  });

  it("what members typed is text in the HTML part and one line in the subject", () => {
    const mail = bookingAcceptedMail({
      ...facts,
      otherName: 'Eve <img src=x onerror="alert(1)">\r\nBcc: x@evil.example',
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe(
      `\u2068Eve <img src=x onerror="alert(1)"> Bcc: x@evil.example\u2069 accepted your Spanish session`,
    );
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("Eve &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("the other member's name is isolated (decision 109): FSI…PDI in the subject and text, a <bdi> in the HTML", () => {
    const mail = bookingAcceptedMail({ ...facts, otherName: "Ahmed 42", words: wordsIn("ar") });
    expect(mail.subject).toContain("\u2068Ahmed 42\u2069 ");
    expect(mail.text).toContain("\u2068Ahmed 42\u2069 ");
    expect(mail.html).toContain("<bdi>Ahmed 42</bdi> ");
    expect(mail.html.replace(/<title>.*<\/title>/, "")).not.toMatch(/[\u2068\u2069]/);
  });
});

describe("the batch of chat messages", () => {
  const chat = {
    recipientName: "Mia",
    senderName: "Leo",
    timeZone: "UTC",
    chatUrl: "https://skillswap.example/inbox/a_b",
    settingsUrl: "https://skillswap.example/settings",
    words: wordsIn("en"),
  };

  it("quotes the messages oldest first with their times, and links to reply", () => {
    const mail = newMessagesMail({
      ...chat,
      messages: [
        { text: "Hi!", timestamp: START },
        { text: "Are you free <tomorrow>?\nSay when.", timestamp: START + 60_000 },
      ],
      unreadCount: 2,
    });
    expect(mail.subject).toBe("\u2068Leo\u2069 sent you 2 messages on SkillSwap");
    expect(mail.text).toContain("\u2068Leo\u2069 sent you 2 messages while you were away.");
    expect(mail.text).toContain("> 09:00  Hi!\n\n> 09:01  Are you free <tomorrow>?\n> Say when.");
    expect(mail.text).toContain("Reply: https://skillswap.example/inbox/a_b");
    expect(mail.text).toContain('"Messages" is turned on');
    expect(mail.html).toContain("Are you free &lt;tomorrow&gt;?<br>Say when.");
    expect(mail.html).toContain("<bdi>Leo</bdi> sent you 2 messages while you were away.");
  });

  it("one message reads as one, and a long batch says only the latest are shown", () => {
    expect(newMessagesMail({ ...chat, messages: [{ text: "Hi", timestamp: START }], unreadCount: 1 }).subject).toBe(
      "\u2068Leo\u2069 sent you a message on SkillSwap",
    );
    const long = newMessagesMail({ ...chat, messages: [{ text: "Last", timestamp: START }], unreadCount: 9 });
    expect(long.text).toContain("\u2068Leo\u2069 sent you 9 messages while you were away; the latest is below.");
  });
});

describe("the data archive mail", () => {
  it("says the archive is ready, until when, links to Settings (never to the file), and is sent because it was asked for", () => {
    const mail = dataExportReadyMail({
      recipientName: "Ana <b>",
      expiresAt: Date.UTC(2026, 11, 3, 14, 30),
      timeZone: "Europe/Madrid",
      settingsUrl: "https://skillswap.example/settings#your-data",
      words: wordsIn("en"),
    });
    expect(mail.subject).toBe("Your SkillSwap data is ready to download");
    expect(mail.text).toContain("Hello Ana <b>,");
    expect(mail.text).toContain("15:30");
    expect(mail.text).toContain("Download my data: https://skillswap.example/settings#your-data");
    expect(mail.text).not.toContain("/settings/data/");
    expect(mail.text).toContain("You get this e-mail because you asked for it in your SkillSwap settings.");
    expect(mail.text).not.toContain("Change them");
    expect(mail.html).toContain("Ana &lt;b&gt;");
  });
});

describe("the board posts mail", () => {
  const post = (type: "offer" | "need", title: string) => ({
    type,
    skillLabel: "Guitar",
    title,
    url: `https://skillswap.example/board/${title.length}`,
  });
  const board = {
    recipientName: "Mia",
    boardUrl: "https://skillswap.example/board?mine=1",
    settingsUrl: "https://skillswap.example/settings",
    words: wordsIn("en"),
  };

  it("one post is named in the subject and linked; several are listed and linked to the board", () => {
    const one = boardPostsMail({ ...board, posts: [post("offer", "Chords <for> beginners")] });
    expect(one.subject).toBe("New offer on the board: Guitar");
    expect(one.text).toContain("A member posted on the board for a skill you teach or want to learn:");
    expect(one.text).toContain("> Offer · Guitar: Chords <for> beginners\n> https://skillswap.example/board/22");
    expect(one.text).toContain("See the post: https://skillswap.example/board/22");
    expect(one.html).toContain("Chords &lt;for&gt; beginners");
    const many = boardPostsMail({ ...board, posts: [post("need", "Help"), post("offer", "Jazz")] });
    expect(many.subject).toBe("2 new posts on the board for your skills");
    expect(many.text).toContain("> Need · Guitar: Help");
    expect(many.text).toContain("See them on the board: https://skillswap.example/board?mine=1");
    expect(many.text).toContain('"Board posts" is turned on');
  });
});

describe("chat, board and data archive mails in the recipient's language (decision 072)", () => {
  const chat = (language: string, unreadCount: number) =>
    newMessagesMail({
      recipientName: "Mia",
      senderName: "Leo",
      messages: [{ text: "Hi, are you free?", timestamp: START }],
      unreadCount,
      timeZone: "Europe/Berlin",
      chatUrl: "https://skillswap.example/inbox/a_b",
      settingsUrl: "https://skillswap.example/settings",
      words: wordsIn(language),
    });
  const board = (language: string, posts: number) =>
    boardPostsMail({
      recipientName: "Mia",
      posts: Array.from({ length: posts }, (_, i) => ({
        type: "offer" as const,
        skillLabel: "Guitarra",
        title: `Post ${i}`,
        url: `https://skillswap.example/board/p${i}`,
      })),
      boardUrl: "https://skillswap.example/board?mine=1",
      settingsUrl: "https://skillswap.example/settings",
      words: wordsIn(language),
    });
  const archive = (language: string) =>
    dataExportReadyMail({
      recipientName: "Mia",
      expiresAt: Date.UTC(2026, 11, 3, 14, 30),
      timeZone: "Europe/Madrid",
      settingsUrl: "https://skillswap.example/settings#your-data",
      words: wordsIn(language),
    });

  it("Spanish: subject and body, the messages as written, times and dates through Intl", () => {
    expect(chat("es", 1).subject).toBe("\u2068Leo\u2069 te envió un mensaje en SkillSwap");
    const mail = chat("es", 3);
    expect(mail.subject).toBe("\u2068Leo\u2069 te envió 3 mensajes en SkillSwap");
    expect(mail.text).toContain("\u2068Leo\u2069 te envió 3 mensajes mientras no estabas; abajo tienes el último.");
    expect(mail.text).toContain("> 10:00  Hi, are you free?");
    expect(mail.text).toContain("Responder: https://skillswap.example/inbox/a_b");
    expect(mail.html).toContain('<html lang="es" dir="ltr">');
    expect(board("es", 1).subject).toBe("Nueva oferta en el tablón: Guitarra");
    expect(board("es", 2).text).toContain("> Oferta · Guitarra: Post 0");
    expect(archive("es").subject).toBe("Tus datos de SkillSwap están listos para descargar");
    expect(archive("es").text).toContain("hasta el jue, 3 dic, 15:30.");
  });

  it("French: subject and body", () => {
    expect(chat("fr", 2).subject).toBe("\u2068Leo\u2069 vous a envoyé 2 messages sur SkillSwap");
    expect(chat("fr", 2).text).toContain("Bonjour Mia,");
    expect(chat("fr", 2).text).toContain("le dernier figure ci-dessous.");
    expect(board("fr", 3).subject).toBe("3 nouvelles annonces sur le tableau pour vos compétences");
    expect(board("fr", 1).text).toContain("Voir l’annonce : https://skillswap.example/board/p0");
    expect(archive("fr").subject).toBe("Vos données SkillSwap sont prêtes à être téléchargées");
    expect(archive("fr").text).toContain("Télécharger mes données : https://skillswap.example/settings#your-data");
  });

  it("Arabic: subject and body right to left, each plural form", () => {
    const subjects = [1, 2, 3, 11, 100].map((count) => chat("ar", count).subject);
    expect(subjects).toEqual([
      "أرسل إليك \u2068Leo\u2069 رسالة على SkillSwap",
      "أرسل إليك \u2068Leo\u2069 رسالتين على SkillSwap",
      "أرسل إليك \u2068Leo\u2069 3 رسائل على SkillSwap",
      "أرسل إليك \u2068Leo\u2069 11 رسالة على SkillSwap",
      "أرسل إليك \u2068Leo\u2069 100 رسالة على SkillSwap",
    ]);
    expect(chat("ar", 1).html).toContain('<html lang="ar" dir="rtl">');
    expect(board("ar", 2).subject).toBe("منشوران جديدان على اللوحة لمهاراتك");
    expect(archive("ar").subject).toBe("بياناتك في SkillSwap جاهزة للتنزيل");
    expect(archive("ar").text).toContain("تنزيل بياناتي: https://skillswap.example/settings#your-data");
  });

  it("no English sentence or key is left in the other languages", () => {
    for (const language of ["es", "fr", "ar"])
      for (const mail of [
        chat(language, 1),
        chat(language, 7),
        board(language, 1),
        board(language, 4),
        archive(language),
      ]) {
        expect(mail.subject + mail.text, language).not.toMatch(
          /Hello|sent you|on the board|Download|Reply|See the|You get this e-mail|\b[a-z]+\.[a-zA-Z]+\b(?!\/)/,
        );
      }
  });
});
