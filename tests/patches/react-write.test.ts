// The patch of decision 122: react-dom's server renderer joins the document's chunks (every tag,
// attribute and text is one) as a string and encodes it once per 2 KB, instead of encoding each chunk
// on its own into a 2 KB view. The page's bytes are unchanged. Both builds the server can load are
// checked: production (what the production server runs) and development (what tests run).
import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import type { ReactNode } from "react";
import type { PipeableStream, RenderToPipeableStreamOptions } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

type ServerBuild = {
  renderToPipeableStream: (children: ReactNode, options?: RenderToPipeableStreamOptions) => PipeableStream;
};

const require = createRequire(import.meta.url);
const React = require("react") as typeof import("react");
const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");
const cjs = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs");
const builds: Record<string, ServerBuild> = {
  production: require(path.join(cjs, "react-dom-server.node.production.min.js")) as ServerBuild,
  development: require(path.join(cjs, "react-dom-server.node.development.js")) as ServerBuild,
};

const h = React.createElement;
/** A page of a few thousand chunks: rows of attributes and texts, some not ASCII (Arabic, an emoji, "é"). */
function Page({ rows }: { rows: number }) {
  return h(
    "main",
    { className: "page", "data-testid": "page" },
    h("h1", null, "Réunion · اجتماع · 🎸"),
    h(
      "ul",
      null,
      Array.from({ length: rows }, (_, i) =>
        h(
          "li",
          { key: i, id: `row-${i}`, className: "row", title: `Row ${i} — ٣` },
          h("a", { href: `/members/${i}` }, "Member ", i),
          h("span", { dir: "auto" }, i % 3 === 0 ? "مرحبا 👋" : "Zoë"),
        ),
      ),
    ),
  );
}

/** Renders into a Writable; resolves with every write's bytes once the stream ends. */
function render(build: ServerBuild, children: ReactNode): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const writes: Uint8Array[] = [];
    const destination = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        writes.push(new Uint8Array(chunk));
        done();
      },
    });
    destination.on("finish", () => resolve(writes));
    const { pipe } = build.renderToPipeableStream(children, {
      onAllReady: () => pipe(destination),
      onShellError: reject,
    });
  });
}

const text = (writes: Uint8Array[]) => Buffer.concat(writes).toString("utf8");

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(Object.entries(builds))("patched document writing (%s build)", (_name, build) => {
  it("writes the same document as renderToString, every character intact", async () => {
    const writes = await render(build, h(Page, { rows: 300 }));
    expect(text(writes)).toBe(renderToString(h(Page, { rows: 300 })));
    expect(text(writes)).toContain('<span dir="auto">مرحبا 👋</span>');
  });

  it("encodes the document once per 2 KB, not once per chunk", async () => {
    const encodeInto = vi.spyOn(TextEncoder.prototype, "encodeInto");
    const encode = vi.spyOn(TextEncoder.prototype, "encode");
    const writes = await render(build, h(Page, { rows: 300 }));
    const bytes = Buffer.concat(writes).byteLength;
    // About 3,300 chunks in 40 KB: one encoding per write, each write 2 KB or more but the last.
    expect(bytes).toBeGreaterThan(30_000);
    // Counts, not the calls: a failure printing thousands of byte views would take minutes.
    expect(encodeInto.mock.calls.length).toBe(0);
    expect(encode.mock.calls.length).toBe(writes.length);
    expect(writes.length).toBeLessThanOrEqual(Math.ceil(bytes / 2048));
    for (const write of writes.slice(0, -1)) expect(write.byteLength).toBeGreaterThanOrEqual(2048);
  });

  it("writes what a suspended part renders later after the shell, as before", async () => {
    let reveal = () => {};
    const later = new Promise<void>((resolve) => (reveal = resolve));
    let ready = false;
    function Late() {
      if (!ready) throw later.then(() => void (ready = true));
      return h("p", null, "Arrivé · وصل");
    }
    const writes = new Promise<string[]>((resolve, reject) => {
      const parts: string[] = [];
      const destination = new Writable({
        write(chunk: Uint8Array, _encoding, done) {
          parts.push(Buffer.from(chunk).toString("utf8"));
          done();
        },
      });
      destination.on("finish", () => resolve(parts));
      const { pipe } = build.renderToPipeableStream(
        h("div", null, h("h1", null, "Shell"), h(React.Suspense, { fallback: h("i", null, "…") }, h(Late))),
        { onShellReady: () => (pipe(destination), reveal()), onShellError: reject },
      );
    });
    const parts = await writes;
    expect(parts[0]).toContain("<h1>Shell</h1>");
    expect(parts[0]).not.toContain("Arrivé");
    expect(parts.join("")).toContain("<p>Arrivé · وصل</p>");
  });
});
