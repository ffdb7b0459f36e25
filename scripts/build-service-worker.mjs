// Bundles the service worker (app/service-worker/index.ts) to public/sw.js after `remix build`
// (decision 045). Its version is the Remix build's (the hash in public/build/manifest-<hash>.js) and
// the worker's own code, so every deploy that changes either is a new worker with a new cache.
// Run by `npm run build` and by ensureBuild (scripts/lib/build.mjs); esbuild comes with Remix.
import { createHash } from "node:crypto";
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVICE_WORKER_FILE = path.join(ROOT, "public", "sw.js");

/** The Remix build's version, from the name of its browser manifest. */
function remixBuildVersion() {
  const dir = path.join(ROOT, "public", "build");
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    // no build yet
  }
  const manifest = names.find((name) => /^manifest-[0-9A-Fa-f]+\.js$/.test(name));
  if (!manifest) throw new Error("public/build has no manifest-<hash>.js: run `remix build` first.");
  return manifest.slice("manifest-".length, -".js".length).toLowerCase();
}

export async function buildServiceWorker() {
  const bundle = (version) =>
    build({
      entryPoints: [path.join(ROOT, "app", "service-worker", "index.ts")],
      bundle: true,
      format: "iife",
      target: "es2020",
      minify: true,
      write: false,
      define: { SW_VERSION: JSON.stringify(version) },
      logLevel: "warning",
      // package.json says "sideEffects": false for the app's tree-shaking; here `import "./push"` is
      // there for its side effects (h2's push handlers), so the annotation must not drop it.
      ignoreAnnotations: true,
    });
  // The code's own hash, taken with a placeholder version, joins the build's.
  const code = (await bundle("")).outputFiles[0].text;
  const codeHash = createHash("sha256").update(code).digest("hex").slice(0, 8);
  const version = `${remixBuildVersion()}-${codeHash}`;
  const output = (await bundle(version)).outputFiles[0].text;
  writeFileSync(SERVICE_WORKER_FILE, output);
  return version;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const version = await buildServiceWorker();
  console.log(`Service worker: public/sw.js, version ${version}`);
}
