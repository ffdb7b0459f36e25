import { describe, expect, it, vi } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { createOutboxTransport, createTriggerEmailTransport, deleteSentMail } from "./collection.server";

const { store } = useTempStore("mail-collection-");

const mail = {
  key: "booking_b1_accepted_u2",
  to: "ada@example.com",
  subject: "Leo accepted your Spanish session",
  text: "Hello Ada,",
  html: "<p>Hello Ada,</p>",
};

describe("the embedded outbox", () => {
  it("keeps one document per event key and logs it once, however often it is sent", async () => {
    const log = vi.fn();
    const outbox = createOutboxTransport(store, log, () => 42);
    await outbox.send(mail);
    await outbox.send({ ...mail, subject: "a second copy" });
    expect((await store.get("outbox/booking_b1_accepted_u2"))?.data).toEqual({
      to: "ada@example.com",
      subject: "Leo accepted your Spanish session",
      text: "Hello Ada,",
      html: "<p>Hello Ada,</p>",
      createdAt: 42,
    });
    expect(log).toHaveBeenCalledTimes(1);
    // Which document, never the address (decision 044).
    expect(log).toHaveBeenCalledWith("[mail] outbox/booking_b1_accepted_u2: Leo accepted your Spanish session");
  });

  it("refuses a key that could name another path", async () => {
    const outbox = createOutboxTransport(store, () => {});
    await expect(outbox.send({ ...mail, key: "../users/u1" })).rejects.toThrow("Invalid mail key");
  });
});

describe("Firebase's Trigger Email collection", () => {
  it("writes the extension's document shape once per event key", async () => {
    const trigger = createTriggerEmailTransport(store, () => 7);
    await trigger.send(mail);
    await trigger.send({ ...mail, to: "someone-else@example.com" });
    expect((await store.get("mail/booking_b1_accepted_u2"))?.data).toEqual({
      to: "ada@example.com",
      message: { subject: mail.subject, text: mail.text, html: mail.html },
      createdAt: 7,
    });
    expect(await store.query({ collection: "mail" })).toHaveLength(1);
  });
});

describe("extra headers (the digest's List-Unsubscribe, decision 047)", () => {
  const headers = {
    "List-Unsubscribe": "<https://skillswap.example/digest/unsubscribe?token=t>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };

  it("are kept on the outbox's copy and on the Trigger Email document's top-level `headers`, which the extension sends", async () => {
    await createOutboxTransport(
      store,
      () => {},
      () => 1,
    ).send({ ...mail, headers });
    await createTriggerEmailTransport(store, () => 1).send({ ...mail, headers });
    expect((await store.get("outbox/booking_b1_accepted_u2"))?.data.headers).toEqual(headers);
    expect((await store.get("mail/booking_b1_accepted_u2"))?.data).toEqual({
      to: "ada@example.com",
      message: { subject: mail.subject, text: mail.text, html: mail.html },
      headers,
      createdAt: 1,
    });
  });
});

describe("forgetting sent mail by key (account deletion)", () => {
  it("deletes those keys' copies from the outbox and the Trigger Email collection, and nothing else", async () => {
    await createOutboxTransport(store, () => {}).send(mail);
    await createTriggerEmailTransport(store).send(mail);
    await createOutboxTransport(store, () => {}).send({ ...mail, key: "booking_b2_accepted_u2" });
    expect(await deleteSentMail(store, ["booking_b1_accepted_u2", "booking_b9_requested_u3", "../users/u1"])).toBe(2);
    expect((await store.query({ collection: "outbox" })).map((doc) => doc.id)).toEqual(["booking_b2_accepted_u2"]);
    expect(await store.query({ collection: "mail" })).toEqual([]);
  });
});
