import { requestBooking, applyCommand } from "~/features/bookings/bookings.server";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { openChat, sendMessage } from "~/features/chat/chat.server";
import { getUser } from "~/documents/users";
import { createUser, signInAs, skipLocalOnboarding } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { expect, test, type Locator } from "./support/test";

/**
 * Issue 30, stored texts (decisions 060, 069): a notice is stored as a kind and its parameters and
 * read in the reader's language whenever it is read; an e-mail is written in its recipient's
 * language, never the sender's.
 */

const suffix = () => Math.random().toString(36).slice(2, 8);

test("a notification created while the member used English reads in Arabic after the switch", async ({
  browser,
  baseURL,
}) => {
  const store = e2eStore();
  const member = await createUser({ fullName: `Nadia Notice ${suffix()}` });
  const sender = await createUser({ fullName: `Samir Sender ${suffix()}` });
  // The first message of a conversation is a bell notice, written while the member reads English.
  const chatId = await openChat(store, sender.uid, member.uid);
  await sendMessage(store, sender.uid, chatId, "Hello, are you free on Friday?");

  const context = await browser.newContext({ extraHTTPHeaders: { "Accept-Language": "en-GB,en" } });
  await signInAs(context, member, baseURL!);
  const page = await context.newPage();
  await skipLocalOnboarding(page, member.uid);
  await page.goto("/notifications");
  const notice = page.getByTestId("notification").first();
  await expect(notice.getByRole("link")).toHaveText(`Unread: New message from ${sender.fullName}`);

  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Language" });
  await section.getByLabel("Language").selectOption("ar");
  await section.getByRole("button", { name: "Change language" }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect((await getUser(store, member.uid))?.language).toBe("ar");

  await page.goto("/notifications");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page).toHaveTitle("الإشعارات · SkillSwap");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("الإشعارات");
  await expect(notice.getByRole("link")).toHaveText(`غير مقروء: رسالة جديدة من ${sender.fullName}`);
  // The message itself is the sender's words: shown as written, never translated.
  const body = notice.getByText("Hello, are you free on Friday?");
  await expect(body).toHaveAttribute("translate", "no");
  await expect(notice.getByRole("button", { name: "تعليم كمقروء" })).toBeVisible();
  await expect(page.getByRole("button", { name: "تعليم الكل كمقروء" })).toBeEnabled();
  // The stored document still carries its English words beside the kind, for readers that show them.
  const [doc] = await store.query<{ kind: string; title: string }>({
    collection: `notifications/${member.uid}/messages`,
    where: [["type", "==", "message"]],
  });
  expect(doc?.data).toMatchObject({
    kind: "chat_first_message",
    title: `New message from \u2068${sender.fullName}\u2069`,
  });
  await context.close();
});

test("an Arabic member reads a Latin name with digits inside <bdi> in every notice, loaded and live (decision 109)", async ({
  browser,
  baseURL,
}) => {
  const store = e2eStore();
  const member = await createUser({ fullName: `Amal Arabic ${suffix()}`, profile: { language: "ar" } });
  const ahmed = await createUser({ fullName: `Ahmed 42 ${suffix()}` });
  const leo = await createUser({ fullName: `Leo 7 ${suffix()}` });
  await sendMessage(store, ahmed.uid, await openChat(store, ahmed.uid, member.uid), "Marhaba");

  const context = await browser.newContext();
  await signInAs(context, member, baseURL!);
  const page = await context.newPage();
  await skipLocalOnboarding(page, member.uid);
  /** The notice's link: the name is a <bdi> of its own, and no isolate mark is left in the text. */
  const expectIsolated = async (link: Locator, name: string) => {
    await expect(link.locator("bdi")).toHaveText(name);
    expect(await link.textContent()).not.toMatch(/[\u2066-\u2069]/);
  };

  await page.goto("/notifications");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const notice = page.getByTestId("notification").first().getByRole("link");
  await expect(notice).toHaveText(`غير مقروء: رسالة جديدة من ${ahmed.fullName}`);
  await expectIsolated(notice, ahmed.fullName);

  await page.goto("/dashboard");
  const activity = (name: string) => page.getByTestId("activity-list").getByRole("link").filter({ hasText: name });
  await expect(activity(ahmed.fullName)).toHaveText(`رسالة جديدة من ${ahmed.fullName}`);
  await expectIsolated(activity(ahmed.fullName), ahmed.fullName);
  // A notice that arrives while the page is open, named by the live stream.
  await sendMessage(store, leo.uid, await openChat(store, leo.uid, member.uid), "Hi");
  await expect(activity(leo.fullName)).toHaveText(`رسالة جديدة من ${leo.fullName}`);
  await expectIsolated(activity(leo.fullName), leo.fullName);
  await context.close();
});

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));

async function mailsTo(email: string) {
  const docs = await e2eStore().query<{ subject: string; text: string; html?: string }>({
    collection: "outbox",
    where: [["to", "==", email]],
  });
  return docs.map((d) => d.data);
}

test("a booking e-mail goes out in the recipient's language", async () => {
  // Two mails, each waiting for a timed-work tick (every 5 s) on a loaded machine.
  test.setTimeout(90_000);
  const store = e2eStore();
  // She reads Spanish; he never chose, so he reads English.
  const mentor = await createUser({
    fullName: `Elena Correo ${suffix()}`,
    profile: { language: "es", timezone: "UTC", skillsOffered: [{ tag: "chess", label: "Chess", level: "expert" }] },
  });
  const learner = await createUser({ fullName: `Mark Mail ${suffix()}`, profile: { timezone: "UTC" } });
  await saveAvailability(store, mentor.uid, { timezone: "UTC", weekly: EVERY_DAY, exceptions: [] });
  await saveRates(store, mentor.uid, { chess: 20 });
  const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 48 * 3_600_000;
  const booking = await requestBooking(store, {
    learnerUid: learner.uid,
    mentorUid: mentor.uid,
    skillTag: "chess",
    start,
    durationMinutes: 60,
  });

  // The request reaches her in Spanish, though he wrote it in English.
  await expect.poll(async () => (await mailsTo(mentor.email)).length, { timeout: 30_000 }).toBe(1);
  const [request] = await mailsTo(mentor.email);
  // Chess is a built-in skill: named in her language (decision 086).
  expect(request!.subject).toMatch(/^Nueva solicitud de sesión: Ajedrez el /);
  expect(request!.text).toContain(`Hola, ${mentor.fullName}:`);
  expect(request!.text).toContain(`\u2068${learner.fullName}\u2069 te pide una sesión de Ajedrez de 60 minutos`);
  expect(request!.text).not.toContain("Hello");

  // Her acceptance reaches him in English.
  await applyCommand(store, booking.id, { uid: mentor.uid }, { kind: "accept" });
  await expect.poll(async () => (await mailsTo(learner.email)).length, { timeout: 30_000 }).toBe(1);
  const [accepted] = await mailsTo(learner.email);
  expect(accepted!.subject).toBe(`\u2068${mentor.fullName}\u2069 accepted your Chess session`);
  expect(accepted!.text).toContain(`Hello ${learner.fullName},`);
  expect(accepted!.text).toContain(
    `\u2068${mentor.fullName}\u2069 accepted your request for a 60-minute Chess session on`,
  );
});
