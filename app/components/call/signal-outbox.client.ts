/**
 * Posts one member's call signals to POST /api/bookings/:id/signals one after another, so that
 * they are stored in the order they were made, retrying through short network drops. Browser only.
 */
import type { SignalInput } from "~/features/call/signals";

/** The server's own words (already in the member's language), or a key of the "chat" namespace's call.error. */
export type CallErrorText = { text: string } | { key: "unreachable" | "offline" };

export type SignalOutcome = { ok: true } | { ok: false; moved: boolean; error: CallErrorText };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function postOnce(bookingId: string, body: SignalInput): Promise<SignalOutcome> {
  for (let tries = 0; tries < 4; tries++) {
    let response: Response;
    try {
      response = await fetch(`/api/bookings/${bookingId}/signals`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        credentials: "same-origin",
        // A leave is sent as the room is closed within the app; it must outlive the page.
        keepalive: body.type === "leave",
      });
    } catch {
      // Offline for a moment (a network change): try again shortly.
      await wait(1_000 * (tries + 1));
      continue;
    }
    if (response.ok) return { ok: true };
    if (response.status === 429) {
      await wait(2_000);
      continue;
    }
    const { error } = (await response.json().catch(() => ({}))) as { error?: string };
    // 409: another tab of this member holds the call now.
    return { ok: false, moved: response.status === 409, error: error ? { text: error } : { key: "unreachable" } };
  }
  return { ok: false, moved: false, error: { key: "offline" } };
}

export function createSignalOutbox(bookingId: string): (body: SignalInput) => Promise<SignalOutcome> {
  let queue: Promise<unknown> = Promise.resolve();
  return (body) => {
    const result = queue.then(
      () => postOnce(bookingId, body),
      () => postOnce(bookingId, body),
    );
    queue = result;
    return result;
  };
}
