/**
 * README's "Deploy on Cloud Run with Firebase", checked (issue 27): the Dockerfile's image is
 * built and started as Cloud Run starts it (its own CMD, PORT, NODE_ENV=production, the Firebase
 * variables the README lists as required, TRUST_PROXY=1), pointed at this suite's Auth and
 * Firestore emulators instead of Google's services; it answers /healthz and a member signs in
 * through its forms. Needs a Docker engine: where `docker info` fails (a client without a daemon,
 * as on this project's machines), the test is skipped and says so.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { freePort } from "../support/free-port";
import { PASSWORD, signIn } from "./accounts";
import { emulatorStore, readEmulators } from "./emulators";
import { createMember } from "./members";
import { expect, test } from "./test";

function docker(args: string[], timeout = 60_000) {
  return spawnSync("docker", args, { encoding: "utf8", timeout });
}

/** Why the test cannot run here, or null when a Docker engine answers. */
function noDockerEngine(): string | null {
  const info = docker(["info", "--format", "{{.ServerVersion}}"], 20_000);
  if (info.error && (info.error as NodeJS.ErrnoException).code === "ENOENT") return "no docker command on the PATH";
  if (info.status !== 0) {
    const why = (info.stderr || info.stdout).trim().split("\n").at(-1) ?? "";
    return `docker is only a client here, with no engine: \`docker info\` fails (${why})`;
  }
  return null;
}

const unavailable = noDockerEngine();

test("the Docker image starts in Firebase mode against the emulators, answers /healthz and signs a member in", async ({
  browser,
}) => {
  test.skip(unavailable !== null, unavailable ?? "");
  // Building the image installs and compiles every dependency.
  test.setTimeout(30 * 60_000);
  const tag = `skillswap-e2e-firebase:${randomUUID().slice(0, 8)}`;
  const build = docker(["build", "--tag", tag, "."], 25 * 60_000);
  expect(build.status, build.stderr.slice(-4000)).toBe(0);

  const { projectId, auth, firestore } = readEmulators();
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const env = {
    BACKEND: "firebase",
    PORT: String(port),
    PUBLIC_URL: origin,
    TRUST_PROXY: "1",
    SESSION_SECRET: `docker-${randomUUID()}-${randomUUID()}`,
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_API_KEY: "demo-api-key",
    FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
    FIREBASE_APP_ID: "1:0:web:docker",
    // The emulators instead of Google's services; without credentials the auth library would
    // probe the cloud metadata server.
    FIREBASE_AUTH_EMULATOR_HOST: auth,
    FIRESTORE_EMULATOR_HOST: firestore,
    METADATA_SERVER_DETECTION: "none",
    WEB_CONCURRENCY: "1",
  };
  // The host's network: the emulators listen on its 127.0.0.1, and the browser reaches both.
  const run = docker([
    "run",
    "--detach",
    "--rm",
    "--network",
    "host",
    ...Object.entries(env).flatMap(([key, value]) => ["--env", `${key}=${value}`]),
    tag,
  ]);
  expect(run.status, run.stderr).toBe(0);
  const container = run.stdout.trim();
  const store = await emulatorStore();
  try {
    await expect
      .poll(
        async () => {
          const response = await fetch(`${origin}/healthz`).catch(() => null);
          return response?.status ?? 0;
        },
        { timeout: 120_000, message: "the container answers /healthz" },
      )
      .toBe(200);

    const who = await createMember(store, `Dora Docker ${randomUUID().slice(0, 6)}`);
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    await page.goto("/auth");
    await signIn(page, who.email, PASSWORD);
    await page.waitForURL(/\/dashboard$/);
    await expect(page.getByTestId("wallet-balance")).toHaveText("200 SP");
    await context.close();
  } finally {
    await store.close();
    const logs = docker(["logs", container]);
    test.info().attachments.push({
      name: "container log",
      contentType: "text/plain",
      body: Buffer.from(logs.stdout + logs.stderr),
    });
    docker(["stop", container]);
    docker(["image", "rm", "--force", tag]);
  }
});
