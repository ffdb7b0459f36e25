import { expect, test } from "./support/test";

test("the home page renders and the health check answers", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByText("SkillSwap").first()).toBeVisible();

  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
});
