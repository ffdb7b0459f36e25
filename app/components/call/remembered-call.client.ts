/**
 * Whether this tab was in a session's call, and with which devices, kept in sessionStorage: a
 * reload joins again by itself, while another tab (its own sessionStorage) never does. Browser only.
 */
import type { DeviceChoice } from "./media.client";

export interface RememberedCall extends DeviceChoice {
  micOn: boolean;
  cameraOn: boolean;
}

const storageKey = (bookingId: string) => `skillswap.call.${bookingId}`;

export function rememberedCall(bookingId: string): RememberedCall | null {
  try {
    const raw = sessionStorage.getItem(storageKey(bookingId));
    return raw ? (JSON.parse(raw) as RememberedCall) : null;
  } catch {
    return null;
  }
}

export function rememberCall(bookingId: string, value: RememberedCall): void {
  try {
    sessionStorage.setItem(storageKey(bookingId), JSON.stringify(value));
  } catch {
    // Private mode without storage: a reload then shows "Join call" again.
  }
}

export function forgetCall(bookingId: string): void {
  try {
    sessionStorage.removeItem(storageKey(bookingId));
  } catch {
    // Nothing was stored.
  }
}
