import { expect, test, type Page } from "./support/test";
import { noisyPng, onePixelPng } from "../support/pictures";
import { createUser, openAs } from "./support/fixtures";
import { e2eStore } from "./support/store";

/**
 * A member changes their picture on /profile: a real PNG becomes the header's and the profile's
 * image at a versioned URL that may be cached for good; a photo over 2 MB is made smaller in the
 * browser; a text file named .png and a fake PNG are refused with a message beside the picture,
 * and the stored picture stays as it was.
 */

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
    .toBeGreaterThan(0);

  // Re-encoded, never the bytes as sent (decision 027; tests/e2e/pictures.test.ts).
  const served = await request.get(url as string);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(Buffer.from(await served.body()).equals(png)).toBe(false);

  // A second upload gets a new URL; the old one is gone, so nobody keeps a stale picture by URL.
  await upload(page, { name: "again.png", mimeType: "image/png", buffer: onePixelPng([240, 180, 20]) });
  await expect(headerAvatar(page)).not.toHaveAttribute("src", url as string);
  const next = await storedPicture(user.uid);
  expect(next).toMatch(/^\/avatars\//);
  await expect(headerAvatar(page)).toHaveAttribute("src", next as string);
  expect((await request.get(url as string)).status()).toBe(404);
  expect((await request.get(next as string)).status()).toBe(200);
});

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
  const served = await request.get(`${url}/512`);
  expect(served.headers()["content-type"]).toBe("image/webp");
  await expect
    .poll(() => headerAvatar(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
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
