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
import { SOURCE_LANGUAGE } from "~/i18n/config";
import { parseLegalText, type LegalText } from "./legal-text.server";

export type LegalDocument = "privacy" | "terms";

/** How long a look at a file's modification time holds. */
export const RECHECK_MS = 1_000;

const cache = new Map<string, { mtimeMs: number; checkedAt: number; text: LegalText | null }>();

/** The text's file: `content/terms.md`, or its translation `content/terms.<language>.md`. */
export function legalFile(name: LegalDocument, language?: string): string {
  return path.resolve("content", language ? `${name}.${language}.md` : `${name}.md`);
}

/** A file's text, read again when its modification time changed; null for a translation that does not exist. */
async function readCached(file: string, now: number, optional: boolean): Promise<LegalText | null> {
  const cached = cache.get(file);
  if (cached && now - cached.checkedAt < RECHECK_MS) return cached.text;
  let mtimeMs: number;
  try {
    ({ mtimeMs } = await stat(file));
  } catch (error) {
    if (!optional || (error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    cache.set(file, { mtimeMs: -1, checkedAt: now, text: null });
    return null;
  }
  if (cached && cached.mtimeMs === mtimeMs) {
    cached.checkedAt = now;
    return cached.text;
  }
  const text = parseLegalText(await readFile(file, "utf8"));
  cache.set(file, { mtimeMs, checkedAt: now, text });
  return text;
}

/** The text as the operator wrote it (content/<name>.md): its version is the one members accept. */
export async function readLegalText(name: LegalDocument, now = Date.now()): Promise<LegalText> {
  return (await readCached(legalFile(name), now, false))!;
}

/**
 * The text in the reader's language (decision 065): `content/<name>.<language>.md` when the operator
 * provides it and it carries the same version as `content/<name>.md`, so a member always reads and
 * accepts the version in force; otherwise (no translation, or one not brought up to date) the text
 * as written.
 */
export async function readLegalTextIn(name: LegalDocument, language: string, now = Date.now()): Promise<LegalText> {
  const source = await readLegalText(name, now);
  if (!/^[a-z]{2,3}$/.test(language) || language === SOURCE_LANGUAGE) return source;
  const translated = await readCached(legalFile(name, language), now, true);
  return translated && translated.version === source.version ? translated : source;
}

/** The version of the terms members accept now. */
export async function currentTermsVersion(): Promise<string> {
  return (await readLegalText("terms")).version;
}
