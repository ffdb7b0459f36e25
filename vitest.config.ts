import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "tests/contract/**/*.test.ts",
      "tests/reliability/**/*.test.ts",
      "tests/firebase/**/*.test.ts",
      "tests/lint/**/*.test.ts",
      "tests/patches/**/*.test.ts",
      "bench/**/*.test.ts",
      "tests/build/**/*.test.ts",
    ],
    environment: "node",
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    pool: "forks",
    testTimeout: 20_000,
  },
});
