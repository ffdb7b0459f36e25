/**
 * A member's devices for web push (push_subscriptions/{id}, app/documents/push.ts): stored when
 * they turn push on in /settings, listed there, removed by them or when the push service says
 * the subscription is gone. The endpoint is where the server will later send requests, so the push
 * port checks it (https:, not this server, public addresses only) before anything is written.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { cachedRead } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import {
  PUSH_SUBSCRIPTIONS,
  pushSubscriptionPath,
  readPushSubscription,
  type PushSubscriptionDoc,
  type PushSubscriptionRecord,
} from "~/documents/push";
import { deviceName } from "./device-name";

export const MAX_DEVICES = 10;

/** `key` names the message in the "push" namespace, for the member's language (decision 054). */
export class PushError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "PushError";
  }
}

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
const decodedLength = (value: string) => Buffer.from(value.replace(/=+$/, ""), "base64url").length;

/** What the browser's PushSubscription.toJSON() gives, as the settings page posts it; messages are "push" keys. */
export const subscriptionSchema = z.object({
  endpoint: z.string().trim().min(1, "errors.noEndpoint").max(1000, "errors.endpointTooLong"),
  p256dh: z
    .string()
    .trim()
    .refine(
      (v) => base64url.test(v) && decodedLength(v) === 65 && Buffer.from(v, "base64url")[0] === 4,
      "errors.p256dh",
    ),
  auth: z
    .string()
    .trim()
    .refine((v) => base64url.test(v) && decodedLength(v) === 16, "errors.auth"),
});
export type SubscriptionInput = z.infer<typeof subscriptionSchema>;

/** One id per endpoint: the same browser subscribing again is the same document. */
export const subscriptionId = (endpoint: string) =>
  createHash("sha256").update(endpoint).digest("base64url").slice(0, 32);

export interface Device {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export async function listSubscriptions(store: DocStore, uid: string): Promise<PushSubscriptionRecord[]> {
  const docs = await store.query({ collection: PUSH_SUBSCRIPTIONS, where: [["uid", "==", uid]] });
  return docs.map(readPushSubscription).sort((a, b) => a.createdAt - b.createdAt);
}

const isDevicePath = (p: string) => p.startsWith(`${PUSH_SUBSCRIPTIONS}/`);
/** Members' answers, one map for the devices as they stood when it was made (see hasPushDevice). */
const answersFor = new WeakMap<object, Map<string, boolean>>();
const MAX_ANSWERS = 10_000;

/**
 * Whether the member has a device for push at all, kept per member until a device is written
 * (decision 174): every chat message asks it of its recipient, and devices change a few times in a
 * member's life. A device's id names its endpoint, not its member, so a device written anywhere
 * drops every member's answer: one kept value stands for all the devices as they are, and made
 * again it starts a new map of answers. Checking it costs each message only the commits since the
 * last one, where one kept value per member would be checked against every commit since that
 * member's last message. No read of the message's transaction: a device added while a message
 * commits may get its first push from the next message, as one added just after it does (155).
 */
export async function hasPushDevice(store: DocStore, uid: string): Promise<boolean> {
  const devices = await cachedRead(store, "pushDevices", isDevicePath, async () => ({}));
  let answers = answersFor.get(devices);
  if (!answers) answersFor.set(devices, (answers = new Map()));
  let has = answers.get(uid);
  if (has === undefined) {
    has = (await store.query({ collection: PUSH_SUBSCRIPTIONS, where: [["uid", "==", uid]], limit: 1 })).length > 0;
    if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value!);
    answers.set(uid, has);
  }
  return has;
}

export async function listDevices(store: DocStore, uid: string): Promise<Device[]> {
  return (await listSubscriptions(store, uid)).map((s) => ({
    id: s.id,
    name: s.device,
    createdAt: s.createdAt,
    lastUsedAt: s.lastUsedAt,
  }));
}

/**
 * Stores this browser's subscription for `uid`: refused with a message when the endpoint is not
 * one the server may send to (`refuseEndpoint`, the push port's check) or when the member already
 * has MAX_DEVICES others. A browser that subscribed before is updated in place (its keys may have
 * changed); one that belonged to another member who signed out on it now belongs to this one.
 */
export async function subscribe(
  store: DocStore,
  refuseEndpoint: (endpoint: string) => Promise<string | null>,
  uid: string,
  input: SubscriptionInput,
  userAgent: string | null,
  now = Date.now(),
): Promise<Device> {
  const refusal = await refuseEndpoint(input.endpoint);
  if (refusal) throw new PushError(400, refusal, "errors.endpoint");
  const id = subscriptionId(input.endpoint);
  const path = pushSubscriptionPath(id);
  return store.transaction(async (tx) => {
    const existing = await tx.get(path);
    const mine = await tx.query({ collection: PUSH_SUBSCRIPTIONS, where: [["uid", "==", uid]] });
    const known = existing ? readPushSubscription({ id, data: existing.data }) : null;
    if (known?.uid !== uid && mine.length >= MAX_DEVICES)
      throw new PushError(
        409,
        `You have push turned on for ${MAX_DEVICES} devices, the most there can be. Remove one you no longer use first.`,
        "errors.tooManyDevices",
        { max: MAX_DEVICES },
      );
    const doc: PushSubscriptionDoc = {
      uid,
      endpoint: input.endpoint,
      p256dh: input.p256dh,
      auth: input.auth,
      device: deviceName(userAgent),
      createdAt: known?.uid === uid ? known.createdAt : now,
      lastUsedAt: known?.uid === uid ? known.lastUsedAt : null,
    };
    tx.set(path, doc);
    return { id, name: doc.device, createdAt: doc.createdAt, lastUsedAt: doc.lastUsedAt };
  });
}

/** Removes one of the member's own devices; another member's, or none, is a 404. */
export async function removeDevice(store: DocStore, uid: string, id: string): Promise<void> {
  const path = pushSubscriptionPath(id);
  await store.transaction(async (tx) => {
    const doc = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await tx.get(path) : null;
    if (!doc || readPushSubscription({ id, data: doc.data }).uid !== uid)
      throw new PushError(
        404,
        "This device is not in your list. Reload the page to see your devices.",
        "errors.unknownDevice",
      );
    tx.delete(path);
  });
}
