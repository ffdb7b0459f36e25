/**
 * The legal texts (content/privacy.md, content/terms.md) as an operator writes them: Markdown with
 * an optional front matter block of `key: value` lines between two `---` lines. Only `version`
 * and `updated` are read. Pure; server-only for its hash (node:crypto).
 */
import { createHash } from "node:crypto";

export interface LegalText {
  /** What a member accepts: the front matter's `version`, or a hash of the text when there is none. */
  version: string;
  /** The front matter's `updated` (shown as "Last updated"), or null. */
  updated: string | null;
  /** The Markdown after the front matter. */
  body: string;
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
/** A version is shown to members and stored with their acceptance: short, printable, no markup. */
const VERSION = /^[\w.:-]{1,40}$/;

function fields(block: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const match = /^([A-Za-z_]+)\s*:\s*(.*)$/.exec(line.trim());
    if (match) out.set(match[1].toLowerCase(), match[2].trim().replace(/^(["'])(.*)\1$/, "$2"));
  }
  return out;
}

/**
 * Reads a legal text. Without a valid `version` line the version is the first 12 hex digits of the
 * SHA-256 of the whole file, so any change to it is a new version (decision 043).
 */
export function parseLegalText(source: string): LegalText {
  const match = FRONT_MATTER.exec(source);
  const meta = match ? fields(match[1]) : new Map<string, string>();
  const body = match ? source.slice(match[0].length) : source;
  const declared = meta.get("version") ?? "";
  const version = VERSION.test(declared)
    ? declared
    : `sha256-${createHash("sha256").update(source).digest("hex").slice(0, 12)}`;
  return { version, updated: meta.get("updated") || null, body };
}
