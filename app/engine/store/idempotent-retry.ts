/**
 * A write whose second application leaves the same document as the first (a whole-document `set`,
 * a `delete`) may be sent again when the server's answer was "UNKNOWN" (gRPC 2): whether or not
 * the first attempt landed, the document ends as asked. The SDK retries Commit only on
 * RESOURCE_EXHAUSTED and UNAVAILABLE, since most commits are not idempotent. Google's Firestore
 * emulator answers a bare `2 UNKNOWN:` to a commit now and then under load (a fresh-clone CI run
 * failed a contract case on one, stop 37); production documents UNKNOWN as "an error from another
 * domain". Never use this for create, update, increments or transactions: applied twice they differ.
 */
export const GRPC_UNKNOWN = 2;
export const IDEMPOTENT_ATTEMPTS = 4;
const FIRST_PAUSE_MS = 50;

function grpcCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "number" ? code : undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function retryIdempotentWrite<R>(
  write: () => Promise<R>,
  pause: (ms: number) => Promise<void> = sleep,
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (grpcCode(error) !== GRPC_UNKNOWN || attempt >= IDEMPOTENT_ATTEMPTS) throw error;
      await pause(FIRST_PAUSE_MS * 2 ** (attempt - 1));
    }
  }
}
