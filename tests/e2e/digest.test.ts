import { setDigestFrequency } from "~/features/digest/preference.server";
import { postEntry } from "~/features/wallet/ledger.server";
import { expect, test } from "./support/test";
import { createUser, type TestUser } from "./support/fixtures";
import { useSmtpApp } from "./support/smtp-app";

/**
 * The digest e-mail as a member lives it (issue 31, decisions 047 and 055), on a production server
 * of its own that sends through a local SMTP server: a member with something to say gets one daily
 * digest from the timed work; its unsubscribe link, opened signed out, turns the digest off; a
 * forged link and one altered to name another member change nothing and say so; RFC 8058's
 * one-click POST from a mail provider works without a session or an Origin.
 */

const app = useSmtpApp("skillswap-digest-e2e-");
// The digest leaves with the timed work, whose leader ticks every 5 seconds on a loaded machine:
// one tick queues it, the next tick's mail step sends it.
const MAIL_ARRIVES = { timeout: 45_000 };
const DAY_MS = 24 * 3_600_000;

async function digestOf(uid: string): Promise<unknown> {
  return (await app().store.get(`users/${uid}`))?.data.digest;
}

test.describe.configure({ mode: "serial" });

let member: TestUser;
let other: TestUser;
let unsubscribeUrl: string;

test("a member with something to say gets one digest, queued once, with RFC 8058's headers", async () => {
  test.setTimeout(90_000);
  const { store, inbox } = app();
  const suffix = Math.random().toString(36).slice(2, 7);
  // Off while the facts are arranged, so a tick in between cannot record yesterday as empty.
  // Members since before yesterday (a member who joined after a period gets no digest of it).
  const createdAt = Date.now() - 3 * DAY_MS;
  member = await createUser({
    store,
    fullName: `Dana Digest ${suffix}`,
    profile: { timezone: "UTC", digest: "off", createdAt },
  });
  other = await createUser({
    store,
    fullName: `Omar Other ${suffix}`,
    profile: { timezone: "UTC", digest: "daily", createdAt },
  });
  const yesterday = Date.now() - DAY_MS;
  await postEntry(
    store,
    member.uid,
    { id: `digest_e2e_${suffix}`, amount: 25, type: "adjustment", description: "A gift for the digest" },
    yesterday,
  );
  await setDigestFrequency(store, member.uid, "daily");
  // This hour's digest run is over (it ran at the server's first tick): the next tick runs it again.
  await store.delete("digest_runs/hourly");

  await expect.poll(() => inbox.to(member.email).length, MAIL_ARRIVES).toBe(1);
  const mail = inbox.to(member.email)[0]!;
  expect(mail.subject).toMatch(/^Your SkillSwap digest for \w+day \d+ \w+$/);
  expect(mail.text).toContain(`Hello ${member.fullName},`);
  expect(mail.text).toContain("SP received\n- 25 SP in 1 payment:");
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const link = /^<(\S+)>$/.exec(mail.headers["list-unsubscribe"] ?? "")?.[1];
  expect(link, JSON.stringify(mail.headers)).toBeTruthy();
  expect(new URL(link!).pathname).toBe("/digest/unsubscribe");
  unsubscribeUrl = link!;
  const period = new Date(yesterday).toISOString().slice(0, 10);
  expect((await store.get(`digests/${member.uid}_daily_${period}`))?.data).toMatchObject({ state: "queued" });
  await expect
    .poll(async () => (await store.get(`mail_jobs/digest_${member.uid}_daily_${period}`))?.data.state)
    .toBe("sent");
});

test("the unsubscribe link opened signed out asks first, then turns the digest off", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(unsubscribeUrl);
  await expect(page.getByRole("heading", { name: "Unsubscribe from the digest?" })).toBeVisible();
  expect(await digestOf(member.uid)).toBe("daily"); // opening the link changes nothing
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await expect(page.getByText("You will get no more digest e-mails.")).toBeVisible();
  expect(await digestOf(member.uid)).toBe("off");
  expect(await digestOf(other.uid)).toBe("daily");
  await context.close();
});

test("a forged link and a link altered to name another member change nothing and say so", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const url = new URL(unsubscribeUrl);
  const token = url.searchParams.get("token")!;
  const [version, uid, ...rest] = token.split(".");
  expect(uid).toBe(member.uid);
  const signature = rest.pop()!;
  const forged = `${version}.${uid}.${rest.join(".")}.${signature.slice(0, -4)}AAAA`;
  const forOther = `${version}.${other.uid}.${rest.join(".")}.${signature}`;
  await setDigestFrequency(app().store, member.uid, "weekly");
  for (const bad of [forged, forOther]) {
    url.searchParams.set("token", bad);
    const answer = await page.goto(url.toString());
    expect(answer?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "This link can't be used" })).toBeVisible();
    await expect(page.getByText("This unsubscribe link is not valid, so nothing was changed.")).toBeVisible();
    // Its POST (what the page's button or a mail client would send) is refused too.
    const post = await page.request.post(url.toString(), { form: { "List-Unsubscribe": "One-Click" } });
    expect(post.status()).toBe(400);
  }
  expect(await digestOf(member.uid)).toBe("weekly");
  expect(await digestOf(other.uid)).toBe("daily");
  await context.close();
});

test("RFC 8058's one-click POST turns the digest off, with no session and no Origin", async ({ playwright }) => {
  expect(await digestOf(member.uid)).toBe("weekly");
  // A mail provider's server: no cookies, no Origin header, the body RFC 8058 prescribes.
  const provider = await playwright.request.newContext();
  const answer = await provider.fetch(unsubscribeUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(answer.status()).toBe(200);
  expect(await digestOf(member.uid)).toBe("off");
  expect(await digestOf(other.uid)).toBe("daily");
  await provider.dispose();
});

test("the unsubscribe page speaks the visitor's language (Arabic chosen before, right to left)", async ({
  browser,
}) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: "lang", value: "ar", url: app().origin }]);
  const page = await context.newPage();
  await page.goto(unsubscribeUrl);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "هل تريد إلغاء الاشتراك في الملخّص؟" })).toBeVisible();
  await expect(page.getByRole("button", { name: "ألغِ الاشتراك" })).toBeVisible();
  await context.close();
});
