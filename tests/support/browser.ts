/** The browser both Playwright configs drive: a desktop Chromium that never reaches the internet. */
import { devices, type Project } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/find-chromium.mjs";

export { CHROMIUM_ARGS };

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
