/**
 * ESLint rule `local/no-import-cycle`: no module of app/ may import, directly or through others, a
 * module that imports it back. Every import counts: value and `import type`, `export … from`,
 * `import()` and `typeof import()`. (eslint-plugin-import's `import/no-cycle` skips type-only
 * imports, so a type one way and a lazy `import()` the other, as engine/auth/browser-forms.client
 * and engine/firebase/browser-auth.client had, passes it; decision 030.)
 *
 * The graph is app/'s files as saved, read with TypeScript's own import scanner and resolver (so
 * `~/` paths resolve as tsconfig.json says), built once and rebuilt when a file under app/ changes.
 * The file being linted is taken as ESLint has it (an editor's unsaved text, a test's lintText):
 * an import of it to G makes a cycle when G reaches it in the saved graph.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const SOURCE = /\.(ts|tsx|js|jsx|mjs)$/;
/** How long a built graph is trusted before the files' times are looked at again. */
const RECHECK_MS = 1_000;

/** @type {Map<string, { root: string, options: ts.CompilerOptions, cache: ts.ModuleResolutionCache, graph?: Graph }>} */
const projects = new Map();

/**
 * @typedef {{ files: Map<string, number>, imports: Map<string, Set<string>>, importers: Map<string, Set<string>>, checkedAt: number }} Graph
 */

function projectFor(root) {
  let project = projects.get(root);
  if (!project) {
    const configPath = path.join(root, "tsconfig.json");
    const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
    const { options } = ts.convertCompilerOptionsFromJson(config?.compilerOptions ?? {}, root, configPath);
    const cache = ts.createModuleResolutionCache(root, (name) => name, options);
    project = { root, options, cache };
    projects.set(root, project);
  }
  return project;
}

function listSources(dir, into = new Map()) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) listSources(file, into);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) into.set(file, fs.statSync(file).mtimeMs);
  }
  return into;
}

/** The app files that `text` (the source of `file`) imports, with where each import is written. */
function importsOf(project, appDir, file, text) {
  const found = [];
  for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
    const resolved = ts.resolveModuleName(ref.fileName, file, project.options, ts.sys, project.cache).resolvedModule
      ?.resolvedFileName;
    if (!resolved || resolved.endsWith(".d.ts")) continue;
    const target = path.resolve(resolved);
    if (target.startsWith(appDir + path.sep)) found.push({ target, pos: ref.pos, end: ref.end });
  }
  return found;
}

function sameFiles(a, b) {
  if (a.size !== b.size) return false;
  for (const [file, mtime] of a) if (b.get(file) !== mtime) return false;
  return true;
}

/** @returns {Graph} */
function graphOf(project, appDir) {
  const now = Date.now();
  const graph = project.graph;
  if (graph && now - graph.checkedAt < RECHECK_MS) return graph;
  const files = listSources(appDir);
  if (graph && sameFiles(graph.files, files)) {
    graph.checkedAt = now;
    return graph;
  }
  /** @type {Graph} */
  const built = { files, imports: new Map(), importers: new Map(), checkedAt: now };
  for (const file of files.keys()) {
    const targets = new Set(importsOf(project, appDir, file, fs.readFileSync(file, "utf8")).map((i) => i.target));
    built.imports.set(file, targets);
    for (const target of targets) {
      if (!built.importers.has(target)) built.importers.set(target, new Set());
      built.importers.get(target).add(file);
    }
  }
  project.graph = built;
  return built;
}

/** Every file from which `file` can be reached in the saved graph. */
function reaching(graph, file) {
  const seen = new Set();
  const queue = [file];
  while (queue.length > 0) {
    for (const importer of graph.importers.get(queue.shift()) ?? []) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return seen;
}

/** The shortest way from `start` back to `file`, through files that reach it. */
function pathBack(graph, start, file, reach) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    for (const next of graph.imports.get(at) ?? []) {
      if (next === file) {
        const way = [next, at];
        for (let step = cameFrom.get(at); step; step = cameFrom.get(step)) way.push(step);
        return way.reverse();
      }
      if (reach.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, at);
        queue.push(next);
      }
    }
  }
  return [start, file];
}

export const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import cycles among app/'s modules, type-only and dynamic imports included." },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const appDir = path.join(root, "app");
    const file = path.resolve(context.physicalFilename);
    if (!file.startsWith(appDir + path.sep)) return {};
    return {
      "Program:exit"() {
        const project = projectFor(root);
        const graph = graphOf(project, appDir);
        const reach = reaching(graph, file);
        const { sourceCode } = context;
        const reported = new Set();
        for (const { target, pos, end } of importsOf(project, appDir, file, sourceCode.text)) {
          if (target !== file && !reach.has(target)) continue;
          if (reported.has(target)) continue;
          reported.add(target);
          const way = (target === file ? [file, file] : [file, ...pathBack(graph, target, file, reach)]).map((f) =>
            path.relative(appDir, f),
          );
          context.report({
            loc: { start: sourceCode.getLocFromIndex(pos), end: sourceCode.getLocFromIndex(end) },
            message: `Import cycle: ${way.join(" → ")}. Move what both sides need into a module that imports neither.`,
          });
        }
      },
    };
  },
};

export default { meta: { name: "skillswap-local" }, rules: { "no-import-cycle": noImportCycle } };
