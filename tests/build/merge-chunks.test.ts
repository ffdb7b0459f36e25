import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build, type Metafile } from "esbuild";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMPILE_HINT, mergeChunks } from "../../scripts/merge-chunks.mjs";

/**
 * A small Remix-like build made by esbuild as `remix build` makes it (code splitting, the files named
 * by content hash under /build/, chunks importing one another by absolute URL), with a browser
 * manifest and a server build holding its copy.
 *
 * Pages: every route's chain starts at root, so a chunk root shares with one route is loaded by
 * every page, like the entry's. `lib/a` (root and one), `lib/c` (root and two), `lib/effect` (root,
 * one and two: a side effect, no exports) and `lib/shout` (the entry and three) are four chunks
 * loaded by exactly the same pages; `lib/b` (three and four) is loaded by two pages only, and
 * `lib/late` (four, and the page four imports when asked) by a dynamic import too.
 */
const SOURCES: Record<string, string> = {
  "entry.client.js": `import { shout } from "./lib/shout.js"; export const entry = shout("entry");`,
  "root.js": `import { a } from "./lib/a.js"; import { c } from "./lib/c.js"; import "./lib/effect.js"; export const root = a + c;`,
  "routes/one.js": `import { a } from "../lib/a.js"; import "../lib/effect.js"; export const one = a + "1";`,
  "routes/two.js": `import { c } from "../lib/c.js"; import "../lib/effect.js"; export const two = c + "2";`,
  "routes/three.js": `import { shout } from "../lib/shout.js"; import { b } from "../lib/b.js"; export const three = shout(b);`,
  "routes/four.js": `import { b } from "../lib/b.js"; import { late } from "../lib/late.js"; export const four = b + late; export const more = () => import("../lib/more.js");`,
  "lib/a.js": `export const a = "a";`,
  "lib/b.js": `export const b = "b";`,
  "lib/c.js": `export const c = "c";`,
  "lib/effect.js": `globalThis.mergeFixtureEffects = (globalThis.mergeFixtureEffects ?? 0) + 1;`,
  "lib/shout.js": `export const shout = (text) => text.toUpperCase() + "!";`,
  "lib/late.js": `export const late = "late";`,
  "lib/more.js": `import { late } from "./late.js"; export const more = late + "r";`,
};
const ROUTES = { root: undefined, "routes/one": "root", "routes/two": "root", "routes/three": "root", "routes/four": "root" };

let dir: string;
let publicDir: string;
let serverBuild: string;

async function remixLikeBuild(sources = SOURCES) {
  const appDir = path.join(dir, "app");
  for (const [file, source] of Object.entries(sources)) {
    mkdirSync(path.dirname(path.join(appDir, file)), { recursive: true });
    writeFileSync(path.join(appDir, file), source);
  }
  const { metafile } = await build({
    entryPoints: ["entry.client.js", ...Object.keys(ROUTES).map((id) => `${id}.js`)].map((file) => path.join(appDir, file)),
    outdir: path.join(publicDir, "build"),
    outbase: appDir,
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    entryNames: "[dir]/[name]-[hash]",
    chunkNames: "_shared/[name]-[hash]",
    publicPath: "/build/",
    absWorkingDir: dir,
    metafile: true,
    logLevel: "silent",
  });
  // Remix's manifest: each output's import statements, without those of its entry and parents.
  const outputs = Object.entries((metafile as Metafile).outputs);
  const output = (source: string) => {
    const [file, meta] = outputs.find(([, meta]) => meta.entryPoint === `app/${source}`)!;
    const url = `/build/${path.relative(path.join(publicDir, "build"), path.join(dir, file))}`;
    return { url, imports: meta.imports.filter((i) => i.kind === "import-statement").map((i) => `/build/${path.relative(path.join(publicDir, "build"), path.join(dir, i.path))}`) };
  };
  const entry = output("entry.client.js");
  const routes = Object.fromEntries(
    Object.entries(ROUTES).map(([id, parentId]) => {
      const { url, imports } = output(`${id}.js`);
      const inherited = [...entry.imports, ...(parentId ? output(`${parentId}.js`).imports : [])];
      const own = imports.filter((i) => !inherited.includes(i));
      return [id, { id, parentId, path: id === "root" ? "" : id.slice("routes/".length), module: url, imports: own.length ? own : undefined, hasLoader: true }];
    }),
  );
  const manifest = { entry: { module: entry.url, imports: entry.imports }, routes, version: "0123abcd", url: "/build/manifest-0123ABCD.js" };
  writeFileSync(path.join(publicDir, manifest.url), `window.__remixManifest=${JSON.stringify(manifest)};`);
  // The server build writes `void 0` for what the browser's JSON leaves out.
  const literal = JSON.stringify(manifest).replace(/"parentId":null/g, "").replace(/"imports":null/g, '"imports":void 0');
  mkdirSync(path.dirname(serverBuild), { recursive: true });
  writeFileSync(serverBuild, `var before = 1;\nvar assets_manifest_default = ${literal};\nexport { assets_manifest_default as assets };\n`);
  return manifest;
}

type Manifest = Awaited<ReturnType<typeof remixLikeBuild>>;

function browserManifest(): Manifest {
  const name = readdirSync(path.join(publicDir, "build")).find((file) => file.startsWith("manifest-"))!;
  const text = readFileSync(path.join(publicDir, "build", name), "utf8");
  return JSON.parse(text.slice("window.__remixManifest=".length, -1));
}

/** What a page of the route gets: the entry and its route chain evaluated in one module graph, as the browser does. */
async function openPage(manifest: Manifest, id: keyof typeof ROUTES) {
  const chain: string[] = [];
  for (let route: string | undefined = id; route; route = ROUTES[route as keyof typeof ROUTES]) chain.unshift(manifest.routes[route].module);
  const program = [manifest.entry.module, ...chain].map((url, i) => `export * as m${i} from ${JSON.stringify(url)};`).join("\n");
  const result = await build({
    stdin: { contents: program, resolveDir: publicDir },
    bundle: true,
    format: "esm",
    write: false,
    logLevel: "silent",
    plugins: [{ name: "build", setup: (b) => b.onResolve({ filter: /^\/build\// }, ({ path: url }) => ({ path: path.join(publicDir, url) })) }],
  });
  (globalThis as { mergeFixtureEffects?: number }).mergeFixtureEffects = 0;
  const page = await import(`data:text/javascript,${encodeURIComponent(result.outputFiles[0].text)}`);
  return { ...page, effects: (globalThis as { mergeFixtureEffects?: number }).mergeFixtureEffects };
}

/** What one page fetches at once: the entry and its route chain, with their imports. */
const fetched = (manifest: Manifest, id: keyof typeof ROUTES) =>
  new Set([manifest.entry.module, ...manifest.entry.imports, manifest.routes.root.module, ...(manifest.routes.root.imports ?? []), ...(id === "root" ? [] : [manifest.routes[id].module, ...(manifest.routes[id].imports ?? [])])]);

const filesIn = (folder: string) => readdirSync(path.join(publicDir, "build", folder)).sort();

/** Builds the fixture, merges with `options`, and checks that every page's modules give the same values, the side effect run once. */
async function expectPagesToRunAsBefore(options: Parameters<typeof mergeChunks>[0]) {
  const before = await remixLikeBuild();
  const pages = Object.keys(ROUTES) as (keyof typeof ROUTES)[];
  const expected = [];
  for (const id of pages) expected.push(await openPage(before, id));
  await mergeChunks({ publicDir, serverBuild, ...options });
  const after = browserManifest();
  for (const [i, id] of pages.entries()) {
    const page = await openPage(after, id);
    // Functions compared by what they return, below.
    expect(JSON.stringify(page)).toBe(JSON.stringify(expected[i]));
    expect(page.effects).toBe(1);
  }
  const four = await openPage(after, "routes/four");
  expect((await four.m2.more()).more).toBe("later");
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "merge-chunks-"));
  publicDir = path.join(dir, "public");
  serverBuild = path.join(dir, "build", "index.js");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// Decision 116's rule alone: no chunk counts as small, so none is taken into another's file.
const SAME_PAGES_ONLY = { smallChunkBytes: 0 };

describe("merge-chunks (decision 116)", () => {
  it("makes one file of the chunks every page loads, and leaves the chunks some pages do not load", async () => {
    const before = await remixLikeBuild();
    expect(filesIn("_shared")).toHaveLength(7);

    const result = await mergeChunks({ publicDir, serverBuild, ...SAME_PAGES_ONLY });

    expect(result).toMatchObject({ groups: 1, merged: 4 });
    // a, c, effect and shout are one file; b, late and the dynamic import's own file stay.
    expect(filesIn("_shared")).toHaveLength(4);
    const after = browserManifest();
    expect(fetched(before, "routes/three").size).toBe(8);
    expect(fetched(after, "routes/three").size).toBe(5);
  });

  it("every page still runs as before: each module's values, the side effect once", async () => {
    await expectPagesToRunAsBefore(SAME_PAGES_ONLY);
  });

  it("names every changed file by its content, in the manifest the browser and the server read", async () => {
    const before = await remixLikeBuild();
    await mergeChunks({ publicDir, serverBuild, ...SAME_PAGES_ONLY });
    const after = browserManifest();

    // Files that import a merged chunk changed, so they have new names; the others keep theirs.
    expect(after.entry.module).not.toBe(before.entry.module);
    expect(after.routes["routes/four"].module).toBe(before.routes["routes/four"].module);
    expect(after.version).toMatch(/^[0-9a-f]{8}$/);
    expect(after.version).not.toBe(before.version);
    expect(after.url).toBe(`/build/manifest-${after.version.toUpperCase()}.js`);
    expect(filesIn(".").filter((file) => file.startsWith("manifest-"))).toEqual([after.url.slice("/build/".length)]);
    const urls = [after.entry.module, ...after.entry.imports, ...Object.values(after.routes).flatMap((r) => [r.module, ...(r.imports ?? [])])];
    for (const url of urls) expect(() => readFileSync(path.join(publicDir, url))).not.toThrow();
    expect(JSON.stringify(filesIn("_shared"))).not.toContain(path.basename(before.entry.imports[0]));

    const server = readFileSync(serverBuild, "utf8");
    expect(server).toMatch(/^var before = 1;$/m);
    const { assets } = await import(`data:text/javascript,${encodeURIComponent(server)}`);
    expect(assets.entry).toEqual(after.entry);
    expect(assets.routes).toEqual(JSON.parse(JSON.stringify(after.routes)));
    expect(assets.url).toBe(after.url);
  });

  it("lists every file after the files it imports, the order a page's inline script imports them in (decision 178)", async () => {
    // y is loaded by pages two to four, x (which imports y) by three and four: page three's route
    // lists both, and its import of x comes first.
    await remixLikeBuild({
      ...SOURCES,
      "routes/two.js": `import { c } from "../lib/c.js"; import { y } from "../lib/y.js"; import "../lib/effect.js"; export const two = c + y;`,
      "routes/three.js": `import { shout } from "../lib/shout.js"; import { x } from "../lib/x.js"; import { y } from "../lib/y.js"; export const three = shout(x() + y);`,
      "routes/four.js": `import { b } from "../lib/b.js"; import { x } from "../lib/x.js"; import { late } from "../lib/late.js"; export const four = b + x() + late; export const more = () => import("../lib/more.js");`,
      "lib/x.js": `import { y } from "./y.js"; export const x = () => "x" + y;`,
      "lib/y.js": `export const y = "y";`,
    });
    await mergeChunks({ publicDir, serverBuild, ...SAME_PAGES_ONLY });
    const after = browserManifest();
    const importsOf = (url: string) => [...readFileSync(path.join(publicDir, url), "utf8").matchAll(/import(?:\{[^}]*\}from)?"([^"]+)"/g)].map(([, imported]) => imported);
    const reaches = (from: string, to: string): boolean => importsOf(from).some((url) => url === to || reaches(url, to));
    const lists = [after.entry.imports, ...Object.values(after.routes).map((route) => route.imports ?? [])];
    const three = after.routes["routes/three"].imports ?? [];
    expect(three.some((url) => three.some((other) => reaches(url, other)))).toBe(true);
    for (const list of lists) for (const [i, url] of list.entries()) for (const later of list.slice(i + 1)) expect(reaches(url, later)).toBe(false);
  });

  it("a second run changes nothing", async () => {
    await remixLikeBuild();
    await mergeChunks({ publicDir, serverBuild });
    const first = browserManifest();
    expect(await mergeChunks({ publicDir, serverBuild })).toMatchObject({ groups: 0, merged: 0 });
    expect(browserManifest()).toEqual(first);
  });
});

describe("merge-chunks: small chunks (decision 130)", () => {
  it("takes a small chunk that only defines into a file loaded by more pages, within the bytes a page may leave unused", async () => {
    const before = await remixLikeBuild();
    const b = readFileSync(path.join(publicDir, before.routes["routes/three"].imports![0]), "utf8");
    expect(b).toMatch(/^var \w+="b";export\{\w+ as \w+\};?\n?$/);

    const result = await mergeChunks({ publicDir, serverBuild });

    // b (pages three and four) goes into the file every page loads; late, which the page four
    // imports on demand also loads, has no such file and stays.
    expect(result).toMatchObject({ groups: 1, merged: 5, taken: 1, unusedBytes: b.length });
    expect(filesIn("_shared")).toHaveLength(3);
    const after = browserManifest();
    expect(fetched(before, "routes/three").size).toBe(8);
    expect(fetched(after, "routes/three").size).toBe(4);
    expect(fetched(after, "routes/four").size).toBe(5);
    // Root, one and two download b's bytes without using them: one page may leave no fewer unused.
    await remixLikeBuild();
    expect(await mergeChunks({ publicDir, serverBuild, unusedBytesPerPage: b.length - 1 })).toMatchObject({ merged: 4, taken: 0 });
  });

  it("every page still runs as before with the small chunk taken", async () => {
    await expectPagesToRunAsBefore({});
  });

  it("takes a small chunk only into a file whose pages all load what it imports", async () => {
    // b (three, four) needs d (one to four), which goes into the file every page loads; late (three,
    // four and the file four imports on demand) is loaded by fewer pages, but not by every page that
    // loads d: b must go where d went, and the file imported on demand must not bring d.
    await remixLikeBuild({
      ...SOURCES,
      "routes/one.js": `import { a } from "../lib/a.js"; import { d } from "../lib/d.js"; import "../lib/effect.js"; export const one = a + d;`,
      "routes/two.js": `import { c } from "../lib/c.js"; import { d } from "../lib/d.js"; import "../lib/effect.js"; export const two = c + d;`,
      "routes/three.js": `import { shout } from "../lib/shout.js"; import { b } from "../lib/b.js"; import { late } from "../lib/late.js"; export const three = shout(b() + late);`,
      "lib/b.js": `import { d } from "./d.js"; export const b = () => "b" + d;`,
      "lib/d.js": `export const d = "d";`,
    });
    expect(await mergeChunks({ publicDir, serverBuild })).toMatchObject({ taken: 2 });
    const onDemand = filesIn("_shared").find((file) => file.startsWith("more-"))!;
    const loaded = new Set<string>();
    const load = (url: string) => {
      if (loaded.has(url)) return;
      loaded.add(url);
      for (const [, imported] of readFileSync(path.join(publicDir, url), "utf8").matchAll(/from"([^"]+)"/g)) load(imported);
    };
    load(`/build/_shared/${onDemand}`);
    expect([...loaded].map((url) => readFileSync(path.join(publicDir, url), "utf8")).join("\n")).not.toContain('"d"');
  });

  it("leaves a small chunk that does something when loaded where it was", async () => {
    await remixLikeBuild({ ...SOURCES, "lib/b.js": `globalThis.mergeFixtureB = true; export const b = "b";` });
    expect(await mergeChunks({ publicDir, serverBuild })).toMatchObject({ merged: 4, taken: 0 });
    expect(filesIn("_shared")).toHaveLength(4);
  });
});

describe("merge-chunks: V8's compile hint (decision 183)", () => {
  // What React DOM's production build holds and no other file of ours: its name for React's devtools hook.
  const REACT_DOM_LIKE = `globalThis.mergeFixtureRenderer = { bundleType: 0, rendererPackageName: "react-dom" }; export const b = "b";`;
  const hinted = () =>
    ["", "_shared", "routes"].flatMap((folder) =>
      filesIn(folder)
        .filter((file) => file.endsWith(".js"))
        .map((file) => `/build/${folder ? `${folder}/` : ""}${file}`)
        .filter((url) => readFileSync(path.join(publicDir, url), "utf8").startsWith(COMPILE_HINT)),
    );

  it("is the first line of React DOM's file and of no other, which is named by its new content", async () => {
    const before = await remixLikeBuild({ ...SOURCES, "lib/b.js": REACT_DOM_LIKE });
    const [reactDom] = before.routes["routes/three"].imports!.filter((url) =>
      readFileSync(path.join(publicDir, url), "utf8").includes('rendererPackageName:"react-dom"'),
    );
    expect(reactDom).toBeDefined();
    await mergeChunks({ publicDir, serverBuild, ...SAME_PAGES_ONLY });
    const after = browserManifest();
    const hint = hinted();
    expect(hint).toHaveLength(1);
    expect(hint[0]).not.toBe(reactDom);
    expect(after.routes["routes/three"].imports).toContain(hint[0]);
    expect(after.routes["routes/four"].imports).toContain(hint[0]);
    // The files importing it have new names too (they are cached as immutable).
    expect(after.routes["routes/four"].module).not.toBe(before.routes["routes/four"].module);
    expect(readFileSync(path.join(publicDir, after.routes["routes/four"].module), "utf8")).toContain(hint[0]);
    // A second run neither writes it twice nor renames anything.
    await mergeChunks({ publicDir, serverBuild, ...SAME_PAGES_ONLY });
    expect(browserManifest()).toEqual(after);
    expect(readFileSync(path.join(publicDir, hint[0]), "utf8").split(COMPILE_HINT)).toHaveLength(2);
  });

  it("is the first line of the merged file when React DOM's chunk is merged with others", async () => {
    await remixLikeBuild({ ...SOURCES, "lib/a.js": `globalThis.mergeFixtureRenderer = { rendererPackageName: "react-dom" }; export const a = "a";` });
    await mergeChunks({ publicDir, serverBuild, ...SAME_PAGES_ONLY });
    const after = browserManifest();
    expect(hinted()).toEqual(after.entry.imports);
  });
});
