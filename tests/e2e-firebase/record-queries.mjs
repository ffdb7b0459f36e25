// Preloaded into the Firebase-mode server by serve.ts (node --import): every query the server's
// firebase-admin sends to Firestore (get, transaction read, listener) is appended, once per shape,
// to $E2E_FIREBASE_QUERY_LOG as {collectionId, structuredQuery}. Google's emulator serves a query
// that production would refuse for want of a composite index; the suite's last project checks
// each logged query against firebase/firestore.indexes.json (required-indexes.check.ts).
import { appendFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const log = process.env.E2E_FIREBASE_QUERY_LOG;
if (!log) throw new Error("record-queries.mjs needs E2E_FIREBASE_QUERY_LOG");

const require = createRequire(import.meta.url);
// The same module instance firebase-admin loads (CommonJS caches by file).
const main = require.resolve("@google-cloud/firestore", { paths: [process.cwd()] });
// The package first: its modules require each other in an order that query.js alone breaks.
require(main);
const { Query } = require(path.join(path.dirname(main), "reference", "query.js"));

const seen = new Set();
const toStructuredQuery = Query.prototype.toStructuredQuery;
Query.prototype.toStructuredQuery = function recordedStructuredQuery(...args) {
  const structuredQuery = toStructuredQuery.apply(this, args);
  // The shape only: values (uids, times) and cursors do not change which index a query needs.
  const line = JSON.stringify({ source: "server", structuredQuery }, (key, value) =>
    key === "value" || key === "startAt" || key === "endAt" ? undefined : value,
  );
  if (!seen.has(line)) {
    seen.add(line);
    appendFileSync(log, `${line}\n`);
  }
  return structuredQuery;
};
