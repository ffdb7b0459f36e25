import { afterEach, describe, expect, it } from "vitest";
import { clusterCommitRelay, openDatagramRelay, type DatagramRelay } from "./commit-relay.server";

const relays: DatagramRelay[] = [];
afterEach(() => {
  for (const relay of relays.splice(0)) relay.close();
});

function open() {
  const relay = openDatagramRelay();
  relays.push(relay);
  let heard = 0;
  relay.listen(() => heard++);
  return { relay, heard: () => heard };
}

describe("the commit relay between a cluster's workers (decision 189)", () => {
  it("tells every other worker of a commit, not itself, once it knows their ports", async () => {
    const [a, b, c] = [open(), open(), open()];
    const ports = await Promise.all([a.relay.port, b.relay.port, c.relay.port]);
    a.relay.afterCommits();
    for (const { relay } of [a, b, c]) relay.setPeers(ports);
    a.relay.afterCommits();
    a.relay.afterCommits();
    await expect.poll(() => [b.heard(), c.heard()]).toEqual([2, 2]);
    expect(a.heard()).toBe(0);

    // A worker that stopped is left out once the primary says so.
    b.relay.setPeers([ports[1], ports[2]]);
    c.relay.setPeers([ports[1], ports[2]]);
    a.relay.setPeers([ports[0], ports[2]]);
    a.relay.afterCommits();
    await expect.poll(() => c.heard()).toBe(3);
    expect(b.heard()).toBe(2);
  });

  it("is no relay outside a cluster", () => {
    expect(clusterCommitRelay()).toBeUndefined();
  });
});
