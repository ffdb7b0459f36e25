/**
 * Every loader and action of one request shares one look at the store's change log (issue 28,
 * decision 104): the read cache catches up once per request, and again only after this process
 * commits, instead of once per kept read (a page read ten kept values, ten statements). It is done
 * once, around the server build that server.mjs serves, so no route has to remember it; Remix
 * hands every loader and the action of one request the same context object, which names the
 * request here.
 */
import type { ServerBuild } from "@remix-run/node";
import { withOneLogLook } from "~/engine/index.server";
import { wrapLoadersAndActions, type RouteHandlerArgs } from "./route-handlers.server";

export function oneLogLookPerRequest(build: ServerBuild): ServerBuild {
  return wrapLoadersAndActions(
    build,
    (run) => (args: RouteHandlerArgs) => withOneLogLook(args.context, async () => run(args)),
  );
}
