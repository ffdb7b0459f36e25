import { expect, test } from "./support/test";
import { createUser } from "./support/fixtures";

/**
 * Issue 25, item 1: where a sign-in sends the member next. A `redirectTo` whose dot segments
 * resolve to "//evil.example" was answered with `Location: //evil.example/phish`, which every
 * browser follows to another site. Each answer's Location must stay on this site.
 */
const OFF_SITE = [
  "/.//evil.example/phish",
  "/x/..//evil.example",
  "/%2e//evil.example/phish",
  "/%2E//evil.example/phish",
  "/x/%2e%2E//evil.example",
  "/x/..%2f/evil.example",
  "/%2F%2fevil.example",
];

function staysOnSite(location: string | undefined, baseURL: string) {
  expect(location, "a Location header").toBeTruthy();
  expect(location!.startsWith("//"), location).toBe(false);
  expect(location!.startsWith("/\\"), location).toBe(false);
  expect(new URL(location!, baseURL).origin, location).toBe(new URL(baseURL).origin);
}

test.describe("redirectTo resolved to another host (issue 25, item 1)", () => {
  for (const redirectTo of OFF_SITE) {
    test(`sign-in and profile set-up with redirectTo=${redirectTo} answer a Location on this site`, async ({
      playwright,
      baseURL,
    }) => {
      const user = await createUser({ fullName: "" });
      const client = await playwright.request.newContext({ baseURL });
      const signIn = await client.post("/auth?index", {
        form: { email: user.email, password: user.password, redirectTo },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      expect(signIn.status()).toBe(302);
      staysOnSite(signIn.headers().location, baseURL!);

      // The new member's last step of sign-up carries the same redirectTo.
      const setUp = await client.post("/profile-setup", {
        form: { fullName: "Rita Redirect", redirectTo },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      expect(setUp.status()).toBe(302);
      staysOnSite(setUp.headers().location, baseURL!);
      await client.dispose();
    });
  }
});
