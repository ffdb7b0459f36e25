import { PassThrough } from "node:stream";
import { Suspense, createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { isWholeDocument } from "./document.mjs";

/** Renders a page with a boundary that waits on `data`, aborting after `abortAfterMs` as entry.server.tsx does. */
function render(data: Promise<string>, abortAfterMs: number): Promise<string> {
  // React 18 suspends a component that throws a promise until it settles.
  let value: string | undefined;
  const settled = data.then((v) => void (value = v));
  function Waits() {
    if (value === undefined) throw settled;
    return createElement("p", null, value);
  }
  const page = createElement(
    "html",
    null,
    createElement(
      "body",
      null,
      createElement(Suspense, { fallback: createElement("p", null, "Loading…") }, createElement(Waits)),
      createElement("script", {
        dangerouslySetInnerHTML: { __html: "window.__remixContext.streamController.close();" },
      }),
    ),
  );
  return new Promise((resolve, reject) => {
    const body = new PassThrough();
    let html = "";
    body.on("data", (chunk: Buffer) => (html += chunk.toString()));
    body.on("end", () => resolve(html));
    const { pipe, abort } = renderToPipeableStream(page, {
      onShellReady: () => pipe(body),
      onShellError: reject,
      onError: () => {},
    });
    setTimeout(abort, abortAfterMs);
  });
}

describe("isWholeDocument", () => {
  it("accepts a page whose data came in time", async () => {
    const html = await render(new Promise((resolve) => setTimeout(() => resolve("ready"), 5)), 500);
    expect(html).toContain("ready");
    expect(isWholeDocument(html)).toBe(true);
  });

  it("refuses a page cut off by the abort timer, though its status went out as 200", async () => {
    const html = await render(new Promise<string>(() => {}), 20);
    expect(isWholeDocument(html)).toBe(false);
  });

  it("refuses a body without the end of the loader data", () => {
    expect(isWholeDocument("<!DOCTYPE html><html><body><main>half a page")).toBe(false);
  });
});
