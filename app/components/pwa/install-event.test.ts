import { afterEach, describe, expect, it, vi } from "vitest";

/** A page's window as far as the install offer goes: events, and the document's inline script run in it. */
function pageWindow() {
  const win = new EventTarget() as EventTarget & Record<string, unknown>;
  vi.stubGlobal("window", win);
  return win;
}

async function freshModule() {
  vi.resetModules();
  return import("./install-event");
}

function offer(win: EventTarget): Event {
  const event = new Event("beforeinstallprompt", { cancelable: true });
  win.dispatchEvent(event);
  return event;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the browser's install offer (decision 045)", () => {
  it("made before the app's modules ran, is caught by the document's script and handed to the shell", async () => {
    const { CATCH_EARLY_INSTALL_OFFER } = await freshModule();
    const win = pageWindow();
    // The document's inline script runs first; the modules come later (decision 183).
    new Function("window", "addEventListener", CATCH_EARLY_INSTALL_OFFER)(win, win.addEventListener.bind(win));
    const early = offer(win);
    expect(early.defaultPrevented).toBe(true);

    const { onInstallOffer, takeInstallOffer } = await freshModule();
    const seen: (Event | null)[] = [];
    onInstallOffer((event) => seen.push(event));
    expect(seen).toEqual([early]);
    expect(takeInstallOffer()).toBe(early);
    expect(seen).toEqual([early, null]);
  });

  it("made before the app's modules ran, is lost without the document's script", async () => {
    const win = pageWindow();
    offer(win);
    const { onInstallOffer } = await freshModule();
    const seen: (Event | null)[] = [];
    onInstallOffer((event) => seen.push(event));
    expect(seen).toEqual([null]);
  });

  it("made after the modules ran, reaches the shell and holds the browser's own bar back", async () => {
    const win = pageWindow();
    const { onInstallOffer } = await freshModule();
    const seen: (Event | null)[] = [];
    onInstallOffer((event) => seen.push(event));
    const later = offer(win);
    expect(later.defaultPrevented).toBe(true);
    expect(seen).toEqual([null, later]);
  });
});
