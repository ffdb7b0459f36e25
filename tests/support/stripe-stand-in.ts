/**
 * A local stand-in for api.stripe.com (STRIPE_API_BASE): records each request and answers from a
 * table of routes, so the Stripe provider's calls are tested with no network. Sign webhook payloads
 * with `signedEvent`, which uses Stripe's own test-header helper.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

export interface StripeStandIn {
  apiBase: string;
  received: Received[];
  /** `"POST /v1/customers"` → the answer. */
  routes: Map<string, { status: number; body: unknown }>;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const received: Received[] = [];
  const routes = new Map<string, { status: number; body: unknown }>();
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        form: new URLSearchParams(body),
      });
      const route = routes.get(`${req.method} ${req.url?.split("?")[0]}`) ?? {
        status: 404,
        body: { error: { type: "invalid_request_error", message: "No such route" } },
      };
      res.writeHead(route.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(route.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    routes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let sequence = 0;

/** A webhook delivery as Stripe signs it: payload and Stripe-Signature header. `created` in seconds. */
export function signedEvent(type: string, object: unknown, secret: string, created = Math.floor(Date.now() / 1000)) {
  const payload = JSON.stringify({ id: `evt_${++sequence}`, object: "event", type, created, data: { object } });
  const signature = new Stripe("sk_test_stand_in").webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}
