/**
 * The Firebase-mode suite's `test`: Playwright's, with every page of the test's own context
 * logging the queries its Firestore SDK listens to (listen.ts, for required-indexes.check.ts).
 * Contexts made with openAs (members.ts) log theirs too.
 */
import { test as base } from "@playwright/test";
import { logListenQueries } from "./listen";

export const test = base.extend<{ listenQueryLog: void }>({
  listenQueryLog: [
    async ({ context }, use) => {
      logListenQueries(context);
      await use();
    },
    { auto: true },
  ],
});

export { expect } from "@playwright/test";
