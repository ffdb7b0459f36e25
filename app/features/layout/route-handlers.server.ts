/**
 * What server.mjs does to every route of the build before serving it: each wrapper here takes a
 * loader or an action and gives back one that does the same with something around it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, ServerBuild } from "@remix-run/node";

export type RouteHandlerArgs = LoaderFunctionArgs | ActionFunctionArgs;
type RouteHandler = (args: RouteHandlerArgs) => unknown;

/** The build with every route's loader and action passed through `wrap`. */
export function wrapLoadersAndActions(build: ServerBuild, wrap: (run: RouteHandler) => RouteHandler): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        ...(loader && { loader: wrap(loader as RouteHandler) as typeof loader }),
        ...(action && { action: wrap(action as RouteHandler) as typeof action }),
      },
    };
  }
  return { ...build, routes };
}
