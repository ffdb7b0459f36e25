import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";
import { expect, test, type Page } from "./support/test";
import { createUser, openAs } from "./support/fixtures";
import { e2eStore } from "./support/store";

/**
 * A member changes their picture on /profile: a real PNG becomes the header's and the profile's
 * image at a versioned URL that may be cached for good; a photo over 2 MB is made smaller in the
 * browser; a text file named .png and a fake PNG are refused with a message beside the picture,
 * and the stored picture stays as it was.
 */

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid 1×1 opaque PNG of one colour, so a browser can decode and draw it. */
function onePixelPng([r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const scanline = Buffer.from([0, r, g, b]); // filter byte "none", then the pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(scanline)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const headerAvatar = (page: Page) => page.locator('header [data-tour="profile-menu"] img');
const profileAvatar = (page: Page) => page.locator("main aside img").first();
const storedPicture = async (uid: string) => (await e2eStore().get(`users/${uid}`))?.data.profilePicture;

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Profile picture").setInputFiles(file);
  await page.getByRole("button", { name: "Upload picture" }).click();
}

test("a member uploads a PNG and it becomes their picture, cached for good", async ({ browser, baseURL, request }) => {
  const user = await createUser({ fullName: "Pia Picture" });
  const page = await openAs(browser, user, baseURL!, { path: "/profile" });
  await expect(headerAvatar(page)).toHaveAttribute("src", "/default-avatar.png");

  const png = onePixelPng([29, 92, 238]);
  await upload(page, { name: "me.png", mimeType: "image/png", buffer: png });
  await expect(page.getByText("Your picture was updated.")).toBeVisible();

  const url = await storedPicture(user.uid);
  expect(url).toMatch(new RegExp(`^/avatars/${user.uid}/[0-9a-z]+$`));
  await expect(headerAvatar(page)).toHaveAttribute("src", url as string);
  await expect(profileAvatar(page)).toHaveAttribute("src", url as string);
  // The browser could decode what was served.
  await expect
    .poll(() => headerAvatar(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);

  const served = await request.get(url as string);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(Buffer.from(await served.body()).equals(png)).toBe(true);

  // A second upload gets a new URL; the old one is gone, so nobody keeps a stale picture by URL.
  await upload(page, { name: "again.png", mimeType: "image/png", buffer: onePixelPng([240, 180, 20]) });
  await expect(headerAvatar(page)).not.toHaveAttribute("src", url as string);
  const next = await storedPicture(user.uid);
  expect(next).toMatch(/^\/avatars\//);
  await expect(headerAvatar(page)).toHaveAttribute("src", next as string);
  expect((await request.get(url as string)).status()).toBe(404);
  expect((await request.get(next as string)).status()).toBe(200);
});

/** A PNG of random pixels: it does not compress, so its size is what the test asks for. */
function noisyPng(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < side; y++) rows.push(Buffer.concat([Buffer.from([0]), randomBytes(side * 3)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("a photo over 2 MB is made smaller in the browser and accepted", async ({ browser, baseURL, request }) => {
  const user = await createUser({ fullName: "Hugo Huge" });
  const page = await openAs(browser, user, baseURL!, { path: "/profile" });
  const photo = noisyPng(1400);
  expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
  await upload(page, { name: "holiday.png", mimeType: "image/png", buffer: photo });
  await expect(page.getByText("Your picture was updated.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload picture" })).toBeEnabled();
  const url = await storedPicture(user.uid);
  expect(url).toMatch(new RegExp(`^/avatars/${user.uid}/`));
  const served = await request.get(url as string);
  expect(served.headers()["content-type"]).toBe("image/jpeg");
  expect((await served.body()).length).toBeLessThanOrEqual(2 * 1024 * 1024);
  await expect
    .poll(() => headerAvatar(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1024);
});

test("a text file named .png and a fake 8-byte PNG are refused with a message, and the picture stays", async ({
  browser,
  baseURL,
}) => {
  const user = await createUser({ fullName: "Rex Refused" });
  const page = await openAs(browser, user, baseURL!, { path: "/profile" });
  const before = await storedPicture(user.uid);
  const button = page.getByRole("button", { name: "Upload picture" });

  await upload(page, {
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("These are my notes, not a picture.\n"),
  });
  await expect(page.getByRole("alert")).toHaveText(
    "This picture could not be read. Choose another JPEG, PNG or WebP file.",
  );
  await expect(button).toBeEnabled();

  await upload(page, {
    name: "fake.png",
    mimeType: "image/png",
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  });
  await expect(page.getByRole("alert")).toHaveText(
    "This picture could not be read. Choose another JPEG, PNG or WebP file.",
  );
  await expect(button).toBeEnabled();
  expect(await storedPicture(user.uid)).toBe(before);
});

test("the server reads what it is sent: a fake PNG posted without the page is refused", async ({
  browser,
  baseURL,
}) => {
  const user = await createUser({ fullName: "Sam Script" });
  const page = await openAs(browser, user, baseURL!, { path: "/profile" });
  const before = await storedPicture(user.uid);
  const response = await page.request.post("/profile.data", {
    headers: { Origin: baseURL! },
    multipart: {
      avatar: {
        name: "fake.png",
        mimeType: "image/png",
        buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      },
    },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("This picture could not be read.");
  expect(await storedPicture(user.uid)).toBe(before);
});
