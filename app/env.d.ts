import type { PublicEnv } from "~/utils/env.server";

declare global {
  interface Window {
    ENV?: PublicEnv;
  }
}

export {};
