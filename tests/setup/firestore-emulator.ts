/**
 * A Firestore emulator inside the test process: `@firestore-emulator/server`, a Node gRPC
 * implementation that needs no download. It is bound to 127.0.0.1 on a free port (the package's
 * own `start()` listens on every interface). Its known gaps are listed in TOOLCHAIN.md; the
 * contract suite skips those cases here and runs them against the official emulator.
 */
import { createRequire } from "node:module";
import { FirestoreServer } from "@firestore-emulator/server";
import type { Server, ServerCredentials } from "@grpc/grpc-js";

// The emulator ships its own @grpc/grpc-js; credentials must come from that copy.
const requireFromEmulator = createRequire(createRequire(import.meta.url).resolve("@firestore-emulator/server"));
const grpcJs = requireFromEmulator("@grpc/grpc-js") as { ServerCredentials: typeof ServerCredentials };

export interface RunningFirestoreEmulator {
  host: string;
  stop: () => void;
}

export async function startFirestoreEmulator(): Promise<RunningFirestoreEmulator> {
  const emulator = new FirestoreServer();
  // The gRPC server is private in the package's types; binding it ourselves is the only way to
  // choose the address.
  const grpc = (emulator as unknown as { server: Server }).server;
  const port = await new Promise<number>((resolve, reject) =>
    grpc.bindAsync("127.0.0.1:0", grpcJs.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { host: `127.0.0.1:${port}`, stop: () => emulator.stop() };
}
