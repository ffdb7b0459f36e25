import { expect, test } from "./support/test";
import { createUser, openAs } from "./support/fixtures";
import { adminUser } from "./support/world";

/**
 * Issue 25, item 7: `/admin/anything?_data=routes/admin` answered a member 403 where an unknown
 * admin path answers 404 (and an admin's `/admin?_data=routes/admin` a 500). The app runs single
 * fetch: no page sends `?_data`, so it is answered as an unknown address, for everyone.
 */
const DATA_REQUESTS = [
  "/admin/anything?_data=routes/admin",
  "/admin/anything?_data=routes/nope",
  "/admin?_data=routes/admin",
  "/admin/members?_data=routes/admin",
  "/admin/members/x?_data=routes/admin.members.$uid",
  "/dashboard?_data=routes/admin",
  "/dashboard?_data=routes/_app.dashboard",
];

test("?_data requests answer 404 like an unknown admin path, to members, visitors and admins", async ({
  browser,
  baseURL,
  playwright,
}) => {
  const member = await createUser({ fullName: "Dana Data" });
  const admin = await adminUser("Ada Data");
  const memberPage = await openAs(browser, member, baseURL!);
  const adminPage = await openAs(browser, admin, baseURL!);
  const visitor = await playwright.request.newContext({ baseURL });
  for (const [who, client] of [
    ["member", memberPage.request],
    ["visitor", visitor],
    ["admin", adminPage.request],
  ] as const) {
    // The answer they are compared with: an admin path that does not exist.
    expect((await client.get("/admin/anything", { maxRedirects: 0 })).status(), `${who}: /admin/anything`).toBe(404);
    for (const path of DATA_REQUESTS) {
      const response = await client.get(path, { maxRedirects: 0 });
      expect(response.status(), `${who}: GET ${path}`).toBe(404);
      expect(await response.text(), `${who}: GET ${path}`).toBe("Not found");
      const post = await client.post(path, { form: { intent: "x" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
      expect(post.status(), `${who}: POST ${path}`).toBe(404);
    }
  }
  // The single-fetch data the pages do ask for still arrives.
  expect((await adminPage.request.get("/admin.data")).status()).toBe(200);
  expect((await memberPage.request.get("/admin.data")).status()).toBe(404);
  await visitor.dispose();
});
