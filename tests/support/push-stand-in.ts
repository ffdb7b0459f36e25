/**
 * A local stand-in for a browser's push service (RFC 8030): an HTTP server that takes what the
 * server POSTs to a subscription's endpoint, and browser-side subscriptions whose private keys
 * the test holds, so it can decrypt each message (RFC 8291, aes128gcm, with `http_ece`) and check
 * its VAPID JWT (RFC 8292) as a real push service would. Each endpoint answers what the test
 * scripts for it (201 by default): 404/410 for a gone subscription, 429 with Retry-After, 5xx.
 */
import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";

export interface BrowserSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** Opens a message sent to this subscription, as the browser would. */
  decrypt(body: Buffer): string;
}

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
}

export interface PushStandIn {
  origin: string;
  received: ReceivedPush[];
  /** A new browser subscription at this service (`/push/{name}`). */
  subscribe(name?: string): BrowserSubscription;
  /** What the next requests to `endpoint` are answered, in turn; then 201 again. */
  answer(endpoint: string, ...answers: Answer[]): void;
  /** Resolves once `count` messages have arrived in all. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const received: ReceivedPush[] = [];
  const scripted = new Map<string, Answer[]>();
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const answer = scripted.get(path)?.shift() ?? { status: 201 };
      if (answer.status >= 200 && answer.status < 300)
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks), at: Date.now() });
      response.writeHead(answer.status, answer.headers ?? {}).end();
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    subscribe(name = randomBytes(8).toString("hex")) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16).toString("base64url");
      return {
        endpoint: `${origin}/push/${name}`,
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth,
        decrypt: (body) =>
          (ece.decrypt(body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth }) as Buffer).toString("utf8"),
      };
    },
    answer(endpoint, ...answers) {
      scripted.set(new URL(endpoint).pathname, answers);
    },
    waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${received.length} of ${count} pushes arrived`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292) as a push service does: an
 * ES256 signature that the named key verifies, and the claims. Throws when it does not hold.
 */
export function verifyVapid(headers: http.IncomingHttpHeaders, expectedKey: string): VapidClaims {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization ?? ""));
  if (!match) throw new Error(`No VAPID authorization: ${headers.authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== expectedKey) throw new Error("The VAPID key is not the server's");
  const [header, claims, signature] = token.split(".") as [string, string, string];
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("The VAPID signature does not verify");
  if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256") throw new Error("Not ES256");
  return JSON.parse(Buffer.from(claims, "base64url").toString()) as VapidClaims;
}
