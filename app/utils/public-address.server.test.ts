import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./public-address.server";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "192.0.2.10",
    "198.51.100.7",
    "203.0.113.9",
    "::1",
    "::",
    "[::1]",
    "fe80::1",
    "fe80::1%eth0",
    "fd12:3456::1",
    "fc00::5",
    "ff02::1",
    "2001:db8::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::a00:1",
    "2002:0a00:0001::1",
  ])("refuses %s (loopback, private, link-local or reserved)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["142.250.74.36", "8.8.8.8", "1.1.1.1", "172.32.0.1", "2607:f8b0:4004:c07::5f", "::ffff:8.8.8.8"])(
    "accepts %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it("refuses what is not an address at all", () => {
    expect(isPublicAddress("localhost")).toBe(false);
    expect(isPublicAddress("fcm.googleapis.com")).toBe(false);
    expect(isPublicAddress("")).toBe(false);
    expect(isPublicAddress("999.1.1.1")).toBe(false);
  });
});
