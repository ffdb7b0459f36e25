import { describe, expect, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import type { OutgoingMail } from "../mail/types";
import { mailKeyIsValid } from "../mail/types";
import {
  createOutboxMailer,
  createTransportMailer,
  emailActionLink,
  htmlBody,
  resetMail,
  signUpAttemptMail,
  verificationMail,
} from "./mail.server";

const { store } = useTempStore("skillswap-mail-");

describe("createOutboxMailer", () => {
  it("writes each message to the outbox and logs its link", async () => {
    const lines: string[] = [];
    const mail = createOutboxMailer(store, (line) => lines.push(line), { now: () => 1_700_000_000_000 });
    const message = {
      to: "ada@example.com",
      subject: "Reset your password",
      text: "Open the link",
      link: "http://localhost:3000/x?y=1",
    };

    await mail(message);
    await mail({ ...message, to: "bob@example.com" });

    const outbox = await store.query({ collection: "outbox", orderBy: [["to", "asc"]] });
    expect(outbox.map((doc) => doc.data)).toEqual([
      { ...message, createdAt: 1_700_000_000_000 },
      { ...message, to: "bob@example.com", createdAt: 1_700_000_000_000 },
    ]);
    expect(new Set(outbox.map((doc) => doc.id)).size).toBe(2);
    expect(lines).toHaveLength(2);
    // The line names the outbox document and keeps the link, never the address (decision 044).
    const ada = outbox.find((doc) => doc.data.to === "ada@example.com")!;
    expect(lines[0]).toBe(`[mail] outbox/${ada.id}: Reset your password → ${message.link}`);
    expect(lines.join("\n")).not.toContain("@example.com");
  });
});

describe("createTransportMailer", () => {
  it("hands each account mail to the app's mail port as text and HTML, each under its own key", async () => {
    const sent: OutgoingMail[] = [];
    const mail = createTransportMailer({ description: "memory", send: async (m) => void sent.push(m) });
    const link = emailActionLink("https://skillswap.example/", "verifyEmail", "code-1");
    expect(link).toBe("https://skillswap.example/auth/action?mode=verifyEmail&oobCode=code-1");

    await mail(verificationMail("ada@example.com", link, "en"));
    await mail(verificationMail("ada@example.com", link, "en"));

    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ to: "ada@example.com", subject: "Verify your SkillSwap email" });
    expect(sent[0]!.text).toContain(`\n${link}\n`);
    expect(sent[0]!.html).toContain(`<a href="${link.replace("&", "&amp;")}"`);
    expect(mailKeyIsValid(sent[0]!.key)).toBe(true);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
  });
});

describe("account mails in the recipient's language (decision 072)", () => {
  const link = "https://skillswap.example/auth/action?mode=resetPassword&oobCode=c1";

  it("English stays word for word", () => {
    expect(resetMail("ada@example.com", link, "en")).toEqual({
      to: "ada@example.com",
      subject: "Reset your SkillSwap password",
      text:
        "Someone asked to reset the password of the SkillSwap account for ada@example.com.\n\n" +
        `To choose a new password, open this link within the next hour:\n${link}\n\n` +
        "If it wasn't you, ignore this email; your password stays as it is.",
      link,
      language: "en",
    });
    expect(verificationMail("ada@example.com", link, "en").text).toBe(
      "Welcome to SkillSwap! Please confirm that ada@example.com is your email address.\n\n" +
        `Open this link within the next three days:\n${link}\n\n` +
        "If you did not create a SkillSwap account, ignore this email.",
    );
    expect(signUpAttemptMail("ada@example.com", link, "https://skillswap.example/", "en").text).toContain(
      "If it was you, sign in at https://skillswap.example/auth, or choose a new password with this link within the next hour:",
    );
  });

  it("Spanish, French and Arabic: subject and body, the address and link as they are", () => {
    const es = resetMail("ada@example.com", link, "es");
    expect(es.subject).toBe("Restablece tu contraseña de SkillSwap");
    expect(es.text).toContain(
      "Alguien ha pedido restablecer la contraseña de la cuenta de SkillSwap de ada@example.com.",
    );
    expect(es.text).toContain(`\n${link}\n`);
    const fr = verificationMail("ada@example.com", link, "fr");
    expect(fr.subject).toBe("Confirmez votre adresse e-mail SkillSwap");
    expect(fr.text).toContain("Ouvrez ce lien dans les trois prochains jours :");
    const ar = signUpAttemptMail("ada@example.com", link, "https://skillswap.example", "ar");
    expect(ar.subject).toBe("لديك حساب في SkillSwap بالفعل");
    expect(ar.text).toContain("فسجّل الدخول من https://skillswap.example/auth");
    expect(htmlBody(ar)).toContain('<html lang="ar" dir="rtl">');
    for (const mail of [es, fr, ar]) expect(mail.text).not.toMatch(/ignore this|Someone|account\./);
  });

  it("a language SkillSwap does not offer writes English", () => {
    const mail = verificationMail("ada@example.com", link, "xx");
    expect(mail).toMatchObject({ subject: "Verify your SkillSwap email", language: "en" });
    expect(htmlBody(mail)).toContain('<html lang="en" dir="ltr">');
  });
});
