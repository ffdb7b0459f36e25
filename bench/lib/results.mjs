// A benchmark's figures saved for later comparison: bench/results/<name>-<time>.json.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const RESULTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "results");

/** Writes `figures` as JSON under bench/results and answers the file's path. */
export function saveResults(name, figures) {
  mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify(figures, null, 2));
  return file;
}
