/**
 * What a page's Firestore SDK asks the emulator to listen to, read from the wire: the `addTarget`s
 * in the form bodies of its Listen channel (WebChannel sends each message as a `reqN___data__`
 * field holding JSON).
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import type { BrowserContext, Page, Request } from "@playwright/test";
import type { StructuredQuery } from "../firebase/required-index";
import { readEmulators } from "./emulators";
import { PROJECT_ID } from "./settings";

export const DOCUMENTS = `projects/${PROJECT_ID}/databases/(default)/documents`;

export interface ListenTarget {
  documents?: { documents: string[] };
  query?: {
    parent: string;
    structuredQuery: {
      from: { collectionId: string }[];
      where?: unknown;
      orderBy?: { field: { fieldPath: string }; direction?: string }[];
    };
  };
}

/** Every request the page sends, kept for reading later (failed ones too). */
export function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

export function listenTargets(requests: Request[]): ListenTarget[] {
  const { firestore } = readEmulators();
  return requests
    .filter((r) => r.url().includes(firestore) && r.url().includes("/Listen/"))
    .flatMap((r) => [...new URLSearchParams(r.postData() ?? "")])
    .filter(([key]) => /^req\d+___data__$/.test(key))
    .map(([, json]) => (JSON.parse(json) as { addTarget?: ListenTarget }).addTarget)
    .filter((target): target is ListenTarget => target !== undefined);
}

/** Whether the page's SDK listens to the document at `path` (relative to the database's documents). */
export function listensToDocument(requests: Request[], path: string): boolean {
  return listenTargets(requests).some((t) => t.documents?.documents.includes(`${DOCUMENTS}/${path}`));
}

/** Where the suite's queries are logged, one JSON line each (set by playwright.firebase.config.ts). */
export function queryLogFile(): string {
  const file = process.env.E2E_FIREBASE_QUERY_LOG;
  if (!file) throw new Error("E2E_FIREBASE_QUERY_LOG is set by playwright.firebase.config.ts");
  return file;
}

export interface LoggedQuery {
  source: "server" | "browser";
  structuredQuery: StructuredQuery;
}

export function readQueryLog(file: string): LoggedQuery[] {
  if (!existsSync(file)) return [];
  const lines = new Set(readFileSync(file, "utf8").split("\n").filter(Boolean));
  return [...lines].map((line) => JSON.parse(line) as LoggedQuery);
}

/**
 * Logs every query the context's pages ask Firestore to listen to (their Listen channel's
 * addTargets), for required-indexes.check.ts. Document targets need no index and are left out.
 */
export function logListenQueries(context: BrowserContext): void {
  const { firestore } = readEmulators();
  const file = queryLogFile();
  context.on("request", (request) => {
    if (!request.url().includes(firestore) || !request.url().includes("/Listen/")) return;
    for (const target of listenTargets([request])) {
      if (!target.query) continue;
      const structuredQuery = target.query.structuredQuery as unknown as StructuredQuery;
      const line = JSON.stringify({ source: "browser", structuredQuery }, (key, value: unknown) =>
        key === "value" || key === "startAt" || key === "endAt" ? undefined : value,
      );
      appendFileSync(file, `${line}\n`);
    }
  });
}
