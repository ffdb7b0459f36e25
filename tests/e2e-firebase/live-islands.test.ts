/**
 * The browser's live islands in Firebase mode (issue 27; decision 004): two members in two browser
 * contexts on Google's Firestore emulator with the project's rules. What changes on B's page
 * without a reload comes from B's own Firestore listeners: the server's live stream (/api/live) is
 * cut off in B's context, and the listen targets are read on the wire. B's page, using the
 * Firebase SDK itself, is refused another member's wallet and any write to its own.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { bookingPath } from "~/documents/bookings";
import { PRESENCE_LEASE_MS } from "~/documents/status";
import type { DocStore } from "~/engine/store/types";
import { applyCommand, requestBooking } from "~/features/bookings/bookings.server";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { openChat } from "~/features/chat/chat.server";
import { getBalance } from "~/features/wallet/ledger.server";
import { emulatorStore } from "./emulators";
import { listensToDocument, listenTargets, recordRequests } from "./listen";
import { createMember, openAs } from "./members";
import { SDK_BASE, serveSdk } from "./page-sdk";

const HOUR = 3_600_000;
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));

let store: DocStore;
test.beforeAll(async () => {
  store = await emulatorStore();
});
test.afterAll(async () => {
  await store.close();
});

/**
 * B's page with the server's live stream cut off: every request to /api/live fails, so whatever
 * changes on it live can only come from its Firestore listeners. A marker on the window shows the
 * page was never reloaded.
 */
async function withoutServerStream(page: Page): Promise<void> {
  await page.route("**/api/live**", (route) => route.abort("connectionrefused"));
}

const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test("B's header balance rises live from its Firestore wallet listener when A confirms the session B taught", async ({
  browser,
  baseURL,
}) => {
  const a = await createMember(store, "Ana Learner");
  const b = await createMember(store, "Bo Mentor", {
    timezone: "UTC",
    skillsOffered: [{ tag: "spanish", label: "Spanish", level: "expert" }],
  });
  await saveAvailability(store, b.uid, { timezone: "UTC", weekly: EVERY_DAY, exceptions: [] });
  await saveRates(store, b.uid, { spanish: 40 });
  // A books B for an hour the day after tomorrow, B accepts; then as if the hour had just passed, B confirms.
  const start = Math.ceil(Date.now() / HOUR) * HOUR + 48 * HOUR;
  const booking = await requestBooking(store, {
    learnerUid: a.uid,
    mentorUid: b.uid,
    skillTag: "spanish",
    start,
    durationMinutes: 60,
  });
  await applyCommand(store, booking.id, { uid: b.uid }, { kind: "accept" });
  await store.update(bookingPath(booking.id), { start: Date.now() - 2 * HOUR, end: Date.now() - HOUR });
  await applyCommand(store, booking.id, { uid: b.uid }, { kind: "confirm" });
  expect(await getBalance(store, b.uid)).toBe(200);

  const bPage = await openAs(browser, b, baseURL!);
  await withoutServerStream(bPage);
  const bRequests = recordRequests(bPage);
  await bPage.goto("/dashboard");
  const balance = bPage.getByTestId("wallet-balance");
  await expect(balance).toHaveText("200 SP");
  await expect
    .poll(() => listensToDocument(bRequests, `wallets/${b.uid}`), {
      timeout: 30_000,
      message: "B's page listens to B's wallet document",
    })
    .toBe(true);
  await markDocument(bPage);

  // A confirms in A's own browser: the hold is released to B.
  const aPage = await openAs(browser, a, baseURL!);
  await aPage.goto(`/session/${booking.id}`);
  await aPage.getByRole("button", { name: "Confirm completion" }).click();
  await expect(aPage.getByTestId("session-state")).toHaveText("Completed");
  expect(await getBalance(store, b.uid)).toBe(240);

  // A listener's change crosses the emulator and two busy cores: give it the time a person would.
  await expect(balance).toHaveText("240 SP", { timeout: 30_000 });
  expect(await sameDocument(bPage), "B's page was not reloaded").toBe(true);
  await Promise.all([aPage.context().close(), bPage.context().close()]);
});

test("a message from A raises B's unread dot live, from B's Firestore listeners on its chats", async ({
  browser,
  baseURL,
}) => {
  const a = await createMember(store, "Ari Sender");
  const b = await createMember(store, "Bea Reader");
  const chatId = await openChat(store, a.uid, b.uid);

  const bPage = await openAs(browser, b, baseURL!);
  await withoutServerStream(bPage);
  const bRequests = recordRequests(bPage);
  await bPage.goto("/dashboard");
  // The main navigation, one landmark at every width (decision 175).
  const dot = bPage.getByRole("navigation", { name: "Main", exact: true }).getByTestId("chat-dot");
  await expect(bPage.getByRole("heading", { level: 1 })).toBeVisible();
  await expect
    .poll(() => listenTargets(bRequests).some((t) => t.query?.structuredQuery.from[0]?.collectionId === "chats"), {
      timeout: 30_000,
      message: "B's page listens to the chats B takes part in",
    })
    .toBe(true);
  await expect(dot).toHaveCount(0);
  await markDocument(bPage);

  const aPage = await openAs(browser, a, baseURL!);
  await aPage.goto(`/inbox/${chatId}`);
  await aPage.getByRole("textbox", { name: "Message" }).fill("Hola Bea, shall we swap?");
  await aPage.getByRole("button", { name: "Send", exact: true }).click();
  await expect(aPage.getByTestId("message")).toHaveCount(1);

  await expect(dot).toBeVisible({ timeout: 30_000 });
  await expect(dot).toHaveAccessibleName("Unread messages");
  expect(await sameDocument(bPage), "B's page was not reloaded").toBe(true);
  await Promise.all([aPage.context().close(), bPage.context().close()]);
});

test("A closes the tab and B sees A offline within the presence lease, from B's Firestore listener on A's status", async ({
  browser,
  baseURL,
}) => {
  const a = await createMember(store, "Ada Leaving");
  const b = await createMember(store, "Bob Watching");
  const aPage = await openAs(browser, a, baseURL!);
  await aPage.goto("/dashboard");

  const bPage = await openAs(browser, b, baseURL!);
  await withoutServerStream(bPage);
  const bRequests = recordRequests(bPage);
  await bPage.goto(`/members/${a.uid}`);
  const seen = bPage.getByRole("main").getByText(/^(Online|Offline|Last seen .*)$/);
  // A's open page beats its lease; B's page reads A as online.
  await expect(seen).toHaveText("Online", { timeout: 30_000 });
  await expect
    .poll(() => listensToDocument(bRequests, `status/${a.uid}`), {
      timeout: 30_000,
      message: "B's page listens to A's status document",
    })
    .toBe(true);
  await markDocument(bPage);

  // A closes the tab: no goodbye is sent, the lease runs out. B's page says so by itself.
  await aPage.context().close();
  const closedAt = Date.now();
  await expect(seen).toHaveText("Last seen just now", { timeout: PRESENCE_LEASE_MS + 10_000 });
  const offlineAfter = Date.now() - closedAt;
  test
    .info()
    .annotations.push({ type: "offline after", description: `${offlineAfter} ms (lease ${PRESENCE_LEASE_MS} ms)` });
  expect(offlineAfter, "B sees A offline within the lease").toBeLessThanOrEqual(PRESENCE_LEASE_MS);
  // The presence is the picture's image, named by the last-seen words (decision 205).
  await expect(bPage.getByRole("main").getByRole("img", { name: "Last seen just now" }).first()).toHaveAttribute(
    "data-online",
    "false",
  );
  expect(await sameDocument(bPage), "B's page was not reloaded").toBe(true);
  await bPage.context().close();
});

test("B's page, using the Firebase SDK itself, is refused A's wallet and any write to its own", async ({
  browser,
  baseURL,
}) => {
  const a = await createMember(store, "Abe Owner");
  const b = await createMember(store, "Bex Intruder");
  const bPage = await openAs(browser, b, baseURL!);
  await serveSdk(bPage);
  await bPage.goto("/dashboard");
  await expect(bPage.getByTestId("wallet-balance")).toHaveText("200 SP");

  const outcome = await bPage.evaluate(
    async ({ base, other }) => {
      type Sdk = Record<string, (...args: unknown[]) => unknown>;
      const load = (name: string) => import(`${base}/${name}.js`) as Promise<Sdk>;
      const [appSdk, authSdk, store] = await Promise.all([
        load("firebase-app"),
        load("firebase-auth"),
        load("firebase-firestore"),
      ]);
      // The web config and emulators the server gave this page, as the app's islands use them.
      const config = (
        window as unknown as {
          ENV: { FIREBASE: { apiKey: string; projectId: string; emulators: { auth: string; firestore: string } } };
        }
      ).ENV.FIREBASE;
      const app = appSdk.initializeApp!({ apiKey: config.apiKey, projectId: config.projectId }, "e2e-intruder");
      const auth = authSdk.getAuth!(app);
      authSdk.connectAuthEmulator!(auth, `http://${config.emulators.auth}`, { disableWarnings: true });
      const db = store.getFirestore!(app);
      const [host, port] = config.emulators.firestore.split(":");
      store.connectFirestoreEmulator!(db, host, Number(port));
      // Signed in as B, the way the app's islands are: a custom token from the server for this session.
      const response = await fetch("/api/custom-token", { method: "POST", credentials: "same-origin" });
      const { token, uid } = (await response.json()) as { token: string; uid: string };
      await authSdk.signInWithCustomToken!(auth, token);

      const attempt = async (run: () => unknown) => {
        try {
          await run();
          return "allowed";
        } catch (error) {
          return (error as { code?: string }).code ?? String(error);
        }
      };
      const wallet = (id: string) => store.doc!(db, "wallets", id);
      const ownRead = await attempt(async () => {
        const snapshot = (await store.getDoc!(wallet(uid))) as { get(field: string): unknown };
        if (snapshot.get("balance") !== 200) throw new Error(`read ${String(snapshot.get("balance"))}`);
      });
      return {
        uid,
        ownRead,
        otherRead: await attempt(() => store.getDoc!(wallet(other))),
        ownWrite: await attempt(() => store.setDoc!(wallet(uid), { balance: 1_000_000 })),
        ownUpdate: await attempt(() => store.updateDoc!(wallet(uid), { balance: 1_000_000 })),
        ownEntry: await attempt(() =>
          store.setDoc!(store.doc!(db, "wallets", uid, "transactions", "gift"), { amount: 1_000_000 }),
        ),
      };
    },
    { base: SDK_BASE, other: a.uid },
  );

  expect(outcome).toEqual({
    uid: b.uid,
    // The SDK reaches the emulator and may read what is B's: the refusals below are the rules'.
    ownRead: "allowed",
    otherRead: "permission-denied",
    ownWrite: "permission-denied",
    ownUpdate: "permission-denied",
    ownEntry: "permission-denied",
  });
  expect(await getBalance(store, b.uid)).toBe(200);
  expect(await getBalance(store, a.uid)).toBe(200);
  await bPage.context().close();
});
