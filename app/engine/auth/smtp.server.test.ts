import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer } from "./smtp.server";

/** A real SMTP server on a free local port that keeps every message it is given. */
const received: Array<{ from: string; to: string[]; raw: string }> = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      callback();
    });
  },
});
let url = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("createSmtpMailer", () => {
  it("delivers a message as plain text and HTML with its link, to the right envelope", async () => {
    const mail = createSmtpMailer(url, "SkillSwap <no-reply@skillswap.example>");
    const link = "https://skillswap.example/auth/action?mode=resetPassword&oobCode=abc123";
    await mail({
      to: "ada@example.com",
      subject: "Reset your SkillSwap password",
      text: `Hello <Ada>.\n\nOpen this link:\n${link}`,
      link,
    });

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.from).toBe("no-reply@skillswap.example");
    expect(message!.to).toEqual(["ada@example.com"]);
    const parsed = await simpleParser(message!.raw);
    expect(parsed.subject).toBe("Reset your SkillSwap password");
    expect(parsed.text).toContain(link);
    expect(parsed.html).toContain(`<a href="${link.replace(/&/g, "&amp;")}"`);
    // What a person typed is text, never markup.
    expect(parsed.html).toContain("Hello &lt;Ada&gt;.");
  });

  it("fails loudly when the SMTP server cannot be reached", async () => {
    const mail = createSmtpMailer("smtp://127.0.0.1:1", "SkillSwap <no-reply@skillswap.example>");
    await expect(
      mail({ to: "ada@example.com", subject: "x", text: "y", link: "https://skillswap.example" }),
    ).rejects.toThrow();
  });
});
