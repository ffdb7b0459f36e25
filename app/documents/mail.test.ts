import { describe, expect, it } from "vitest";
import { chatMailPath, mailJobPath, readChatMail, readMailJob } from "./mail";

describe("mail_jobs/{key} and mail_chat/{chatId}_{uid}", () => {
  it("names its paths once", () => {
    expect(mailJobPath("booking_b1_accepted_u1")).toBe("mail_jobs/booking_b1_accepted_u1");
    expect(chatMailPath("c1", "u1")).toBe("mail_chat/c1_u1");
  });

  it("reads a job as queued, without the fields it gains later, dropping unknown fields", () => {
    const job = readMailJob({
      uid: "u1",
      kind: "booking_accepted",
      ref: "b1",
      state: "pending",
      attempts: 0,
      nextAttemptAt: 5,
      createdAt: 5,
      updatedAt: 5,
      extra: 1,
    });
    expect(job).toEqual({
      uid: "u1",
      kind: "booking_accepted",
      ref: "b1",
      by: null,
      state: "pending",
      attempts: 0,
      nextAttemptAt: 5,
      createdAt: 5,
      updatedAt: 5,
      sentAt: null,
      reason: null,
    });
  });

  it("reads a kind it cannot write as null and a state it does not know as skipped (closed)", () => {
    const job = readMailJob({ uid: "u1", kind: "weekly_digest", state: "queued", attempts: "2", sentAt: "x" });
    expect(job).toMatchObject({ kind: null, state: "skipped", attempts: 0, sentAt: null, ref: "" });
  });

  it("reads a batch mark that never mailed with no last mail, and a malformed one as not pending", () => {
    expect(readChatMail({ uid: "u1", chatId: "c1", pending: true, lastMessageAt: 3, dueAt: 4 })).toEqual({
      uid: "u1",
      chatId: "c1",
      pending: true,
      lastMessageAt: 3,
      dueAt: 4,
      lastMailedAt: null,
    });
    expect(readChatMail({ pending: "yes", dueAt: null, lastMailedAt: 7 })).toEqual({
      uid: "",
      chatId: "",
      pending: false,
      lastMessageAt: 0,
      dueAt: 0,
      lastMailedAt: 7,
    });
  });
});
