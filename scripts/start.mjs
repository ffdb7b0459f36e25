// `npm start`: builds when needed, then runs the production server and says where it is.
//
// Defaults for a newcomer's machine: NODE_ENV=production, the embedded engine with its data
// in ./data, port 3000, and the labelled test checkout (PAYMENTS=test) unless Stripe keys or
// PAYMENTS are set. Every default yields to a variable set in the environment.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { ensureBuild } from "./lib/build.mjs";
import { isPortInUse, startServer, stopServer, waitForHealthy } from "./lib/server.mjs";

ensureBuild();

const env = { ...process.env, NODE_ENV: "production" };
env.DATA_DIR ||= "./data";
env.PORT ||= "3000";
const usesStripe = Boolean(env.STRIPE_SECRET_KEY || env.STRIPE_PUBLISHABLE_KEY);
if (!env.PAYMENTS && !usesStripe && env.BACKEND !== "firebase") env.PAYMENTS = "test";

const url = `http://localhost:${env.PORT}`;
// Links in mail and calendar feeds point here; a deployment sets its real address.
env.PUBLIC_URL ||= url;

if (await isPortInUse(Number(env.PORT))) {
  console.error(
    `Port ${env.PORT} is already in use: stop what runs there or start on another port with PORT=3001 npm start.`,
  );
  process.exit(1);
}

/**
 * Once /healthz answers: asks a person at a terminal whether to fill an empty store with the demo
 * community (only when stdin is a TTY and the store is empty or nearly so), and runs the seeder
 * against env.DATA_DIR; without a terminal it prints how to seed instead.
 */
async function offerDemoCommunity({ url, env }) {
  void url;
  if (env.BACKEND === "firebase") return;
  if (!process.stdin.isTTY) {
    console.log("To fill an empty SkillSwap with a demo community, run: npm run seed:demo");
    return;
  }
  // npm start runs the server as production, which the seeder refuses so it never touches a real
  // deployment; here a person at this terminal is asked first, so the child runs without it.
  const { NODE_ENV: _production, ...seedEnv } = env;
  const seeder = (args) =>
    spawnSync(
      process.execPath,
      [path.join("node_modules", "tsx", "dist", "cli.mjs"), path.join("scripts", "seed-demo.ts"), ...args],
      {
        env: seedEnv,
        encoding: "utf8",
      },
    );
  const status = seeder(["--status"]);
  let counts;
  try {
    counts = JSON.parse(status.stdout.trim().split("\n").pop());
  } catch {
    return;
  }
  // An empty store, or one with the few accounts someone made while trying it out.
  if (counts.demoMembers > 0 || counts.members > 3) return;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  // Ctrl+C at the prompt still stops SkillSwap (readline would otherwise swallow it).
  rl.on("SIGINT", () => {
    rl.close();
    process.kill(process.pid, "SIGINT");
  });
  const answer = await new Promise((resolve) =>
    rl.question("Fill this empty SkillSwap with a demo community of 20 members? [y/N] ", resolve),
  );
  rl.close();
  if (!/^y(es)?$/i.test(String(answer).trim())) return;
  const run = seeder([]);
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
}

const server = startServer({ env });
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await stopServer(server);
    process.exit(0);
  });
}
server.on("exit", (code, signal) => {
  if (stopping) return;
  console.error(`The SkillSwap server stopped (${signal ?? `exit code ${code}`}).`);
  process.exit(code || 1);
});

try {
  await waitForHealthy(`${url}/healthz`, { child: server });
} catch (error) {
  console.error(`SkillSwap did not start: ${error.message}.`);
  stopping = true;
  await stopServer(server);
  process.exit(1);
}

console.log(`\nSkillSwap is running at ${url}`);
if (env.PAYMENTS === "test")
  console.log("Payments: test checkout (no money moves). Set Stripe keys to take real payments.");
console.log("Press Ctrl+C to stop.\n");
await offerDemoCommunity({ url, env });
