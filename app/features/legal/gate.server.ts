import { redirect } from "@remix-run/node";
import type { DocStore } from "~/engine/store/types";
import { hasAcceptedTerms } from "./acceptance.server";
import { currentTermsVersion } from "./content.server";

export const ACCEPT_TERMS_PATH = "/terms/accept";

/**
 * For the signed-in app's pages: a member who has not accepted the current terms (a new version was
 * published, or they signed up before terms existed) is sent to accept them first, and brought back
 * to the page they asked for afterwards (decision 043).
 */
export async function requireCurrentTerms(store: DocStore, request: Request, uid: string): Promise<void> {
  if (await hasAcceptedTerms(store, uid, await currentTermsVersion())) return;
  const url = new URL(request.url);
  throw redirect(`${ACCEPT_TERMS_PATH}?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
}
