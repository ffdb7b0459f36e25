import { getStore } from "~/engine/index.server";

/** 200 when the store answers; Cloud Run and the test runner wait on it. */
export async function loader() {
  try {
    const ok = await (await getStore()).ping();
    return new Response(ok ? "ok" : "store unavailable", { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  } catch {
    return new Response("store unavailable", { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
