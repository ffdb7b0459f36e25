import { getServerEnv } from "~/utils/env.server";

/**
 * Firebase mode: account e-mails (reset, verify, recover) are handled by the client SDK in the
 * browser, so routes must not ask the server's AuthProvider about their codes.
 */
export function emailLinksHandledInBrowser(): boolean {
  return getServerEnv().BACKEND === "firebase";
}
