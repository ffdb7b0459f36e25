/**
 * The Firebase-mode suite's `test`: Playwright's, with every page of the test's own context
 * logging the queries its Firestore SDK listens to (listen.ts, for required-indexes.check.ts);
 * contexts made with openAs (members.ts) log theirs too. Every page of every context, the test's
 * own and those it makes, waits for hydration after `goto` and `reload`, as the main suite's pages
 * do (tests/support/hydration.ts).
 */
import { test as base } from "@playwright/test";
import { markScriptless, prepareEveryNewContext, waitForHydrationInContext } from "../support/hydration";
import { logListenQueries } from "./listen";

export const test = base.extend<{ listenQueryLog: void }, { hydrationAwareContexts: void }>({
  listenQueryLog: [
    async ({ context, javaScriptEnabled }, use) => {
      logListenQueries(context);
      if (javaScriptEnabled === false) markScriptless(context);
      waitForHydrationInContext(context);
      await use();
    },
    { auto: true },
  ],
  hydrationAwareContexts: [
    async ({ browser }, use) => {
      prepareEveryNewContext(browser, waitForHydrationInContext);
      await use();
    },
    { scope: "worker", auto: true },
  ],
});

export { expect } from "@playwright/test";
