// ESLint (flat config): TypeScript, React, hooks, jsx-a11y, and the layering of ARCHITECTURE.md.
// Formatting is Prettier's business (.prettierrc.json); nothing here argues about it.
import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { logicalClasses } from "./scripts/lint/logical-classes.js";
import importCycleRules from "./scripts/lint/no-import-cycle.js";

/** The project's own rules, one plugin so that every block names it the same way. */
const localRules = {
  meta: importCycleRules.meta,
  rules: { ...importCycleRules.rules, "logical-classes": logicalClasses },
};

/**
 * What the rest of the app may import from app/engine/: the ports and their own types, never one
 * engine's implementation. Paths are relative to app/engine/.
 */
export const ENGINE_PUBLIC_FACE = [
  "./index.server.ts",
  "./store/types.ts",
  "./auth/types.ts",
  "./payments/types.ts",
  "./live/types.ts",
  "./files/types.ts",
  "./mail/types.ts",
  "./push/types.ts",
  // Browser faces of the ports: each picks the implementation the running engine needs.
  "./live/transport.client.ts",
  "./auth/email-links.client.ts",
  "./auth/browser-forms.client.ts",
  "./payments/checkout.client.ts",
  "./payments/index.server.ts",
  // What a port carries: the live port's feed catalogue, the payment port's pack catalogue…
  "./live/feeds.ts",
  "./live/feed-names.ts",
  "./live/chat-unread.ts",
  "./live/call-feed.ts",
  // …the thread's events on the live stream, sent as changes (decision 154)…
  "./live/thread-events.ts",
  "./payments/packs.ts",
  // …and its plan catalogue (decision 017).
  "./payments/plans.ts",
  // The store port's text search: the words both engines index, so a page can highlight the same ones.
  "./store/text-search.ts",
  // One leader among the worker processes (decision 021), kept through the store port on either engine.
  "./leader.server.ts",
];

const ENGINE_IMPORTS_NOTHING_ABOVE = {
  target: "./app/engine",
  from: ["./app/features", "./app/routes", "./app/components"],
  message: "engine/ is the bottom layer: a port carries its own types and imports no feature, route or component.",
};

const DOCUMENTS_AT_THE_BOTTOM = {
  target: "./app/documents",
  from: ["./app/engine", "./app/features", "./app/routes", "./app/components", "./app/utils"],
  message: "documents/ names the stored documents for every layer, the engine included: it imports none of them.",
};

const UTILS_NEED_NOTHING_OF_THE_APP = {
  target: "./app/utils",
  from: ["./app/engine", "./app/documents", "./app/features", "./app/routes", "./app/components"],
  message:
    "utils/ is the floor under every layer and needs nothing of the app: code that asks the engine or reads documents belongs in engine/ or a feature.",
};

const ONLY_THE_PORTS = {
  target: ["./app/!(engine)/**/*", "./app/*"],
  from: "./app/engine",
  except: ENGINE_PUBLIC_FACE,
  message:
    "Ask the port (engine/index.server.ts, a port's types or its browser face), not one engine's implementation.",
};

/**
 * The layering rules, exported so that a test can run them against a deliberate bad import.
 * Tests may wire a concrete engine (a temporary store, a local auth) to test against, so they get
 * every rule but the last.
 */
export const boundaryRules = {
  app: {
    "import/no-restricted-paths": [
      "error",
      {
        zones: [ENGINE_IMPORTS_NOTHING_ABOVE, DOCUMENTS_AT_THE_BOTTOM, UTILS_NEED_NOTHING_OF_THE_APP, ONLY_THE_PORTS],
      },
    ],
  },
  tests: {
    "import/no-restricted-paths": [
      "error",
      { zones: [ENGINE_IMPORTS_NOTHING_ABOVE, DOCUMENTS_AT_THE_BOTTOM, UTILS_NEED_NOTHING_OF_THE_APP] },
    ],
  },
};

const importSettings = { "import/resolver": { typescript: { project: "./tsconfig.json" } } };

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "public/sw.js",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      ".cache/**",
      "bench/results/**",
      "**/*.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      // `typeof import("./route").action` in tests names a module's type without loading it early.
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      "no-console": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // TypeScript checks props.
      "react/prop-types": "off",
      // Visible text is written as SPEC.md has it ("You're", "don't"); React escapes it anyway.
      "react/no-unescaped-entities": "off",
      // A label that wraps its control and a two-line caption (label > span > span) is labelled.
      "jsx-a11y/label-has-associated-control": ["error", { assert: "either", depth: 3 }],
    },
  },
  {
    // The rules of hooks, for the code React runs (tests' useTempStore is a Vitest helper, not a hook).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { import: importPlugin },
    settings: importSettings,
    rules: boundaryRules.tests,
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    plugins: { import: importPlugin },
    settings: importSettings,
    rules: boundaryRules.app,
  },
  {
    // No import cycles in app/, type-only and lazy imports included (decision 030).
    files: ["app/**/*.{ts,tsx}"],
    plugins: { local: localRules },
    rules: { "local/no-import-cycle": "error" },
  },
  {
    // Sides are start and end, so the layout mirrors in right-to-left languages (decision 050).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    plugins: { local: localRules },
    rules: { "local/logical-classes": "error" },
  },
);
