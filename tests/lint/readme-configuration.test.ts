/**
 * README.md's "Configuration" against the code: one list item per variable the server reads (the
 * schema of app/utils/env.server.ts, and what server.mjs, cluster.mjs or app/ read from
 * process.env themselves), each default as the schema has it, and lines short enough to read in a
 * terminal (issue 25, item 10: the old table had become one block 600 characters wide).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES, parseEnv } from "~/utils/env.server";

const ROOT = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** The text under `## Configuration`, up to the next heading. */
function configurationSection(readme: string): string {
  const start = readme.indexOf("\n## Configuration\n");
  if (start < 0) throw new Error('README.md has no "## Configuration" section');
  const body = readme.slice(start + "\n## Configuration\n".length);
  const next = body.search(/^#{1,3} /m);
  return next < 0 ? body : body.slice(0, next);
}

/** Each `- \`NAME\`: …` item of the section, by name, with its text (continuation lines included). */
function documentedVariables(section: string): [Map<string, string>, Map<string, string>] {
  const items = section.split(/\n(?=- )/).filter((item) => item.startsWith("- `"));
  const byName = new Map<string, string>();
  const repeated = new Map<string, string>();
  for (const item of items) {
    const name = /^- `([A-Z][A-Z0-9_]*)`:/.exec(item)?.[1];
    if (!name) continue;
    (byName.has(name) ? repeated : byName).set(name, item.replace(/\s+/g, " "));
  }
  return [byName, repeated];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** What the server reads: the schema's variables, and any `process.env.NAME` of the server's own code. */
function variablesTheServerReads(): Set<string> {
  const names = new Set(ENV_VARIABLES);
  for (const file of ["server.mjs", "cluster.mjs", ...sourceFiles("app")]) {
    for (const match of read(file).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(match[1]);
  }
  return names;
}

describe("README.md's configuration", () => {
  const section = configurationSection(read("README.md"));
  const [documented, repeated] = documentedVariables(section);

  it("describes every variable the server reads, once, and none that it does not", () => {
    const reads = variablesTheServerReads();
    expect(reads.size).toBeGreaterThan(30);
    expect([...reads].filter((name) => !documented.has(name)).sort(), "read but not in the README").toEqual([]);
    expect([...documented.keys()].filter((name) => !reads.has(name)).sort(), "in the README but not read").toEqual([]);
    expect([...repeated.keys()], "described twice").toEqual([]);
  });

  it("gives each default as the schema has it", () => {
    const defaults = Object.entries(parseEnv({})).filter(([, value]) => typeof value !== "boolean");
    expect(defaults.map(([name]) => name).sort()).toEqual(
      [
        "BACKEND",
        "DATA_DIR",
        "ICE_SERVERS",
        "MAIL_RETENTION_DAYS",
        "NODE_ENV",
        "NOTIFICATION_RETENTION_DAYS",
        "PORT",
        "SESSION_COOKIE_DAYS",
        "SIGN_UPS_PER_HOUR",
      ].sort(),
    );
    for (const [name, value] of defaults) {
      const shown = typeof value === "string" || typeof value === "number" ? String(value) : JSON.stringify(value);
      expect(documented.get(name) ?? "", name).toContain(`Default \`${shown}\``);
    }
  });

  it("names only variables the server reads in the Cloud Run deployment's list", () => {
    const readme = read("README.md");
    const start = readme.indexOf("\n### Environment variables\n");
    expect(start).toBeGreaterThan(0);
    const list = readme.slice(start + 1).split(/\n#{1,3} /)[0];
    const named = [...list.matchAll(/`([A-Z][A-Z0-9_]{2,})(=[^`]*)?`/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(15);
    const reads = variablesTheServerReads();
    expect(named.filter((name) => !reads.has(name))).toEqual([]);
  });

  it("reads in a terminal: no table, no line over 100 characters", () => {
    expect(section.split("\n").filter((line) => line.startsWith("|"))).toEqual([]);
    expect(section.split("\n").filter((line) => line.length > 100)).toEqual([]);
  });
});
