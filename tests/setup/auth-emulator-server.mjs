/**
 * The Firebase Auth emulator's HTTP server alone, in a process of its own (started by
 * auth-emulator.ts): firebase-tools' own `createApp`, without its CLI, which spends seconds loading
 * every command and then starts a hub and a logging emulator nothing here uses. It prints one line,
 * `{"listening":PORT}`, once the emulator answers requests: the parent's readiness signal.
 *
 * Usage: node auth-emulator-server.mjs PROJECT_ID (listens on a free port of 127.0.0.1).
 */
import { createRequire } from "node:module";

const projectId = process.argv[2];
if (!projectId) throw new Error("Usage: node auth-emulator-server.mjs PROJECT_ID");

// Resolved from firebase-tools, so the module patched below is the one its server loads.
const fromFirebaseTools = createRequire(createRequire(import.meta.url).resolve("firebase-tools/package.json"));

// Before it listens, the emulator compiles a validator for every operation of Identity Toolkit's
// API: about 9 s of CPU, which took 64 s at load 19 on this project's 2-core machines (decision
// 095). Compiled at each operation's first call instead, the few the tests use cost a fraction.
const exegesisExpress = fromFirebaseTools("exegesis-express");
const compileApi = exegesisExpress.middleware;
exegesisExpress.middleware = (openApiDoc, options, done) =>
  compileApi(openApiDoc, { ...options, lazyCompileValidationSchemas: true }, done);

const { createApp } = fromFirebaseTools("./lib/emulator/auth/server.js");
const { SingleProjectMode } = fromFirebaseTools("./lib/emulator/auth/index.js");

// As `firebase emulators:start` runs it: other project ids are served, with a warning.
const app = await createApp(projectId, SingleProjectMode.WARNING);
const server = app.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ listening: server.address().port })}\n`);
});

for (const signal of ["SIGINT", "SIGTERM"])
  process.once(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
