/**
 * The push port (decision 046): sends one encrypted Web Push message (RFC 8030, 8291, 8292) to
 * one browser's push service and says what became of it. One implementation serves both engines:
 * standard Web Push with VAPID, which Chrome's push service (FCM) accepts as Firefox's and
 * Safari's do. What a push says and to whom is the features' business (features/push).
 */

/** A browser's subscription, as PushSubscription.toJSON() gives it. */
export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The 16-byte auth secret, base64url. */
  auth: string;
}

export interface PushOptions {
  /** How long the push service keeps it for a device that is offline. */
  ttlSeconds: number;
  urgency: "normal" | "high";
  /** Replaces a message with the same topic still waiting at the push service (base64url, ≤ 32). */
  topic?: string;
}

export type PushResult =
  | { outcome: "delivered"; status: number }
  /** 404 or 410: the subscription is gone for good; forget it. */
  | { outcome: "gone"; status: number }
  /** 429, 5xx or a network failure: try again later, not before `retryAfterMs` when the service said so. */
  | { outcome: "retry"; status: number | null; retryAfterMs: number | null; reason: string }
  /** Any other answer (400, 401, 403, 413): this message will not go to this subscription. */
  | { outcome: "rejected"; status: number; reason: string };

export interface PushSender {
  /** The VAPID public key (base64url) browsers subscribe with (`applicationServerKey`). */
  readonly publicKey: string;
  /** Said once at start, as the mail port does. */
  readonly description: string;
  /**
   * Why `endpoint` may not be stored, or null when it may: it must be https:, not this server, and
   * resolve only to public addresses (every address checked). A person can act on the message.
   */
  refuseEndpoint(endpoint: string): Promise<string | null>;
  /** Encrypts `payload` to the target's keys (aes128gcm) and POSTs it with a VAPID JWT. Never throws. */
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushResult>;
}
