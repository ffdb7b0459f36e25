import { expect, test } from "./support/test";
import { member, open, PHONE } from "./support/members";

/**
 * /matches on a phone: after hydration a card is drawn again only when what it shows changes
 * (issue 28, decision 120). The live stream's first values (the header's and the cards' presence,
 * as the loader read them) and lazy route discovery's patch of the router drew every card again,
 * most of the page's components, in the seconds a phone's main thread is busiest.
 */

/** Runs before the page's scripts: counts, per React commit, the match cards drawn in it. */
function countCardDraws() {
  type Fiber = {
    tag: number;
    flags: number;
    memoizedProps: Record<string, unknown> | null;
    return: Fiber | null;
    child: Fiber | null;
    sibling: Fiber | null;
  };
  const HOST_COMPONENT = 5;
  const PERFORMED_WORK = 1;
  const draws: number[] = [];
  const events: string[] = [];
  let previous = new WeakSet<Fiber>();
  (window as unknown as { cardDraws: number[]; liveEvents: string[] }).cardDraws = draws;
  (window as unknown as { cardDraws: number[]; liveEvents: string[] }).liveEvents = events;
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
      const walk = (fiber: Fiber | null) => {
        for (let f = fiber; f; f = f.sibling) {
          seen.add(f);
          const card = f.tag === HOST_COMPONENT && f.memoizedProps?.["data-testid"] === "match-card";
          if (card && f.return && !previous.has(f.return) && f.return.flags & PERFORMED_WORK) drawn++;
          walk(f.child);
        }
      };
      walk(root.current);
      previous = seen;
      draws.push(drawn);
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

test("a card is drawn again only when what it shows changes", async ({ browser, baseURL }) => {
  const id = Math.random().toString(36).slice(2, 8);
  const skill = `Harp tuning ${id}`;
  const names = [1, 2, 3].map((n) => `Tara Tuner ${n} ${id}`);
  const teachers = [];
  for (const name of names) teachers.push(await member(name, [skill]));
  const learner = await member(`Lena Listening ${id}`, [], [skill]);

  const page = await open(browser, learner, baseURL!, "", PHONE);
  await page.addInitScript(countCardDraws);
  const discovered = page.waitForResponse((response) => new URL(response.url()).pathname === "/__manifest");
  await page.goto(`/matches?skill=${encodeURIComponent(skill)}`);
  const cards = page.getByTestId("match-card");
  await expect(cards).toHaveCount(3);
  const dot = (name: string) => cards.filter({ hasText: name }).getByTestId("presence-dot");
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

  await teacherPage.context().close();
  await page.context().close();
});
