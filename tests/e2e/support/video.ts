import { expect, type Page } from "./test";

/** A real picture in the video labelled `label`: the element has frame dimensions and its clock moves on. */
export async function expectVideoPlaying(page: Page, label: string): Promise<void> {
  const video = page.getByLabel(label, { exact: true });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(before);
}
