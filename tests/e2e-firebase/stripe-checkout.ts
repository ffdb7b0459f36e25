/**
 * Stripe for the Firebase-mode suite, where the test checkout can never run (env.server.ts): a
 * local stand-in for api.stripe.com (the server's STRIPE_API_BASE) and for Stripe's hosted
 * checkout page. Creating a checkout session answers a URL of this server; its page has a Pay
 * button that marks the session paid, delivers the signed `checkout.session.completed` webhook to
 * the app, as Stripe does, and sends the browser to the session's success_url. Started by serve.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { PACKS } from "~/engine/payments/packs";

/** Settings the server is started with; the price ids are this stand-in's. */
export const STRIPE_SETTINGS = {
  STRIPE_SECRET_KEY: "sk_test_e2e_firebase",
  STRIPE_WEBHOOK_SECRET: "whsec_e2e_firebase",
  ...Object.fromEntries(PACKS.map((pack) => [`STRIPE_PRICE_${pack.sp}`, `price_${pack.id}`])),
  STRIPE_PRICE_PLUS_MONTHLY: "price_plus_monthly",
  STRIPE_PRICE_PLUS_YEARLY: "price_plus_yearly",
};

interface Session {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
}

async function body(request: IncomingMessage): Promise<URLSearchParams> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  return new URLSearchParams(text);
}

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(value));
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripeCheckout(appOrigin: string): Promise<{ apiBase: string; stop: () => Promise<void> }> {
  const sessions = new Map<string, Session>();
  const stripe = new Stripe(STRIPE_SETTINGS.STRIPE_SECRET_KEY);
  let sequence = 0;
  let origin = "";

  async function pay(session: Session, response: ServerResponse): Promise<void> {
    if (session.payment_status !== "paid") {
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = `pi_e2e_${session.id}`;
      const payload = JSON.stringify({
        id: `evt_${session.id}`,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        data: { object: session },
      });
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_SETTINGS.STRIPE_WEBHOOK_SECRET,
      });
      const delivered = await fetch(`${appOrigin}/api/stripe-webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      });
      if (!delivered.ok) throw new Error(`The app answered the webhook with ${delivered.status}`);
    }
    response.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
    response.end();
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", origin);
    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const form = await body(request);
      const pack = PACKS.find((p) => `price_${p.id}` === form.get("line_items[0][price]"));
      if (!pack || form.get("mode") !== "payment")
        return json(response, 400, {
          error: { type: "invalid_request_error", message: "Only SP packs are sold here" },
        });
      const id = `cs_test_e2e_${++sequence}_${Date.now()}`;
      const metadata = Object.fromEntries(
        [...form].flatMap(([key, value]) => {
          const field = /^metadata\[(\w+)\]$/.exec(key)?.[1];
          return field ? [[field, value]] : [];
        }),
      );
      const session: Session = {
        id,
        object: "checkout.session",
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        amount_total: pack.amountCents,
        currency: pack.currency,
        client_reference_id: form.get("client_reference_id"),
        metadata,
        payment_intent: null,
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
        url: `${origin}/pay/${id}`,
      };
      sessions.set(id, session);
      return json(response, 200, session);
    }
    if (request.method === "POST" && url.pathname === "/v1/customers") {
      // One customer per member (decision 017), made before the member's first checkout.
      const form = await body(request);
      return json(response, 200, {
        id: `cus_e2e_${++sequence}`,
        object: "customer",
        email: form.get("email"),
        metadata: { uid: form.get("metadata[uid]") },
      });
    }
    const retrieved = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
    if (request.method === "GET" && retrieved) {
      const session = sessions.get(retrieved[1]!);
      return session
        ? json(response, 200, session)
        : json(response, 404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
    }
    const page = /^\/pay\/([\w-]+)$/.exec(url.pathname);
    const session = page ? sessions.get(page[1]!) : undefined;
    if (session && request.method === "POST") return pay(session, response);
    if (session && request.method === "GET") {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><html lang="en"><title>Stripe checkout stand-in</title><main>` +
          `<h1>Pay ${escape(session.metadata.sp ?? "")} SP</h1>` +
          `<form method="post"><button>Pay ${(session.amount_total / 100).toFixed(2)} ${escape(session.currency.toUpperCase())}</button></form>` +
          `<a href="${escape(session.cancel_url)}">Cancel</a></main></html>`,
      );
      return;
    }
    json(response, 404, {
      error: { type: "invalid_request_error", message: `No route ${request.method} ${url.pathname}` },
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error("Stripe stand-in:", error);
      if (!response.headersSent) json(response, 500, { error: { message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiBase: origin,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
