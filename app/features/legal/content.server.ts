/**
 * Where the legal texts come from: `content/privacy.md` and `content/terms.md` under the server's
 * working directory, which an operator replaces without touching code (README, "Privacy notice and
 * terms"). A file is read again when its modification time changes, so a new version is live
 * within a second, without a restart, in every worker process. Its time is looked at once a second
 * at most: every signed-in page checks the terms version, and a `stat` per request was 3 % of the
 * server's CPU on the pages bench:ssr measures (decision 052).
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseLegalText, type LegalText } from "./legal-text.server";

export type LegalDocument = "privacy" | "terms";

/** How long a look at a file's modification time holds. */
export const RECHECK_MS = 1_000;

const cache = new Map<LegalDocument, { mtimeMs: number; checkedAt: number; text: LegalText }>();

export function legalFile(name: LegalDocument): string {
  return path.resolve("content", `${name}.md`);
}

export async function readLegalText(name: LegalDocument, now = Date.now()): Promise<LegalText> {
  const cached = cache.get(name);
  if (cached && now - cached.checkedAt < RECHECK_MS) return cached.text;
  const file = legalFile(name);
  const { mtimeMs } = await stat(file);
  if (cached && cached.mtimeMs === mtimeMs) {
    cached.checkedAt = now;
    return cached.text;
  }
  const text = parseLegalText(await readFile(file, "utf8"));
  cache.set(name, { mtimeMs, checkedAt: now, text });
  return text;
}

/** The version of the terms members accept now. */
export async function currentTermsVersion(): Promise<string> {
  return (await readLegalText("terms")).version;
}
