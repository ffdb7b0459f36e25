/**
 * Whether a network address belongs to the public internet. A push subscription names a URL that
 * the server will later POST to; one that reaches this machine, the local network or the cloud's
 * metadata service would let a member make the server send requests for them (SSRF). Checked when
 * a subscription is stored (every address the host resolves to) and again when each request
 * connects (the address actually used), so a DNS answer that changes in between cannot slip past.
 */
import { BlockList, isIP } from "node:net";

const notPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  notPublic.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64: reaches an IPv4 address that is not checked here
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: reaches an IPv4 address that is not checked here
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const)
  notPublic.addSubnet(network, prefix, "ipv6");

/** IPv4 written inside IPv6 (`::ffff:10.0.0.1`, `::ffff:a00:1`, `::10.0.0.1`): the IPv4 address, else null. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^::(?:ffff:(?:0:)?)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** true only for an IP address (v4 or v6) on the public internet; false for anything else, names included. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return !notPublic.check(bare, "ipv4");
  if (family !== 6) return false;
  const v4 = embeddedIpv4(bare);
  if (v4 !== null) return isIP(v4) === 4 && !notPublic.check(v4, "ipv4");
  return !notPublic.check(bare, "ipv6");
}
