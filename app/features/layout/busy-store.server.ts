/**
 * A store that stayed busy (StoreBusyError: the embedded engine's write lock held by others past
 * its bounded retries, decision 091) or a transaction that kept conflicting (TransactionConflictError,
 * both engines) wrote nothing: the same request can simply be made again a moment later. So every
 * loader and action answers it with a 503, a Retry-After and a sentence saying so in the reader's
 * language, not a 500 (decision 099). It is done once, around the server build that server.mjs
 * serves, so no route has to remember it; the error boundary words a 503 from the catalogue
 * (common errors.503). A route may still catch it first to answer in its own words (the chat's
 * composer keeps the unsent text).
 */
import type { ServerBuild } from "@remix-run/node";
import { wrapLoadersAndActions, type RouteHandlerArgs } from "./route-handlers.server";
import { StoreBusyError, TransactionConflictError } from "~/engine/store/types";
import { fixedT, languageOf } from "~/i18n/i18n.server";

/** What a busy store's 503 asks the browser (or a script) to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export const isBusyStore = (error: unknown): boolean =>
  error instanceof StoreBusyError || error instanceof TransactionConflictError;

async function busyResponse(request: Request): Promise<Response> {
  const text = fixedT(await languageOf(request), "common")("errors.503.text");
  return new Response(text, {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": String(BUSY_RETRY_AFTER_SECONDS),
      "Cache-Control": "no-store",
    },
  });
}

function answeringBusy(run: (args: RouteHandlerArgs) => unknown) {
  return async (args: RouteHandlerArgs) => {
    try {
      return await run(args);
    } catch (error) {
      // Thrown, as a loader throws a 404: a page shows its error boundary, a resource route answers it as is.
      if (isBusyStore(error)) throw await busyResponse(args.request);
      throw error;
    }
  };
}

/** The build with every route's loader and action answering a busy store with a 503. */
export function answerBusyStore(build: ServerBuild): ServerBuild {
  return wrapLoadersAndActions(build, answeringBusy);
}
