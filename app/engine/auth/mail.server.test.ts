import { describe, expect, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import type { OutgoingMail } from "../mail/types";
import { mailKeyIsValid } from "../mail/types";
import { createOutboxMailer, createTransportMailer, emailActionLink, verificationMail } from "./mail.server";

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

    await mail(verificationMail("ada@example.com", link));
    await mail(verificationMail("ada@example.com", link));

    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ to: "ada@example.com", subject: "Verify your SkillSwap email" });
    expect(sent[0]!.text).toContain(`\n${link}\n`);
    expect(sent[0]!.html).toContain(`<a href="${link.replace("&", "&amp;")}"`);
    expect(mailKeyIsValid(sent[0]!.key)).toBe(true);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
  });
});
