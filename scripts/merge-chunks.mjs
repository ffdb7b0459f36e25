// Merges the build's shared chunks that are always loaded together into one file each, after
// `remix build` (decision 116). esbuild makes a chunk per set of entry points (the client entry, each
// route module, each dynamic import) that share a module, but a page loads its whole route chain at
// once: a chunk used by `_app` and `_app.matches` and one used by `_app` alone are fetched by
// exactly the same pages, yet are two requests. On a phone every request counts (Lighthouse's
// simulation replays each script that ended before the observed paint, decisions 092, 100, 108).
//
// Two chunks are merged only when the same pages load them (the same route chains and dynamic
// imports): no page loads a byte it did not load before, and the merged chunks cannot form an import
// cycle (a chunk between two members would be loaded by the same pages, so it is a member too).
// esbuild bundles each group's members into one file whose exports are the members' own, renamed
// `<name>$<member index>`; every file that imported a member imports the merged file instead. Each
// file whose content changed is named by its new content's hash (the build's files are cached as
// immutable), then the browser manifest and the server build's copy of it list the new files, as
// `remix build` would have written them (a route's imports without those of its entry and parents).
// Run by `npm run build` and by ensureBuild (scripts/lib/build.mjs), before the Brotli copies and the
// service worker. esbuild and es-module-lexer come with Remix's compiler.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { init, parse } from "es-module-lexer";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MANIFEST_PREFIX = "window.__remixManifest=";
const SERVER_MANIFEST = /^var assets_manifest_default = (.*);$/m;
const SHARED_CHUNK = /^\/build\/_shared\/chunk-[A-Z0-9]+\.js$/;
const HASHED_NAME = /-[A-Z0-9]{8}\.js$/;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
// A chunk this small (minified bytes) costs a page more as a request than as bytes (decision 130).
const SMALL_CHUNK_BYTES = 1024;
// What any page may download, in such chunks taken into a file it loads, without using it.
const UNUSED_BYTES_PER_PAGE = 2048;
// V8 compiles a function when it is first called, on the main thread, unless its file asks for all of
// its functions at once (Chromium 136+): then they compile while the file streams in, off the main
// thread. React DOM's CommonJS factory, one 139 KB function its chunk defines and another chunk
// calls, runs on every page load; compiled on its first call it was most of the largest evaluation
// task (decisions 170, 178). Only React DOM's file carries the hint: decision 183's A/B measured it
// there, and eagerly compiling files whose functions mostly run later would cost for nothing.
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
// React DOM's production build names itself to React's devtools hook; minifying keeps the property and the string.
const REACT_DOM = /rendererPackageName:"react-dom"/;
const wantsCompileHint = (source) => REACT_DOM.test(source) && !source.startsWith(COMPILE_HINT);

/** Eight base-32 characters of the content's SHA-256, as esbuild names its files. */
function contentHash(text) {
  const digest = createHash("sha256").update(text).digest();
  let hash = "";
  for (let i = 0; i < 8; i++) hash += BASE32[digest[i] % 32];
  return hash;
}

/** A build file's imports as es-module-lexer reads them: static ones and literal dynamic ones. */
function readModule(source) {
  const [imports, exports] = parse(source);
  return {
    source,
    imports: imports.filter((entry) => entry.n !== undefined),
    exports: exports.map((entry) => entry.n),
  };
}

/** `import{a as b,c}from"…"` or `import"…"`, as esbuild writes them: the names imported, or [] for none. */
function importedNames(statement, url) {
  const bare = /^import\s*["'][^"']+["'];?$/.exec(statement);
  if (bare) return [];
  const named = /^import\s*\{([^}]*)\}\s*from\s*["'][^"']+["'];?$/.exec(statement);
  if (!named) throw new Error(`merge-chunks: cannot rewrite the import of ${url}: ${statement}`);
  return named[1]
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [imported, local = imported] = item.split(/\s+as\s+/);
      return { imported, local };
    });
}

/**
 * The source with every import of a merged member pointed at its group's file (and its names
 * renamed as the group exports them), and every import of a renamed file at its new name.
 */
function rewriteImports(module, memberOf, finalUrl) {
  let source = module.source;
  // From the end, so that earlier positions stay valid.
  for (const entry of [...module.imports].sort((a, b) => b.ss - a.ss)) {
    const member = memberOf.get(entry.n);
    if (member && entry.d === -1) {
      const statement = source.slice(entry.ss, entry.se);
      const names = importedNames(statement, entry.n);
      const clause = names.length
        ? `{${names.map(({ imported, local }) => `${imported}$${member.index} as ${local}`).join(",")}}from`
        : "";
      source = `${source.slice(0, entry.ss)}import${clause}${JSON.stringify(finalUrl(member.group))}${source.slice(entry.se)}`;
    } else if (member) {
      throw new Error(`merge-chunks: ${entry.n} is imported dynamically; it cannot be merged`);
    } else if (finalUrl(entry.n) !== entry.n) {
      // A dynamic import's range holds the quotes too.
      const specifier = entry.d > -1 ? JSON.stringify(finalUrl(entry.n)) : finalUrl(entry.n);
      source = `${source.slice(0, entry.s)}${specifier}${source.slice(entry.e)}`;
    }
  }
  return source;
}

/** The files of `publicDir` that `urls` import, with everything they import in turn. */
function readGraph(publicDir, urls) {
  const modules = new Map();
  const dynamicTargets = new Set();
  const visit = (url) => {
    if (modules.has(url)) return;
    const module = readModule(readFileSync(path.join(publicDir, url), "utf8"));
    modules.set(url, module);
    for (const entry of module.imports) {
      if (entry.d > -1) dynamicTargets.add(entry.n);
      visit(entry.n);
    }
  };
  urls.forEach(visit);
  return { modules, dynamicTargets };
}

/** Every file a page of the route loads at once: the client entry, its route chain and their static imports. */
function staticClosure(modules, urls) {
  const seen = new Set();
  const visit = (url) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const entry of modules.get(url).imports) if (entry.d === -1) visit(entry.n);
  };
  urls.forEach(visit);
  return seen;
}

/** Whether a chunk's top-level code only defines: esbuild's tree shaking leaves nothing of it but its imports when none of its exports is used. */
async function definesOnly(publicDir, url) {
  const result = await build({
    stdin: { contents: `import${JSON.stringify(url)};`, loader: "js", resolveDir: publicDir },
    bundle: true,
    format: "esm",
    minify: true,
    write: false,
    logLevel: "silent",
    // As in bundleGroup: the package's "sideEffects": false would make every file look inert.
    ignoreAnnotations: true,
    plugins: [
      {
        name: "build-files",
        setup(plugin) {
          plugin.onResolve({ filter: /^\/build\// }, ({ path: imported }) =>
            imported === url ? { path: path.join(publicDir, url) } : { path: imported, external: true },
          );
        },
      },
    ],
  });
  const text = result.outputFiles[0].text;
  const [imports] = parse(text);
  let rest = text;
  for (const entry of [...imports].sort((x, y) => y.ss - x.ss)) rest = rest.slice(0, entry.ss) + rest.slice(entry.se);
  return rest.replace(/;/g, "").trim() === "";
}

/**
 * Shared chunks grouped by the pages that load them (decision 116), then each small chunk that only
 * defines taken into the group of a chunk loaded by more pages (decision 130): its host's pages
 * must include all of its own and already load everything it imports, and no page may download more
 * than `unusedBytesPerPage` of such chunks that it does not use. Only groups of two or more.
 *
 * No import cycle can appear but through a dynamic import's own file: a file between the chunk and
 * its host is loaded by every page of the host (the host's pages load all the chunk imports) and by
 * no other (it imports the host), so it is in the host's group unless a dynamic import names it;
 * and the host cannot reach the chunk, which fewer pages load. dependencyOrder stops the build on
 * such a cycle rather than leave it.
 */
async function groupChunks(manifest, modules, dynamicTargets, { publicDir, smallChunkBytes, unusedBytesPerPage }) {
  const chainOf = (id) => {
    const chain = [];
    for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) chain.unshift(route.module);
    return chain;
  };
  const loads = [
    ...Object.keys(manifest.routes).map((id) => staticClosure(modules, [manifest.entry.module, ...chainOf(id)])),
    ...[...dynamicTargets].map((url) => staticClosure(modules, [url])),
  ];
  const units = new Map();
  for (const url of [...modules.keys()].sort()) {
    if (!SHARED_CHUNK.test(url) || dynamicTargets.has(url)) continue;
    const pages = loads.flatMap((load, index) => (load.has(url) ? [index] : []));
    const key = pages.join(",");
    if (!units.has(key)) units.set(key, { pages, members: [] });
    units.get(key).members.push(url);
  }

  const unused = new Map();
  // The chunks loaded by most pages first: a host only ever takes chunks loaded by fewer pages than
  // itself, so a chunk is taken before it can become a host, and a host is never taken.
  const byPages = [...units].sort(([a, x], [b, y]) => y.pages.length - x.pages.length || (a < b ? -1 : 1));
  for (const [key, unit] of byPages) {
    const [url] = unit.members;
    if (unit.members.length > 1 || modules.get(url).source.length > smallChunkBytes) continue;
    const size = modules.get(url).source.length;
    const fits = (host) => {
      if (host === unit || !unit.pages.every((page) => host.pages.includes(page))) return false;
      const own = new Set(host.members);
      const needed = modules
        .get(url)
        .imports.filter((entry) => entry.d === -1 && !own.has(entry.n))
        .map((entry) => entry.n);
      if (!needed.every((dep) => host.pages.every((page) => loads[page].has(dep)))) return false;
      const extra = host.pages.filter((page) => !unit.pages.includes(page));
      return !extra.some((page) => (unused.get(page) ?? 0) + size > unusedBytesPerPage);
    };
    const candidates = [...units.values()].filter(fits).sort((a, b) => a.pages.length - b.pages.length);
    if (!candidates.length || !(await definesOnly(publicDir, url))) continue;
    const [host] = candidates;
    for (const page of host.pages) if (!unit.pages.includes(page)) unused.set(page, (unused.get(page) ?? 0) + size);
    host.members.push(url);
    units.delete(key);
  }
  return {
    groups: [...units.values()].map((unit) => unit.members).filter((members) => members.length > 1),
    taken: byPages.length - units.size,
    unusedBytes: Math.max(0, ...unused.values()),
  };
}

/** One file holding the group's members, each export renamed `<name>$<index>`; other imports left as they were. */
async function bundleGroup(publicDir, members, modules) {
  const entry = members
    .map((url, index) => {
      const names = modules.get(url).exports;
      return names.length
        ? `export{${names.map((name) => `${name} as ${name}$${index}`).join(",")}}from${JSON.stringify(url)};`
        : `import${JSON.stringify(url)};`;
    })
    .join("\n");
  const result = await build({
    stdin: { contents: entry, loader: "js", resolveDir: publicDir },
    bundle: true,
    format: "esm",
    minify: true,
    write: false,
    logLevel: "warning",
    // The build's files sit under this package, whose "sideEffects": false would let esbuild drop a
    // member imported only for its side effects.
    ignoreAnnotations: true,
    plugins: [
      {
        name: "build-files",
        setup(plugin) {
          plugin.onResolve({ filter: /^\/build\// }, ({ path: url }) =>
            members.includes(url) ? { path: path.join(publicDir, url) } : { path: url, external: true },
          );
        },
      },
    ],
  });
  return readModule(result.outputFiles[0].text);
}

/**
 * Each node after every node it leads to, depth first from each root in turn; `onCycle` hears of each
 * way back to a node still being visited.
 */
function postOrder(roots, next, onCycle) {
  const order = [];
  const state = new Map();
  const visit = (node) => {
    if (state.get(node) === "done") return;
    if (state.get(node) === "visiting") return onCycle(node);
    state.set(node, "visiting");
    for (const after of next(node)) visit(after);
    state.set(node, "done");
    order.push(node);
  };
  roots.forEach(visit);
  return order;
}

/** Files (and groups) in an order where each comes after everything it imports. */
function dependencyOrder(units, importsOf) {
  return postOrder(
    [...units].sort(),
    // A group's members import one another: those imports stay inside its file.
    (unit) => importsOf(unit).filter((next) => next !== unit && units.has(next)),
    (unit) => {
      throw new Error(`merge-chunks: an import cycle through ${unit}`);
    },
  );
}

/**
 * Every file after the files it imports (statically): the order in which a page evaluates them.
 * The page's inline script imports its files one at a time in the manifest's order (decision 178),
 * so each import evaluates one file in a task of its own, not a graph of them in one.
 */
function evaluationOrder(manifest, modules) {
  const order = postOrder(
    [manifest.entry.module, ...Object.values(manifest.routes).map((route) => route.module)],
    (url) => modules.get(url).imports.flatMap((entry) => (entry.d === -1 ? [entry.n] : [])),
    () => {}, // a cycle back to a file being visited ends there
  );
  return new Map(order.map((url, index) => [url, index]));
}

/**
 * Remix's own rule (@remix-run/dev's manifest): a route lists its direct imports, less its entry's and
 * parents'; here each list in evaluation order.
 */
function manifestImports(manifest, modules) {
  const rank = evaluationOrder(manifest, modules);
  const direct = (url) => {
    const list = [
      ...new Set(
        modules
          .get(url)
          .imports.filter((entry) => entry.d === -1)
          .map((entry) => entry.n),
      ),
    ].sort((a, b) => rank.get(a) - rank.get(b));
    return list.length ? list : undefined;
  };
  const entryImports = direct(manifest.entry.module) ?? [];
  const cache = new Map();
  const routeImports = (id) => {
    if (cache.has(id)) return cache.get(id);
    const route = manifest.routes[id];
    const parents = route.parentId ? [...entryImports, ...routeImports(route.parentId)] : entryImports;
    const own = (direct(route.module) ?? []).filter((url) => !parents.includes(url));
    cache.set(id, own);
    return own;
  };
  return {
    entry: { ...manifest.entry, imports: entryImports },
    routes: Object.fromEntries(
      Object.entries(manifest.routes).map(([id, route]) => {
        const imports = routeImports(id);
        return [id, { ...route, imports: imports.length ? imports : undefined }];
      }),
    ),
  };
}

export async function mergeChunks({
  publicDir = path.join(ROOT, "public"),
  serverBuild = path.join(ROOT, "build", "index.js"),
  smallChunkBytes = SMALL_CHUNK_BYTES,
  unusedBytesPerPage = UNUSED_BYTES_PER_PAGE,
} = {}) {
  await init;
  const buildDir = path.join(publicDir, "build");
  const manifestName = readdirSync(buildDir).find((name) => /^manifest-[0-9A-F]+\.js$/.test(name));
  if (!manifestName) throw new Error("merge-chunks: public/build has no manifest-<hash>.js: run `remix build` first.");
  const manifestText = readFileSync(path.join(buildDir, manifestName), "utf8");
  if (!manifestText.startsWith(MANIFEST_PREFIX))
    throw new Error(`merge-chunks: ${manifestName} is not a Remix manifest`);
  const manifest = JSON.parse(manifestText.slice(MANIFEST_PREFIX.length).replace(/;\s*$/, ""));

  const roots = [manifest.entry.module, ...Object.values(manifest.routes).map((route) => route.module)];
  const { modules, dynamicTargets } = readGraph(publicDir, roots);
  const { groups, taken, unusedBytes } = await groupChunks(manifest, modules, dynamicTargets, {
    publicDir,
    smallChunkBytes,
    unusedBytesPerPage,
  });
  const memberOf = new Map();
  groups.forEach((members, group) =>
    members.forEach((url, index) => memberOf.set(url, { group: `group:${group}`, index })),
  );
  const membersOf = new Map(groups.map((members, group) => [`group:${group}`, members]));

  // What each file or group imports, members read as their group.
  const unitOf = (url) => memberOf.get(url)?.group ?? url;
  const importsOf = (unit) =>
    (membersOf.get(unit) ?? [unit]).flatMap((url) => modules.get(url).imports.map((entry) => unitOf(entry.n)));
  // A file changes when it is a group, gets the compile hint, or imports a member or a file that changed.
  const changed = new Set(membersOf.keys());
  for (const [url, module] of modules) if (!memberOf.has(url) && wantsCompileHint(module.source)) changed.add(url);
  for (let grew = true; grew;) {
    grew = false;
    for (const url of modules.keys()) {
      if (memberOf.has(url) || changed.has(url)) continue;
      if (importsOf(url).some((unit) => changed.has(unit))) {
        changed.add(url);
        grew = true;
      }
    }
  }

  const finalUrls = new Map();
  const finalUrl = (unit) => finalUrls.get(unit) ?? unit;
  const written = new Map();
  for (const unit of dependencyOrder(changed, importsOf)) {
    const members = membersOf.get(unit);
    const module = members ? await bundleGroup(publicDir, members, modules) : modules.get(unit);
    const rewritten = rewriteImports(module, memberOf, finalUrl);
    const source = wantsCompileHint(rewritten) ? `${COMPILE_HINT}${rewritten}` : rewritten;
    if (!members && !HASHED_NAME.test(unit)) throw new Error(`merge-chunks: ${unit} has no content hash in its name`);
    const url = members
      ? `/build/_shared/chunk-${contentHash(source)}.js`
      : unit.replace(HASHED_NAME, `-${contentHash(source)}.js`);
    finalUrls.set(unit, url);
    written.set(url, readModule(source));
  }

  for (const unit of changed) {
    for (const url of membersOf.get(unit) ?? [unit]) {
      rmSync(path.join(publicDir, url));
      rmSync(path.join(publicDir, `${url}.br`), { force: true });
    }
  }
  for (const [url, module] of written) writeFileSync(path.join(publicDir, url), module.source);

  // The manifests, as `remix build` would have written them for these files.
  const finalModules = new Map([...[...modules].filter(([url]) => !changed.has(unitOf(url))), ...written]);
  const renamed = {
    entry: { ...manifest.entry, module: finalUrl(manifest.entry.module) },
    routes: Object.fromEntries(
      Object.entries(manifest.routes).map(([id, route]) => [id, { ...route, module: finalUrl(route.module) }]),
    ),
  };
  const { entry, routes } = manifestImports(renamed, finalModules);
  // Hexadecimal, as Remix writes it (the service worker's build reads it from the file's name).
  const version = createHash("sha256").update(JSON.stringify({ entry, routes })).digest("hex").slice(0, 8);
  const browserManifest = { ...manifest, entry, routes, version, url: `/build/manifest-${version.toUpperCase()}.js` };
  rmSync(path.join(buildDir, manifestName));
  rmSync(path.join(buildDir, `${manifestName}.br`), { force: true });
  writeFileSync(path.join(publicDir, browserManifest.url), `${MANIFEST_PREFIX}${JSON.stringify(browserManifest)};`);

  const server = readFileSync(serverBuild, "utf8");
  const literal = SERVER_MANIFEST.exec(server);
  if (!literal) throw new Error(`merge-chunks: ${serverBuild} holds no assets manifest`);
  const serverManifest = new Function(`return (${literal[1]});`)();
  const updated = {
    ...serverManifest,
    entry: { ...serverManifest.entry, ...entry },
    routes: Object.fromEntries(
      Object.entries(serverManifest.routes).map(([id, route]) => [id, { ...route, ...routes[id] }]),
    ),
    version,
    url: browserManifest.url,
  };
  writeFileSync(
    serverBuild,
    server.replace(SERVER_MANIFEST, () => `var assets_manifest_default = ${JSON.stringify(updated)};`),
  );

  return {
    groups: groups.length,
    merged: memberOf.size,
    taken,
    unusedBytes,
    files: modules.size,
    filesAfter: finalModules.size,
    compileHints: [...written.values()].filter((module) => module.source.startsWith(COMPILE_HINT)).length,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { groups, merged, taken, unusedBytes, files, filesAfter, compileHints } = await mergeChunks();
  console.log(
    `Chunks: ${merged} shared chunks merged into ${groups} (${taken} small ones into a file loaded by more pages, ` +
      `at most ${unusedBytes} bytes unused on a page); ${files} script files → ${filesAfter}; ` +
      `the compile hint written on ${compileHints} file(s)`,
  );
}
