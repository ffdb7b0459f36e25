import { isIP } from "node:net";
import type { AppLoadContext } from "@remix-run/node";
import { getServerEnv } from "./env.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The address of the TCP peer, as server.mjs saw it (absent when no socket made the request, e.g. in tests). */
    clientAddress?: string;
  }
}

/**
 * An address as a rate-limit key. IPv6 is keyed by its /64 prefix: one subscriber holds a whole
 * /64 and could otherwise take a fresh address for every guess. IPv4-mapped IPv6 is the IPv4.
 */
export function addressKey(address: string): string {
  const plain = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const version = isIP(plain);
  if (version === 4) return plain;
  if (version !== 6) return "";
  const [head, tail = ""] = plain.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // A dotted IPv4 tail counts as two groups; it only ever sits past the /64 prefix.
  const rightGroups = right.reduce((n, group) => n + (group.includes(".") ? 2 : 1), 0);
  const groups = plain.includes("::") ? [...left, ...Array(8 - left.length - rightGroups).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * Identifies a client for rate limiting. Behind a proxy we run (TRUST_PROXY) that is the address
 * the proxy appended to X-Forwarded-For (Cloud Run, nginx); otherwise the socket's own address,
 * because X-Forwarded-For then says whatever the client wants and rotating it would reset every
 * limit. Empty when unknown: one shared bucket would let anyone lock everyone out.
 */
export function clientKeyOf(request: Request, context: AppLoadContext | undefined): string {
  if (getServerEnv().TRUST_PROXY) {
    const forwarded = request.headers.get("X-Forwarded-For");
    if (!forwarded) return "";
    const hops = forwarded.split(",").map((hop) => hop.trim());
    // The last hop is the one our own proxy added; earlier ones are whatever the client claimed.
    return addressKey(hops[hops.length - 1] ?? "");
  }
  return addressKey(context?.clientAddress ?? "");
}
