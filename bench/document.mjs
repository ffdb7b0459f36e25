// What the benchmarks accept as a rendered page (issue 28). A page whose render the server cut off
// (entry.server.tsx aborts what is still waiting for data after 5 s) still answers 200, because its
// shell and status went out first; what is missing shows only in the body. Such an answer is a
// failure, not a request served.

/** Remix writes this last, once the loader data has all been streamed into the document. */
const DATA_COMPLETE = "window.__remixContext.streamController.close()";
/** React's instruction to render a Suspense boundary in the browser: the server gave up on it (aborted or failed). */
const BOUNDARY_GIVEN_UP = "$RX(";

/** Whether an HTML body is a whole page: all its loader data streamed, no boundary given up. */
export function isWholeDocument(body) {
  return typeof body === "string" && body.includes(DATA_COMPLETE) && !body.includes(BOUNDARY_GIVEN_UP);
}
