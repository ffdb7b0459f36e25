/**
 * Runs after the whole Firebase-mode suite (its own project, which depends on the browser tests):
 * every query the server (record-queries.mjs) and the browsers' Firestore listeners (listen.ts)
 * sent to Google's emulator during the suite must have its composite index in
 * firebase/firestore.indexes.json. The emulator serves a query that Cloud Firestore would refuse
 * with FAILED_PRECONDITION "The query requires an index"; this is the check that fails instead.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { findIndex, queryOfStructured, requiredIndex, type CompositeIndex } from "../firebase/required-index";
import { queryLogFile, readQueryLog } from "./listen";

test("every query the suite sent to Firestore has its composite index in firestore.indexes.json", () => {
  const { indexes } = JSON.parse(readFileSync("firebase/firestore.indexes.json", "utf8")) as {
    indexes: CompositeIndex[];
  };
  const logged = readQueryLog(queryLogFile());
  const server = logged.filter((entry) => entry.source === "server");
  const browser = logged.filter((entry) => entry.source === "browser");
  // The suite signs in, books, chats and listens: both sides must have been recorded.
  expect(server.length, "queries recorded from the server").toBeGreaterThan(10);
  expect(browser.length, "listen queries recorded from the browsers").toBeGreaterThan(3);

  const missing = logged
    .map(({ source, structuredQuery }) => ({ source, query: queryOfStructured(structuredQuery) }))
    .filter(({ query }) => findIndex(indexes, query) === undefined)
    .map(({ source, query }) => `${source}: ${JSON.stringify(query)} needs ${JSON.stringify(requiredIndex(query))}`);
  expect([...new Set(missing)]).toEqual([]);
  const needing = logged.filter(({ structuredQuery }) => requiredIndex(queryOfStructured(structuredQuery)) !== null);
  test.info().annotations.push({
    type: "queries checked",
    description: `${server.length} server and ${browser.length} browser query shapes, ${needing.length} needing a composite index`,
  });
});
