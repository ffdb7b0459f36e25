import { getTermsAcceptance, termsAcceptancePath } from "~/documents/terms-acceptances";
import { currentTermsVersion } from "~/features/legal/content.server";
import { createUser, openAs, signUpViaUi, uniqueEmail } from "./support/fixtures";
import { e2eStore, uidOf } from "./support/store";
import { expect, test } from "./support/test";

/**
 * The privacy notice and the terms of use (issue 32, decision 043): readable signed out and linked
 * from the sign-up form, the sign-in pages' footer and /settings; sign-up records the version of
 * the terms accepted, and a member who has not accepted the current version accepts it before any
 * page of the app, then goes on where they were going.
 */

test("the privacy notice and the terms are readable signed out, and linked from sign-up and sign-in", async ({
  page,
}) => {
  await page.goto("/auth");
  const footer = page.getByRole("navigation", { name: "Privacy and terms" });
  await footer.getByRole("link", { name: "Privacy notice" }).click();
  await page.waitForURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy notice" })).toBeVisible();
  await expect(page.getByText("Example text.")).toBeVisible();
  await expect(page.getByText(/Version example-/)).toBeVisible();

  await page.goto("/signup");
  await page.locator("form").getByRole("link", { name: "terms of use", exact: true }).click();
  await page.waitForURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of use" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Your account" })).toBeVisible();
});

test("sign-up records the version of the terms accepted, and the app then asks nothing", async ({ page }) => {
  const email = uniqueEmail("terms");
  await signUpViaUi(page, { email });
  const uid = (await uidOf(email))!;
  const accepted = await getTermsAcceptance(e2eStore(), uid);
  expect(accepted?.version).toBe(await currentTermsVersion());
  expect(accepted?.history).toHaveLength(1);
  await expect(page).toHaveURL(/\/dashboard/);
});

test("a new version of the terms is accepted once, before any page, and the member goes on where they were going", async ({
  browser,
  baseURL,
}) => {
  const user = await createUser({ fullName: "Terms Reader" });
  // The member accepted an older version; the operator has published the current one since.
  await e2eStore().set(termsAcceptancePath(user.uid), {
    version: "older",
    acceptedAt: 1,
    history: [{ version: "older", acceptedAt: 1 }],
  });
  const page = await openAs(browser, user, baseURL!, {
    path: "/wallet?tab=history",
    viewport: { width: 390, height: 800 },
  });
  await expect(page).toHaveURL(/\/terms\/accept\?redirectTo=%2Fwallet%3Ftab%3Dhistory$/);
  await expect(page.getByRole("heading", { name: "Our terms of use have changed" })).toBeVisible();
  // No way round it: another page of the app asks the same.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/terms\/accept\?redirectTo=%2Fsettings$/);
  await page.goto("/wallet?tab=history");

  await page.getByRole("button", { name: "Accept and continue" }).click();
  await page.waitForURL(/\/wallet\?tab=history$/);
  const accepted = await getTermsAcceptance(e2eStore(), user.uid);
  expect(accepted?.version).toBe(await currentTermsVersion());
  expect(accepted?.history.map((entry) => entry.version)).toEqual(["older", await currentTermsVersion()]);

  // Asked once: the next visit goes straight in, and the accept page itself sends the member on.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("link", { name: "privacy notice" })).toBeVisible();
  await page.goto("/terms/accept?redirectTo=%2Fcalendar");
  await expect(page).toHaveURL(/\/calendar$/);
  await page.context().close();
});

test("accepting is refused for a version that is not the current one, for another site, and signed out", async ({
  browser,
  baseURL,
  request,
}) => {
  const user = await createUser({ fullName: "Stale Reader" });
  await e2eStore().delete(termsAcceptancePath(user.uid));
  const page = await openAs(browser, user, baseURL!, { path: "/dashboard" });
  await expect(page).toHaveURL(/\/terms\/accept/);

  const stale = await page.request.post("/terms/accept", {
    form: { version: "older", redirectTo: "/dashboard" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(stale.status()).toBe(409);
  const crossSite = await page.request.post("/terms/accept", {
    form: { version: await currentTermsVersion(), redirectTo: "/dashboard" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  const noVersion = await page.request.post("/terms/accept", {
    form: { redirectTo: "/dashboard" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(noVersion.status()).toBe(400);
  expect(await getTermsAcceptance(e2eStore(), user.uid)).toBeNull();

  const signedOut = await request.post("/terms/accept", {
    form: { version: await currentTermsVersion() },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers().location).toMatch(/^\/auth\?redirectTo=/);
  await page.context().close();
});
