/**
 * This browser's side of web push (decision 054), used by the push section of /settings after
 * hydration only: what the browser allows, its subscription, and turning it on (the permission
 * prompt, asked only from a click) or off. Nothing here runs on the server or on page load but
 * reading the state.
 */

/** What the section says about this device. */
export type DeviceState = "checking" | "unsupported" | "blocked" | "off" | "on";

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

/** The server's id of a subscription: the first 32 characters of the endpoint's SHA-256, base64url. */
export async function subscriptionIdOf(endpoint: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint)));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "").slice(0, 32);
}

/** This browser's subscription, if it has one (never asks for permission). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** What the section shows before any click: never asks anything. */
export async function readDeviceState(
  deviceIds: readonly string[],
): Promise<{ state: DeviceState; id: string | null }> {
  if (!pushSupported()) return { state: "unsupported", id: null };
  if (Notification.permission === "denied") return { state: "blocked", id: null };
  const subscription = await currentSubscription();
  const id = subscription ? await subscriptionIdOf(subscription.endpoint) : null;
  return { state: id && Notification.permission === "granted" && deviceIds.includes(id) ? "on" : "off", id };
}

/**
 * The click on "Turn on notifications on this device": the browser's permission prompt, then a
 * subscription through the service worker with the server's VAPID key (base64url, as the Push API
 * takes it). The form fields the API
 * takes, or the reason it stopped.
 */
export async function subscribeThisDevice(
  publicKey: string,
): Promise<{ ok: true; fields: Record<string, string> } | { ok: false; reason: "blocked" | "dismissed" | "failed" }> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return { ok: false, reason: "blocked" };
  if (permission !== "granted") return { ok: false, reason: "dismissed" };
  try {
    const registration = await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
    const json = subscription.toJSON();
    return {
      ok: true,
      fields: { endpoint: json.endpoint ?? "", p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
    };
  } catch {
    return { ok: false, reason: "failed" };
  }
}
