/** The browser both Playwright configs drive: a desktop Chromium that never reaches the internet. */
import { devices, type Project } from "@playwright/test";
import { findChromium } from "../../scripts/find-chromium.mjs";

// Without the networking flags Chromium tries to reach Google's services, which these machines
// cannot (and tests must not depend on). Chromium refuses to start as root with its sandbox on.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function desktopChromium(): Project {
  return {
    name: "chromium",
    use: {
      ...devices["Desktop Chrome"],
      headless: true,
      launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    },
  };
}

/**
 * Launch options for tests of the video call: Chromium's fake camera and microphone (a moving
 * test pattern and a beep), granted without a permission prompt.
 */
export function fakeMediaLaunchOptions() {
  return {
    executablePath: findChromium(),
    args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  };
}
