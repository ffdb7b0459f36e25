/**
 * Where the legal texts come from: `content/privacy.md` and `content/terms.md` under the server's
 * working directory, which an operator replaces without touching code (README, "Privacy notice and
 * terms"). A file is read again when its modification time changes, so a new version is live at
 * the next request without a restart, in every worker process.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseLegalText, type LegalText } from "./legal-text.server";

export type LegalDocument = "privacy" | "terms";

const cache = new Map<LegalDocument, { mtimeMs: number; text: LegalText }>();

export function legalFile(name: LegalDocument): string {
  return path.resolve("content", `${name}.md`);
}

export async function readLegalText(name: LegalDocument): Promise<LegalText> {
  const file = legalFile(name);
  const { mtimeMs } = await stat(file);
  const cached = cache.get(name);
  if (cached && cached.mtimeMs === mtimeMs) return cached.text;
  const text = parseLegalText(await readFile(file, "utf8"));
  cache.set(name, { mtimeMs, text });
  return text;
}

/** The version of the terms members accept now. */
export async function currentTermsVersion(): Promise<string> {
  return (await readLegalText("terms")).version;
}
