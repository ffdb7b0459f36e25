/**
 * What the service worker's push handlers decide (decision 054), pure so they are tested without
 * a browser: a push's JSON (features/push/payload.ts) as the notification to show, and the page a
 * click may open (this site only).
 */

/** Shown when a push's payload cannot be read: something new, without saying what. */
export const FALLBACK_TITLE = "SkillSwap";
export const FALLBACK_BODY = "You have something new.";
const ICON = "/icons/icon-192.png";
const BADGE = "/icons/icon-192.png";
/** Where a click goes when the push named no page of this site. */
export const FALLBACK_PATH = "/notifications";

export interface ShownNotification {
  title: string;
  options: {
    body: string;
    icon: string;
    badge: string;
    tag?: string;
    renotify: boolean;
    data: { url: string };
  };
}

const text = (value: unknown, limit: number): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, limit) : null;

/**
 * The notification for a push's payload. A `tag` makes pushes of one conversation replace each
 * other (ten messages, one notification), and `renotify` makes the replacement alert again; a
 * browser refuses `renotify` without a tag, so it is only set with one.
 */
export function notificationFor(payload: unknown, origin: string): ShownNotification {
  const p = payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
  const title = text(p.title, 200);
  const tag = text(p.tag, 100) ?? undefined;
  return {
    title: title ?? FALLBACK_TITLE,
    options: {
      body: text(p.body, 500) ?? (title ? "" : FALLBACK_BODY),
      icon: ICON,
      badge: BADGE,
      tag,
      renotify: Boolean(tag) && p.renotify === true,
      data: { url: targetUrl(p.url, origin) },
    },
  };
}

/** A push's payload as JSON, or null when it is none (empty, not JSON). */
export function readPayload(textOf: () => string): unknown {
  try {
    return JSON.parse(textOf());
  } catch {
    return null;
  }
}

/**
 * The absolute URL a click opens: a path or URL of this site; anything else (another site,
 * `javascript:`, a protocol-relative `//host`) opens the notifications page instead.
 */
export function targetUrl(url: unknown, origin: string): string {
  const fallback = new URL(FALLBACK_PATH, origin).href;
  if (typeof url !== "string" || url === "") return fallback;
  let resolved: URL;
  try {
    resolved = new URL(url, origin);
  } catch {
    return fallback;
  }
  return resolved.origin === origin ? resolved.href : fallback;
}

export interface WindowLike {
  url: string;
  focused?: boolean;
}

/**
 * Which open window a click uses: one already at the page, else the focused one of this site,
 * else any of this site; null when none is open (a new one is opened).
 */
export function windowFor<W extends WindowLike>(windows: readonly W[], target: string, origin: string): W | null {
  const ours = windows.filter((w) => {
    try {
      return new URL(w.url).origin === origin;
    } catch {
      return false;
    }
  });
  return ours.find((w) => w.url === target) ?? ours.find((w) => w.focused) ?? ours[0] ?? null;
}
