import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { expect, test, type Page } from "./support/test";
import { createUser, openAs } from "./support/fixtures";
import { e2eStore } from "./support/store";

/**
 * Issue 25, finding 6: a picture was stored and served byte for byte, Exif and GPS position
 * included, to anyone, cached for a year; and a photo straight from a phone camera was refused.
 * Now every upload is re-encoded to WebP at the sizes the pages show (decision 027).
 */

const SIZES = [64, 128, 256, 512];
const headerAvatar = (page: Page) => page.locator('header [data-tour="profile-menu"] img');
const storedPicture = async (uid: string) =>
  (await e2eStore().get(`users/${uid}`))?.data.profilePicture as string | undefined;

/** What a phone writes into a photo: its make and serial, when, and where (a GPS position). */
const PHONE_EXIF = {
  IFD0: { Make: "PhoneMaker", Model: "Phone 15 Pro" },
  IFD2: { BodySerialNumber: "SN-8675309", DateTimeOriginal: "2026:11:01 08:30:00" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "51/1 30/1 2644/100",
    GPSLongitudeRef: "W",
    GPSLongitude: "0/1 7/1 3981/100",
  },
};
const LEAKS = ["Exif", "PhoneMaker", "Phone 15 Pro", "SN-8675309", "2026:11:01"];

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Profile picture").setInputFiles(file);
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(page.getByText("Your picture was updated.")).toBeVisible();
}

test("a JPEG with a GPS position in its Exif is served without it, at every size", async ({
  browser,
  baseURL,
  playwright,
}) => {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2a7" } })
    .jpeg()
    .withExif(PHONE_EXIF)
    .toBuffer();
  // The test photo does carry what it should not give away.
  expect((await sharp(photo).metadata()).exif?.toString("latin1")).toContain("SN-8675309");

  const user = await createUser({ fullName: "Gina Geotag" });
  const page = await openAs(browser, user, baseURL!, { path: "/profile" });
  await upload(page, { name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo });
  const url = await storedPicture(user.uid);
  expect(url).toMatch(new RegExp(`^/avatars/${user.uid}/[0-9a-z]+$`));
  await expect(headerAvatar(page)).toHaveAttribute("src", url!);
  await expect(headerAvatar(page)).toHaveAttribute("srcset", SIZES.map((s) => `${url}/${s} ${s}w`).join(", "));
  await expect
    .poll(() => headerAvatar(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // As a signed-out visitor sees them: every size, and the URL without one.
  const visitor = await playwright.request.newContext({ baseURL });
  try {
    for (const [path, width] of [[url!, 256] as const, ...SIZES.map((s) => [`${url}/${s}`, s] as const)]) {
      const served = await visitor.get(path);
      expect(served.status(), path).toBe(200);
      expect(served.headers()["content-type"], path).toBe("image/webp");
      expect(served.headers()["cache-control"], path).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await served.body());
      const meta = await sharp(bytes).metadata();
      expect(meta, path).toMatchObject({ format: "webp", width, height: width });
      expect(meta.exif, path).toBeUndefined();
      expect(meta.xmp, path).toBeUndefined();
      for (const leak of LEAKS) expect(bytes.toString("latin1"), `${path}: ${leak}`).not.toContain(leak);
    }
    expect((await visitor.get(`${url}/100`)).status()).toBe(404);
  } finally {
    await visitor.dispose();
  }
});

/** A 4032×3024 JPEG of about 6 MB, as a phone camera writes it (detail JPEG cannot squeeze away). */
async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [4032, 3024];
  const grain = randomBytes((width / 2) * (height / 2) * 3);
  return sharp(grain, { raw: { width: width / 2, height: height / 2, channels: 3 } })
    .resize(width, height, { kernel: "nearest" })
    .jpeg({ quality: 72 })
    .withExif(PHONE_EXIF)
    .toBuffer();
}

test("a 6 MB 4032×3024 photo straight from a phone is accepted and shown", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const photo = await phonePhoto();
  expect(photo.length).toBeGreaterThan(5.5 * 1024 * 1024);
  expect(photo.length).toBeLessThan(7 * 1024 * 1024);
  const user = await createUser({ fullName: "Paco Phone" });
  const page = await openAs(browser, user, baseURL!, { path: "/profile" });

  // As it comes, without the page's help: the server takes it whole.
  const direct = await page.request.post("/profile.data", {
    headers: { Origin: baseURL! },
    multipart: { avatar: { name: "IMG_4032.jpg", mimeType: "image/jpeg", buffer: photo } },
  });
  expect(direct.status()).toBe(200);
  const url = await storedPicture(user.uid);
  expect(url).toMatch(new RegExp(`^/avatars/${user.uid}/`));
  const largest = Buffer.from(await (await page.request.get(`${url}/512`)).body());
  expect(await sharp(largest).metadata()).toMatchObject({ format: "webp", width: 512, height: 512 });

  // Through the page: chosen, sent, and shown in the header and on the profile.
  await upload(page, { name: "IMG_4033.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(headerAvatar(page)).not.toHaveAttribute("src", url!);
  const next = await storedPicture(user.uid);
  expect(next).not.toBe(url);
  await expect(headerAvatar(page)).toHaveAttribute("src", next!);
  for (const img of [headerAvatar(page), page.locator("main aside img").first()])
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.currentSrc : "")))
      .toMatch(new RegExp(`${next}/\\d+$`));
});
