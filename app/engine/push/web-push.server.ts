/**
 * Standard Web Push with VAPID (decision 046), the push port's one implementation, on both
 * engines. `web-push` encrypts (aes128gcm, RFC 8291) and signs the VAPID JWT (RFC 8292); the
 * request itself is sent here, with node's http client, so that the address it connects to is
 * checked as it connects (a host that resolved to a public address when the subscription was
 * stored may resolve to 127.0.0.1 now), no redirect is followed, and a slow service times out.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import webpush from "web-push";
import { isPublicAddress } from "~/utils/public-address.server";
import type { PushOptions, PushResult, PushSender, PushTarget } from "./types";
import type { VapidKeys } from "./vapid.server";

export interface WebPushSenderOptions {
  keys: VapidKeys;
  /** `mailto:` or `https:`: whom the push service may contact about this sender. */
  subject: string;
  /** This server's own origin (PUBLIC_URL): an endpoint there is refused. */
  ownOrigin: string;
  /**
   * Origins allowed although they are not https: or not public: the stand-in push service of the
   * tests. Only set from PUSH_TEST_ORIGINS, which the configuration refuses in production.
   */
  testOrigins?: readonly string[];
  timeoutMs?: number;
}

const REFUSED_ADDRESS = "The push service's address is not on the public internet.";

/** A lookup that answers only public addresses, and fails the connection otherwise. */
const publicLookup: typeof dnsLookup = ((
  hostname: string,
  options: object,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address)))
      return callback(Object.assign(new Error(REFUSED_ADDRESS), { code: "ENOTPUBLIC" }), "", 0);
    if ((options as { all?: boolean }).all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}) as typeof dnsLookup;

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function createWebPushSender(options: WebPushSenderOptions): PushSender {
  const testOrigins = new Set(options.testOrigins ?? []);
  const own = new URL(options.ownOrigin);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const vapidDetails = {
    subject: options.subject,
    publicKey: options.keys.publicKey,
    privateKey: options.keys.privateKey,
  };

  async function refuseEndpoint(endpoint: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return "The push endpoint is not a URL.";
    }
    if (endpoint.length > 1000) return "The push endpoint is too long.";
    if (url.username || url.password) return "The push endpoint must not carry a user name or password.";
    if (testOrigins.has(url.origin)) return null;
    if (url.protocol !== "https:") return "The push endpoint must be an https: address.";
    if (url.hostname === own.hostname) return "The push endpoint must not point at SkillSwap itself.";
    const host = url.hostname.replace(/^\[|\]$/g, "");
    let addresses: string[];
    try {
      addresses = (await resolveAll(host)).map((a) => a.address);
    } catch {
      return "The push service's host name could not be resolved.";
    }
    if (addresses.length === 0 || !addresses.every(isPublicAddress)) return REFUSED_ADDRESS;
    return null;
  }

  async function send(target: PushTarget, payload: string, push: PushOptions): Promise<PushResult> {
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails,
          TTL: push.ttlSeconds,
          urgency: push.urgency,
          contentEncoding: "aes128gcm",
          ...(push.topic ? { topic: push.topic } : {}),
        },
      );
    } catch (error) {
      return { outcome: "rejected", status: 0, reason: `Not sent: ${(error as Error).message}` };
    }
    const url = new URL(details.endpoint);
    const trusted = testOrigins.has(url.origin);
    if (!trusted && url.protocol !== "https:")
      return { outcome: "rejected", status: 0, reason: "The push endpoint is not https:." };
    // An address written in the URL is never looked up, so it is checked here.
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    if (!trusted && isIP(literal) && !isPublicAddress(literal))
      return { outcome: "rejected", status: 0, reason: REFUSED_ADDRESS };
    const client = url.protocol === "https:" ? https : http;
    return new Promise<PushResult>((resolve) => {
      const request = client.request(
        url,
        {
          method: "POST",
          headers: details.headers as Record<string, string | number>,
          timeout: timeoutMs,
          ...(trusted ? {} : { lookup: publicLookup }),
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve({ outcome: "delivered", status });
            else if (status === 404 || status === 410) resolve({ outcome: "gone", status });
            else if (status === 429 || status >= 500)
              resolve({
                outcome: "retry",
                status,
                retryAfterMs: retryAfterMs(response.headers["retry-after"]),
                reason: `The push service answered ${status}.`,
              });
            else resolve({ outcome: "rejected", status, reason: `The push service answered ${status}.` });
          });
        },
      );
      request.on("timeout", () => request.destroy(new Error("The push service did not answer in time.")));
      request.on("error", (error) => {
        const refused = (error as NodeJS.ErrnoException).code === "ENOTPUBLIC";
        resolve(
          refused
            ? { outcome: "rejected", status: 0, reason: REFUSED_ADDRESS }
            : { outcome: "retry", status: null, retryAfterMs: null, reason: error.message },
        );
      });
      request.end(details.body ?? undefined);
    });
  }

  return {
    publicKey: options.keys.publicKey,
    description: `Web Push with VAPID (${options.subject})`,
    refuseEndpoint,
    send,
  };
}
