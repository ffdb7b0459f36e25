/**
 * The layering rule of eslint.config.js, run against deliberate bad imports: it must fail on each,
 * and stay quiet on the imports the layering allows. Files need not exist; ESLint lints the text as
 * if it lived at that path, and the import resolver checks that the imported module does.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
let eslint: ESLint;

// The first lint loads the TypeScript parser and the import resolver (seconds on a busy machine);
// do it once here so that each test measures only its own imports.
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText("export {};\n", { filePath: path.join(ROOT, "app/engine/warm-up.ts") });
}, 60_000);

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result.messages.filter((m) => m.ruleId === "import/no-restricted-paths").map((m) => m.message);
}

describe("the boundary rule", () => {
  it("fails when engine/ imports a feature, a route or a component", async () => {
    expect(
      await boundaryErrors(
        "app/engine/store/bad.ts",
        'import { signInSchema } from "~/features/auth/schemas";\nexport const s = signInSchema;\n',
      ),
    ).toEqual([expect.stringContaining("engine/ is the bottom layer")]);
    expect(
      await boundaryErrors(
        "app/engine/live/bad.ts",
        'import { loader } from "../../routes/healthz";\nexport const l = loader;\n',
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "app/engine/payments/bad.ts",
        'import { Coin } from "~/components/wallet/coin";\nexport const c = Coin;\n',
      ),
    ).toHaveLength(1);
  });

  it("fails when documents/ imports any layer, and lets the engine import it", async () => {
    expect(
      await boundaryErrors(
        "app/documents/bad.ts",
        'import { namesOf } from "~/features/members/members.server";\nexport const n = namesOf;\n',
      ),
    ).toEqual([expect.stringContaining("documents/ names the stored documents")]);
    expect(
      await boundaryErrors(
        "app/documents/bad.ts",
        'import type { DocStore } from "~/engine/store/types";\nexport type S = DocStore;\n',
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "app/engine/live/fine.ts",
        'import { userPath } from "~/documents/users";\nexport const p = userPath;\n',
      ),
    ).toEqual([]);
  });

  it("fails when utils/ imports the engine, a document, a feature, a route or a component", async () => {
    expect(
      await boundaryErrors(
        "app/utils/bad.server.ts",
        'import { getStore } from "~/engine/index.server";\nexport const g = getStore;\n',
      ),
    ).toEqual([expect.stringContaining("utils/ is the floor under every layer")]);
    expect(
      await boundaryErrors(
        "app/utils/bad.server.test.ts",
        'import type { DocStore } from "../engine/store/types";\nexport type S = DocStore;\n',
      ),
    ).toHaveLength(1);
    for (const from of [
      "~/documents/users",
      "~/features/auth/auth.server",
      "~/routes/healthz",
      "~/components/wallet/coin",
    ]) {
      expect(
        await boundaryErrors("app/utils/bad.ts", `import * as m from "${from}";\nexport const x = m;\n`),
        from,
      ).toHaveLength(1);
    }
    expect(
      await boundaryErrors(
        "app/utils/fine.server.ts",
        'import { getServerEnv } from "./env.server";\nexport const e = getServerEnv;\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "app/features/auth/fine.server.ts",
        'import { readSessionToken } from "~/utils/session.server";\nexport const r = readSessionToken;\n',
      ),
    ).toEqual([]);
  });

  it("fails when code outside engine/ imports one engine's implementation", async () => {
    expect(
      await boundaryErrors(
        "app/features/wallet/bad.server.ts",
        'import { openSqliteStore } from "~/engine/store/sqlite.server";\nexport const o = openSqliteStore;\n',
      ),
    ).toEqual([expect.stringContaining("Ask the port")]);
    expect(
      await boundaryErrors(
        "app/routes/bad.tsx",
        'import { createTestCheckoutProvider } from "~/engine/payments/test-checkout.server";\nexport const p = createTestCheckoutProvider;\n',
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "app/components/bad.tsx",
        'import { createSseTransport } from "~/engine/live/sse.client";\nexport const t = createSseTransport;\n',
      ),
    ).toHaveLength(1);
  });

  it("lets the layers use the ports, and an engine its own files", async () => {
    expect(
      await boundaryErrors(
        "app/features/wallet/ok.server.ts",
        'import type { DocStore } from "~/engine/store/types";\nimport { getStore } from "~/engine/index.server";\nexport type S = DocStore;\nexport const g = getStore;\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "app/components/ok.tsx",
        'import { getLiveTransport } from "~/engine/live/transport.client";\nexport const t = getLiveTransport;\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "app/engine/store/ok.server.ts",
        'import { openSqliteStore } from "./sqlite.server";\nexport const o = openSqliteStore;\n',
      ),
    ).toEqual([]);
  });
});
