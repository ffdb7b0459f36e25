/**
 * The workers of one cluster (cluster.mjs) tell each other of their commits through the primary,
 * so a live update committed in one worker reaches the streams another holds at once instead of at
 * its next look at the change log (decision 021). With that, the look is only the fallback for
 * commits made outside the cluster (a script, a restore), and can be rare: polling every 5 ms cost
 * each worker with open streams about 2 % of a core while nothing happened.
 *
 * Outside a cluster (one process, scripts, tests) there is nobody to tell: `undefined`.
 */
import cluster from "node:cluster";

/** The message's type; cluster.mjs relays messages of this type to every other worker. */
const COMMITS = "skillswap:commits";
/** How often a worker still looks at the change log itself, for commits made outside the cluster. */
const CLUSTER_POLL_MS = 50;

export interface CommitRelay {
  /** Tells the other workers that this one committed. */
  afterCommits(): void;
  pollMs: number;
  /** Calls `readOthersCommits` whenever another worker says it committed. */
  listen(readOthersCommits: () => void): void;
}

export function clusterCommitRelay(): CommitRelay | undefined {
  if (!cluster.isWorker) return undefined;
  return {
    afterCommits() {
      // A primary that is going away takes no more messages; the poll covers the rest.
      if (process.connected) process.send?.({ type: COMMITS });
    },
    pollMs: CLUSTER_POLL_MS,
    listen(readOthersCommits) {
      process.on("message", (message: { type?: unknown } | null) => {
        if (message?.type === COMMITS) readOthersCommits();
      });
    },
  };
}
