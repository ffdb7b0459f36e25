import { createRequestHandler } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { describeError } from "~/components/error-page";
import { StoreBusyError, TransactionConflictError } from "~/engine/store/types";
import { fixedT } from "~/i18n/i18n.server";
import { buildOfRoutes } from "../../../tests/support/server-build";
import { answerBusyStore } from "./busy-store.server";

/** A build of three resource routes, served by Remix's own request handler as server.mjs serves the app's. */
function handlerFor(loaders: Record<string, () => unknown>, actions: Record<string, () => unknown> = {}) {
  const root = { id: "root", path: "", module: { default: () => null } };
  const routes: Record<string, unknown> = { root };
  for (const name of new Set([...Object.keys(loaders), ...Object.keys(actions)]))
    routes[name] = {
      id: name,
      parentId: "root",
      path: name,
      module: { ...(loaders[name] && { loader: loaders[name] }), ...(actions[name] && { action: actions[name] }) },
    };

  return createRequestHandler(answerBusyStore(buildOfRoutes(routes)), "production");
}

const busy = () => {
  throw new StoreBusyError(3);
};

describe("a busy store answers 503 on every route (decision 099)", () => {
  it("a loader or an action that meets a busy store or endless conflicts answers 503, to retry, in the reader's language", async () => {
    const handle = handlerFor(
      { wallet: busy },
      {
        wallet: () => {
          throw new TransactionConflictError(50);
        },
      },
    );
    const read = await handle(new Request("http://localhost/wallet", { headers: { Cookie: "lang=fr" } }));
    expect(read.status).toBe(503);
    expect(read.headers.get("Retry-After")).toBe("5");
    expect(await read.text()).toBe(
      "SkillSwap est très sollicité en ce moment et rien n’a été modifié. Réessayez dans un instant.",
    );

    const write = await handle(
      new Request("http://localhost/wallet", {
        method: "POST",
        headers: { Origin: "http://localhost", Host: "localhost", "Accept-Language": "en" },
      }),
    );
    expect(write.status).toBe(503);
    expect(await write.text()).toBe("SkillSwap is busy right now and nothing was changed. Try again in a moment.");
  });

  it("leaves every other outcome as it was: answers, thrown responses, other errors", async () => {
    const handle = handlerFor({
      fine: () => Response.json({ ok: true }),
      gone: () => {
        throw new Response("This member does not exist.", { status: 404 });
      },
      broken: () => {
        throw new Error("a bug");
      },
    });
    expect((await handle(new Request("http://localhost/fine"))).status).toBe(200);
    const gone = await handle(new Request("http://localhost/gone"));
    expect([gone.status, await gone.text()]).toEqual([404, "This member does not exist."]);
    expect((await handle(new Request("http://localhost/broken"))).status).toBe(500);
  });

  it("a page that meets a busy store, as a form posted without JavaScript does, answers 503 and says when to retry", async () => {
    const root = { id: "root", path: "", module: { default: () => null } };
    const page = (id: string, handlers: object) => ({
      id,
      parentId: "root",
      path: id,
      module: { default: () => null, ...handlers },
    });
    const build = buildOfRoutes({
      root,
      signup: page("signup", { action: busy }),
      gone: page("gone", {
        loader: () => {
          throw new Response("Not here.", { status: 404 });
        },
      }),
    });
    // The document handler's answer carries the status and headers Remix gives it, as entry.server's does.
    build.entry.module.default = (_request, status, headers) => new Response("the page", { status, headers });
    const handle = createRequestHandler(answerBusyStore(build), "production");

    const posted = await handle(
      new Request("http://localhost/signup", {
        method: "POST",
        headers: { Origin: "http://localhost", Host: "localhost", "Content-Type": "application/x-www-form-urlencoded" },
        body: "email=ana%40example.com",
      }),
    );
    expect([posted.status, posted.headers.get("Retry-After"), posted.headers.get("Cache-Control")]).toEqual([
      503,
      "5",
      "no-store",
    ]);
    const gone = await handle(new Request("http://localhost/gone"));
    expect([gone.status, gone.headers.get("Retry-After")]).toEqual([404, null]);
  });

  it("the error page words a 503 from the catalogue", () => {
    const error = { status: 503, statusText: "", internal: false, data: "busy" };
    expect(describeError(error, fixedT("es", "common"))).toEqual({
      status: 503,
      title: "SkillSwap está muy ocupado",
      text: "SkillSwap está muy ocupado ahora mismo y no se ha cambiado nada. Vuelve a intentarlo en un momento.",
    });
  });
});
