import { isIP } from "node:net";

/**
 * Identifies a client for rate limiting by the address the proxy in front reports (Cloud Run
 * appends the caller to X-Forwarded-For). Empty when unknown: one shared bucket would let anyone
 * lock everyone out.
 */
export function clientKeyOf(request: Request): string {
  const forwarded = request.headers.get("X-Forwarded-For");
  if (!forwarded) return "";
  const hops = forwarded.split(",").map((hop) => hop.trim());
  // The last hop is the one our own proxy added; earlier ones are whatever the client claimed.
  const address = hops[hops.length - 1];
  return address && isIP(address) ? address : "";
}
