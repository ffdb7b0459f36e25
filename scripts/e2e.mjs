// `npm run test:e2e`: builds the app when needed (always on CI), then runs Playwright.
// Extra arguments pass through: `npm run test:e2e -- --grep wallet --headed`.
import { spawn } from "node:child_process";
import { bin, ensureBuild, ROOT } from "./lib/build.mjs";

ensureBuild();

const child = spawn(bin("playwright"), ["test", ...process.argv.slice(2)], { cwd: ROOT, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
