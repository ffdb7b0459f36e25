import { getStore } from "~/engine/index.server";

/**
 * Whether the store answers: what /healthz reports. server.mjs calls it directly (through the build's
 * entry module) so that a health probe costs no request conversion, routing or rendering.
 */
export async function storeIsHealthy(): Promise<boolean> {
  try {
    return await (await getStore()).ping();
  } catch {
    return false;
  }
}
