import { describe, expect, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { createOutboxMailer } from "./mail.server";

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
    expect(lines[0]).toContain("ada@example.com");
    expect(lines[0]).toContain(message.link);
  });
});
