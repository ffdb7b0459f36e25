import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { getFiles, getStore, runsTimedWorkInProcess, sweepPresence, sweepSignInLockouts } from "~/engine/index.server";
import { startBackgroundWork } from "~/features/bookings/scheduler.server";
import { lapseDueProposals } from "~/features/board/proposals.server";
import { runPostAlerts } from "~/features/board/post-alerts.server";
import { runDueDigests } from "~/features/digest/run.server";
import { kickDataExportWork } from "~/features/export/work.server";
import { runMailWork } from "~/features/mail/work.server";
import { runPushWork } from "~/features/push/work.server";
import { convertStoredPictures } from "~/features/members/picture-migration.server";
import { runDueRetention } from "~/features/retention/retention.server";
import { i18nFor, languageOf } from "~/i18n/i18n.server";
import { contentSecurityPolicy } from "~/utils/csp.server";
import { getServerEnv } from "~/utils/env.server";
import { NonceProvider } from "~/utils/nonce";
import { newNonce } from "~/utils/nonce.server";

// Fail at start-up, not on the first request, when the configuration is wrong.
const env = getServerEnv();

// server.mjs refuses cross-site writes before Remix runs, with the app's own origin rule.
export { originRefusal } from "~/utils/origin.server";
// server.mjs compresses an answer only in a coding the request's Accept-Encoding accepts by this.
export { acceptsEncoding } from "~/utils/accept-encoding.server";
// server.mjs answers /healthz with this, without the Remix handler.
export { storeIsHealthy } from "~/engine/index.server";
// server.mjs allows a large body only where this says a signed-in member uploads a picture.
export { mayUpload } from "~/features/members/upload-route.server";
// server.mjs serves the build through this: a busy store is a 503 to retry on every route (decision 099).
export { answerBusyStore } from "~/features/layout/busy-store.server";
// …and through this: the loaders and action of one request look at the change log once (decision 104).
export { oneLogLookPerRequest } from "~/features/layout/one-log-look.server";

// Background work starts with the server, not with the engine: reminders and auto-completion run
// in the one worker process holding the lease, where the engine says so (tests drive runDueWork
// themselves). Mail goes out on every tick of that worker, so it leaves within seconds.
if (env.NODE_ENV !== "test" && runsTimedWorkInProcess())
  startBackgroundWork(getStore, {
    onLeaderTick: async (store) => {
      await sweepPresence(store);
      await sweepSignInLockouts(store);
      // A failing mail step is logged and retried on the next tick; it must not hold up the due
      // work (reminders, expiry, completion) that runs after this hook.
      await runMailWork(store).catch((error: unknown) => console.error("Mail work failed:", error));
      // Pushes leave within a tick too (decision 046).
      await runPushWork(store).catch((error: unknown) => console.error("Push work failed:", error));
      // Board proposals nobody answered before their time lapse (one indexed query when none are due).
      await lapseDueProposals(store).catch((error: unknown) => console.error("Lapsing proposals failed:", error));
      // New board posts reach the members whose skills they fit within a tick.
      await runPostAlerts(store).catch((error: unknown) => console.error("Board post alerts failed:", error));
      // Digest e-mails: once an hour, the members whose day or week has just ended (decision 047).
      await runDueDigests(store).catch((error: unknown) => console.error("Digests failed:", error));
      // Members' data archives are built in the background of this worker, one at a time; a long
      // build does not hold up the ticks (the archive's own claim keeps other workers off it).
      kickDataExportWork(store);
      // Once, on the first tick: pictures stored before decision 027 lose their metadata.
      await convertStoredPictures(store, await getFiles()).catch((error: unknown) =>
        console.error("Converting stored pictures failed:", error),
      );
      // Once a day: what is past its period goes (decision 044).
      await runDueRetention(store).catch((error: unknown) => console.error("Retention failed:", error));
    },
  });

const ABORT_DELAY = 5_000;

/**
 * Why the timer below stopped a render. The page's own status stands when it did: what was cut off
 * is a part still streaming, not a failure of the page. Before its first byte that happens only when
 * the event loop was held past the delay (a busy store's write waits synchronously for SQLite's lock,
 * decision 091), and the page it cut is usually the busy store's own 503.
 */
const RENDER_CUT_OFF = new Error("The page took longer than the render's time limit");

export const streamTimeout = ABORT_DELAY;

/** The language the root loader chose (decision 049); when it did not run (an error before it), the request's own. */
async function pageLanguage(request: Request, remixContext: EntryContext): Promise<string> {
  const root = remixContext.staticHandlerContext.loaderData.root as { lang?: unknown } | undefined;
  return typeof root?.lang === "string" ? root.lang : languageOf(request);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const i18n = i18nFor(await pageLanguage(request, remixContext));
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  const nonce = newNonce();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const send = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      responseHeaders.set("X-Content-Type-Options", "nosniff");
      responseHeaders.set("Referrer-Policy", "same-origin");
      responseHeaders.set("X-Frame-Options", "DENY");
      responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, env));
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <NonceProvider value={nonce}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </NonceProvider>
      </I18nextProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) send();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (waitForAll) send();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          if (error !== RENDER_CUT_OFF) responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // Stops a render still waiting for data after ABORT_DELAY. Cleared once everything is rendered
    // (React calls back after this line, never during renderToPipeableStream), so a finished page
    // is not kept in memory by its timer for the rest of the delay.
    const abortTimer = setTimeout(() => abort(RENDER_CUT_OFF), ABORT_DELAY);
  });
}
