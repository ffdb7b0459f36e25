/**
 * A store that stayed busy (StoreBusyError: the embedded engine's write lock held by others past
 * its bounded retries, decision 091) or a transaction that kept conflicting (TransactionConflictError,
 * both engines) wrote nothing: the same request can simply be made again a moment later. So every
 * loader and action answers it with a 503, a Retry-After and a sentence saying so in the reader's
 * language, not a 500 (decision 099). It is done once, around the server build that server.mjs
 * serves, so no route has to remember it; the error boundary words a 503 from the catalogue
 * (common errors.503). A route may still catch it first to answer in its own words (the chat's
 * composer keeps the unsent text).
 *
 * A page (a form posted without JavaScript, a document load) gets the thrown 503 as its status from
 * Remix, but a document's headers come only from its routes' `headers` exports, never from the
 * thrown answer: the document handler is wrapped too, so the page says when to retry as well.
 */
import { isRouteErrorResponse } from "@remix-run/react";
import type { HandleDocumentRequestFunction, ServerBuild } from "@remix-run/node";
import { wrapLoadersAndActions, type RouteHandlerArgs } from "./route-handlers.server";
import { StoreBusyError, TransactionConflictError } from "~/engine/store/types";
import { fixedT, languageOf } from "~/i18n/i18n.server";

/** What a busy store's 503 asks the browser (or a script) to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export const isBusyStore = (error: unknown): boolean =>
  error instanceof StoreBusyError || error instanceof TransactionConflictError;

/** What a busy store's answer asks of the browser and of caches, a page's or a script's. */
const BUSY_HEADERS = { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };

async function busyResponse(request: Request): Promise<Response> {
  const text = fixedT(await languageOf(request), "common")("errors.503.text");
  return new Response(text, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...BUSY_HEADERS },
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

/** The page whose error boundary shows a thrown 503 (only a busy store throws one) carries BUSY_HEADERS. */
function sayingWhenToRetry(handleDocument: HandleDocumentRequestFunction): HandleDocumentRequestFunction {
  return (request, status, headers, context, loadContext) => {
    const errors = Object.values(context.staticHandlerContext.errors ?? {});
    if (errors.some((error) => isRouteErrorResponse(error) && error.status === 503))
      for (const [name, value] of Object.entries(BUSY_HEADERS)) headers.set(name, value);
    return handleDocument(request, status, headers, context, loadContext);
  };
}

/** The build with every route's loader and action answering a busy store with a 503, its pages included. */
export function answerBusyStore(build: ServerBuild): ServerBuild {
  const { entry } = build;
  return {
    ...wrapLoadersAndActions(build, answeringBusy),
    entry: { ...entry, module: { ...entry.module, default: sayingWhenToRetry(entry.module.default) } },
  };
}
