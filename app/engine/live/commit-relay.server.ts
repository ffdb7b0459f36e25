/**
 * The workers of one cluster (cluster.mjs) tell each other of their commits, so a live update
 * committed in one worker reaches the streams another holds at once instead of at its next look at
 * the change log (decision 021). With that, the look is only the fallback for commits made outside
 * the cluster (a script, a restore) or a word lost on the way, and can be rare: polling every 5 ms
 * cost each worker with open streams about 2 % of a core while nothing happened.
 *
 * The word goes from worker to worker as an empty UDP datagram on loopback (decision 189). Until
 * then it went through the cluster's primary over Node's IPC channel: a JSON message to the
 * primary, which woke, parsed it and sent it on to every other worker, 0.24 ms of the primary's CPU
 * per chat message at the idle start of session 23, besides each worker's JSON. The primary now only
 * hands out the workers' ports (`skillswap:relay-port` from each worker as it starts,
 * `skillswap:relay-peers` to all whenever a worker starts or stops).
 *
 * Outside a cluster (one process, scripts, tests) there is nobody to tell: `undefined`.
 */
import cluster from "node:cluster";
import dgram from "node:dgram";

/** A worker tells the primary the port its relay listens on. */
const RELAY_PORT = "skillswap:relay-port";
/** The primary tells every worker the ports of all of them. */
const RELAY_PEERS = "skillswap:relay-peers";
/** How often a worker still looks at the change log itself, for commits made outside the cluster. */
const CLUSTER_POLL_MS = 50;
const LOOPBACK = "127.0.0.1";
// What the datagram says is only that it came: a commit was made. Empty, it costs no copy.
const COMMITTED = Buffer.alloc(0);

export interface CommitRelay {
  /** Tells the other workers that this one committed. */
  afterCommits(): void;
  pollMs: number;
  /** Calls `readOthersCommits` whenever another worker says it committed. */
  listen(readOthersCommits: () => void): void;
}

export interface DatagramRelay extends Omit<CommitRelay, "pollMs"> {
  /** The loopback port this relay listens on, once bound. */
  readonly port: Promise<number>;
  /** The ports of every relay to tell (this one's own is left out). */
  setPeers(ports: readonly number[]): void;
  close(): void;
}

/** A worker's end of the relay: a UDP socket on loopback, told the other workers' ports. */
export function openDatagramRelay(): DatagramRelay {
  const socket = dgram.createSocket("udp4");
  let peers: number[] = [];
  let own = 0;
  let readOthersCommits: (() => void) | undefined;
  socket.on("message", () => readOthersCommits?.());
  // A word that cannot go (a worker that just stopped) is made up for by the poll.
  socket.on("error", (error) => console.error("The commit relay failed:", error));
  // Exclusive: in a cluster worker Node otherwise binds through the primary, and every worker
  // would share the primary's one socket on one port.
  const port = new Promise<number>((resolve) =>
    socket.bind({ port: 0, address: LOOPBACK, exclusive: true }, () => {
      own = socket.address().port;
      resolve(own);
    }),
  );
  // The relay never keeps a process alive; a server does.
  socket.unref();
  return {
    port,
    setPeers(ports) {
      peers = ports.filter((p) => Number.isInteger(p) && p > 0 && p !== own);
    },
    afterCommits() {
      for (const peer of peers) socket.send(COMMITTED, peer, LOOPBACK);
    },
    listen(callback) {
      readOthersCommits = callback;
    },
    close() {
      socket.close();
    },
  };
}

export function clusterCommitRelay(): CommitRelay | undefined {
  if (!cluster.isWorker) return undefined;
  const relay = openDatagramRelay();
  void relay.port.then((port) => {
    // A primary that is going away takes no more messages; the poll covers the rest.
    if (process.connected) process.send?.({ type: RELAY_PORT, port });
  });
  process.on("message", (message: { type?: unknown; ports?: unknown } | null) => {
    if (message?.type === RELAY_PEERS && Array.isArray(message.ports)) relay.setPeers(message.ports as number[]);
  });
  return { afterCommits: relay.afterCommits, pollMs: CLUSTER_POLL_MS, listen: relay.listen };
}
