import type { Browser } from "@playwright/test";
import { expect, test } from "./support/test";
import { member, open, PHONE } from "./support/members";
import type { TestUser } from "./support/fixtures";
import { e2eStore } from "./support/store";

/**
 * /matches on a phone: after hydration a card is drawn again only when what it shows changes
 * (issue 28, decision 120). The live stream's first values (the header's and the cards' presence,
 * as the loader read them) and lazy route discovery's patch of the router drew every card again,
 * most of the page's components, in the seconds a phone's main thread is busiest.
 */

/**
 * Runs before the page's scripts: counts, per React commit, the match cards drawn in it and the cards'
 * Save forms drawn in it.
 */
function countCardDraws() {
  type Fiber = {
    tag: number;
    type: unknown;
    flags: number;
    memoizedProps: Record<string, unknown> | null;
    return: Fiber | null;
    child: Fiber | null;
    sibling: Fiber | null;
  };
  const HOST_COMPONENT = 5;
  const PERFORMED_WORK = 1;
  const draws: number[] = [];
  const saveFormDraws: number[] = [];
  const events: string[] = [];
  let previous = new WeakSet<Fiber>();
  (window as unknown as { cardDraws: number[]; liveEvents: string[] }).cardDraws = draws;
  (window as unknown as { cardDraws: number[]; liveEvents: string[] }).liveEvents = events;
  (window as unknown as { saveFormDraws: number[] }).saveFormDraws = saveFormDraws;
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      // A fiber object not in the last commit's tree that performed work was rendered in this one;
      // a subtree React skipped keeps its objects (and their old flags) from before.
      const seen = new WeakSet<Fiber>();
      let drawn = 0;
      let formsDrawn = 0;
      const walk = (fiber: Fiber | null) => {
        for (let f = fiber; f; f = f.sibling) {
          seen.add(f);
          const host = f.tag === HOST_COMPONENT;
          // An element is drawn when the component that returned it rendered: its nearest ancestor that is not an element.
          let owner = f.return;
          while (owner && owner.tag === HOST_COMPONENT) owner = owner.return;
          const rendered = Boolean(owner && !previous.has(owner) && owner.flags & PERFORMED_WORK);
          // A card is the <article> named by its heading, match-{uid} (decision 205: no test id).
          const card = f.type === "article" && String(f.memoizedProps?.["aria-labelledby"]).startsWith("match-");
          if (host && rendered && card) drawn++;
          if (host && rendered && f.memoizedProps?.action === "/saved") formsDrawn++;
          walk(f.child);
        }
      };
      walk(root.current);
      previous = seen;
      draws.push(drawn);
      saveFormDraws.push(formsDrawn);
    },
  };
  // The live feeds' events as they arrive (the embedded transport listens by feed name).
  const NativeEventSource = window.EventSource;
  const CountingEventSource = function (url: string | URL, init?: EventSourceInit) {
    const source = new NativeEventSource(url, init);
    const listen = source.addEventListener.bind(source) as (
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions,
    ) => void;
    source.addEventListener = ((
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions,
    ) =>
      listen(
        type,
        (event) => {
          events.push(type);
          if (typeof listener === "function") listener(event);
          else listener.handleEvent(event);
        },
        options,
      )) as typeof source.addEventListener;
    return source;
  };
  // Its constants (EventSource.CLOSED) as the transport reads them.
  Object.setPrototypeOf(CountingEventSource, NativeEventSource);
  window.EventSource = CountingEventSource as unknown as typeof EventSource;
}

/**
 * Three teachers of a new skill and a learner who wants it; the learner's /matches on a phone, its
 * draws counted from the first commit, after the router took the routes its links lead to.
 */
async function threeTeachersMatched(browser: Browser, baseURL: string, skillName: string, teacherName: string) {
  const id = Math.random().toString(36).slice(2, 8);
  const skill = `${skillName} ${id}`;
  const names = [1, 2, 3].map((n) => `${teacherName} ${n} ${id}`);
  const teachers: TestUser[] = [];
  for (const name of names) teachers.push(await member(name, [skill]));
  const learner = await member(`Lena Listening ${id}`, [], [skill]);

  const page = await open(browser, learner, baseURL, "", PHONE);
  await page.addInitScript(countCardDraws);
  const discovered = page.waitForResponse((response) => new URL(response.url()).pathname === "/__manifest");
  await page.goto(`/matches?skill=${encodeURIComponent(skill)}`);
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(3);
  return { names, teachers, learner, page, cards, discovered };
}

test("a card is drawn again only when what it shows changes", async ({ browser, baseURL }) => {
  const { names, teachers, page, cards, discovered } = await threeTeachersMatched(
    browser,
    baseURL!,
    "Harp tuning",
    "Tara Tuner",
  );
  // A card's one image: its member's picture, named by their presence (decision 205).
  const dot = (name: string) => cards.filter({ hasText: name }).getByRole("img");
  for (const name of names) await expect(dot(name)).toHaveAttribute("data-online", "false");

  // The stream has confirmed what the page shows (the wallet, the bell, the cards' presence) and
  // the router has taken the routes the page's links lead to.
  await discovered;
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { liveEvents: string[] }).liveEvents))
    .toEqual(expect.arrayContaining(["wallet", "notifications", expect.stringMatching(/^presence:/)]));

  // The second teacher opens SkillSwap: their card's dot turns green, live.
  const teacherPage = await open(browser, teachers[1], baseURL!, "/dashboard", PHONE);
  await expect(dot(names[1])).toHaveAttribute("data-online", "true");
  await expect(dot(names[0])).toHaveAttribute("data-online", "false");
  await expect(dot(names[2])).toHaveAttribute("data-online", "false");

  // Hydration drew the three cards; since then only the card whose member came online was drawn.
  const draws = await page.evaluate(() => (window as unknown as { cardDraws: number[] }).cardDraws);
  const hydration = draws.findIndex((n) => n > 0);
  expect(draws[hydration]).toBe(3);
  expect(draws.slice(hydration + 1).reduce((sum, n) => sum + n, 0)).toBe(1);

  // A card's name is a plain <a> that the page takes into the app, as Remix's Link did (decision
  // 188): the member's page comes without loading another document.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await cards.filter({ hasText: names[0] }).getByRole("link", { name: names[0] }).click();
  await page.waitForURL(`**/members/${teachers[0].uid}`);
  await expect(page.getByRole("heading", { level: 1, name: names[0] })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await teacherPage.context().close();
  await page.context().close();
});

test("saving one match draws that card's actions alone while it posts, and stores it", async ({ browser, baseURL }) => {
  const { names, teachers, learner, page, cards, discovered } = await threeTeachersMatched(
    browser,
    baseURL!,
    "Lute stringing",
    "Sami Strings",
  );
  await discovered;
  // Without JavaScript the Save button posts its own form to /saved.
  const card = cards.filter({ hasText: names[1] });
  await expect(card.locator("form").first()).toHaveAttribute("action", "/saved");
  await expect(card.locator("form").first()).toHaveAttribute("method", "post");

  // The save is held on its way to the server, so the page stays in its posting state.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/saved*", async (route) => {
    await held;
    await route.continue();
  });
  const before = await page.evaluate(() => (window as unknown as { saveFormDraws: number[] }).saveFormDraws.length);
  await card.getByRole("button", { name: `Save \u2068${names[1]}\u2069` }).click();
  await expect(card.getByRole("button", { name: `Saved \u2068${names[1]}\u2069`, pressed: true })).toBeVisible();
  for (const other of [names[0], names[2]])
    await expect(
      cards.filter({ hasText: other }).getByRole("button", { name: `Save \u2068${other}\u2069` }),
    ).toHaveAttribute("aria-pressed", "false");
  const posting = await page.evaluate(
    (from) => (window as unknown as { saveFormDraws: number[] }).saveFormDraws.slice(from),
    before,
  );
  expect(posting.reduce((sum, n) => sum + n, 0)).toBe(1);

  release();
  await expect
    .poll(async () => Boolean(await e2eStore().get(`users/${learner.uid}/saved/${teachers[1].uid}`)))
    .toBe(true);
  await expect(card.getByRole("button", { name: `Saved \u2068${names[1]}\u2069`, pressed: true })).toBeVisible();
  await page.context().close();
});
