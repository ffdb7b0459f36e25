/**
 * The push port's contract (decision 046): what every implementation of PushSender must do,
 * proven against a local stand-in push service that decrypts each message with the browser
 * subscription's private keys and checks the VAPID JWT. Written once, run per implementation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PushSender } from "~/engine/push/types";
import { startPushStandIn, verifyVapid, type PushStandIn } from "../support/push-stand-in";

export interface PushSenderSetup {
  subject: string;
  /** This server's own origin: its endpoints are refused. */
  ownOrigin: string;
  /** The stand-in's origin, the only non-https, non-public origin the sender may reach. */
  testOrigins: string[];
}

const options = { ttlSeconds: 3600, urgency: "normal" as const };

export function pushSenderContract(name: string, make: (setup: PushSenderSetup) => Promise<PushSender>) {
  describe(`push port contract: ${name}`, () => {
    let service: PushStandIn;
    let sender: PushSender;
    const setup = { subject: "mailto:push-contract@skillswap.test", ownOrigin: "https://skillswap.test" };

    beforeAll(async () => {
      service = await startPushStandIn();
      sender = await make({ ...setup, testOrigins: [service.origin] });
    });
    afterAll(() => service.close());

    it("delivers a message the browser can decrypt (aes128gcm), signed with a VAPID JWT for the push service", async () => {
      const browser = service.subscribe();
      const before = service.received.length;
      const result = await sender.send(browser, JSON.stringify({ title: "Hello", body: "é ✓" }), {
        ttlSeconds: 600,
        urgency: "high",
        topic: "chat-c1",
      });
      expect(result).toEqual({ outcome: "delivered", status: 201 });
      const push = service.received[before]!;
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(push.headers.ttl).toBe("600");
      expect(push.headers.urgency).toBe("high");
      expect(push.headers.topic).toBe("chat-c1");
      expect(JSON.parse(browser.decrypt(push.body))).toEqual({ title: "Hello", body: "é ✓" });
      const claims = verifyVapid(push.headers, sender.publicKey);
      expect(claims.aud).toBe(service.origin);
      expect(claims.sub).toBe(setup.subject);
      const now = Date.now() / 1000;
      expect(claims.exp).toBeGreaterThan(now);
      expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);
    });

    it("a message for another subscription cannot be decrypted with this one's keys", async () => {
      const mine = service.subscribe();
      const theirs = service.subscribe();
      const before = service.received.length;
      await sender.send(mine, "secret", options);
      expect(() => theirs.decrypt(service.received[before]!.body)).toThrow();
    });

    it.each([404, 410])("answers gone when the push service says %i", async (status) => {
      const browser = service.subscribe();
      service.answer(browser.endpoint, { status });
      expect(await sender.send(browser, "x", options)).toEqual({ outcome: "gone", status });
    });

    it("answers retry with the service's Retry-After on 429", async () => {
      const browser = service.subscribe();
      service.answer(browser.endpoint, { status: 429, headers: { "Retry-After": "120" } });
      expect(await sender.send(browser, "x", options)).toMatchObject({
        outcome: "retry",
        status: 429,
        retryAfterMs: 120_000,
      });
    });

    it.each([500, 502, 503])("answers retry on %i, without a time when none is given", async (status) => {
      const browser = service.subscribe();
      service.answer(browser.endpoint, { status });
      expect(await sender.send(browser, "x", options)).toMatchObject({ outcome: "retry", status, retryAfterMs: null });
    });

    it("answers rejected on another client error (a bad request stays bad)", async () => {
      const browser = service.subscribe();
      service.answer(browser.endpoint, { status: 400 });
      expect(await sender.send(browser, "x", options)).toMatchObject({ outcome: "rejected", status: 400 });
    });

    it("answers retry, and does not throw, when the push service cannot be reached", async () => {
      const browser = service.subscribe();
      const closed = await startPushStandIn();
      await closed.close();
      const result = await make({ ...setup, testOrigins: [closed.origin] }).then((s) =>
        s.send({ ...browser, endpoint: `${closed.origin}/push/x` }, "x", options),
      );
      expect(result).toMatchObject({ outcome: "retry", status: null });
    });

    it("never connects to a private address outside the test origins, whatever was stored", async () => {
      const browser = service.subscribe();
      const before = service.received.length;
      const loopback = `https://127.0.0.1:${new URL(service.origin).port}/push/x`;
      expect(await sender.send({ ...browser, endpoint: loopback }, "x", options)).toMatchObject({
        outcome: "rejected",
      });
      expect(
        await sender.send({ ...browser, endpoint: browser.endpoint.replace("http:", "https:") }, "x", options),
      ).toMatchObject({ outcome: "rejected" });
      expect(service.received.length).toBe(before);
    });

    describe("refuseEndpoint", () => {
      it.each([
        ["not a URL", "The push endpoint is not a URL."],
        ["http://push.example.com/x", "The push endpoint must be an https: address."],
        ["ftp://push.example.com/x", "The push endpoint must be an https: address."],
        ["https://user:pw@push.example.com/x", "The push endpoint must not carry a user name or password."],
        ["https://skillswap.test/api/push", "The push endpoint must not point at SkillSwap itself."],
        ["https://127.0.0.1/x", "The push service's address is not on the public internet."],
        ["https://[::1]/x", "The push service's address is not on the public internet."],
        ["https://10.1.2.3/x", "The push service's address is not on the public internet."],
        ["https://169.254.169.254/latest/meta-data", "The push service's address is not on the public internet."],
        ["https://localhost/x", "The push service's address is not on the public internet."],
        ["https://[::ffff:192.168.0.1]/x", "The push service's address is not on the public internet."],
        ["https://no-such-host.invalid/x", "The push service's host name could not be resolved."],
      ])("refuses %s", async (endpoint, message) => {
        expect(await sender.refuseEndpoint(endpoint)).toBe(message);
      });

      it("accepts an https endpoint on a public address, and the stand-in named as a test origin", async () => {
        expect(await sender.refuseEndpoint("https://142.250.74.36/fcm/send/abc")).toBeNull();
        expect(await sender.refuseEndpoint(service.subscribe().endpoint)).toBeNull();
      });
    });
  });
}
