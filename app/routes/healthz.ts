import { storeIsHealthy } from "~/engine/index.server";

/**
 * 200 when the store answers; Cloud Run and the test runner wait on it. The production server
 * answers /healthz itself with the same check before Remix runs; this route serves `remix dev`.
 */
export async function loader() {
  const ok = await storeIsHealthy();
  return new Response(ok ? "ok" : "store unavailable", {
    status: ok ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
