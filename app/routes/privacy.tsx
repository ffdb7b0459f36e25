import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { readLegalText } from "~/features/legal/content.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Privacy notice", matches });

/** The operator's privacy notice (content/privacy.md), readable signed in or out. */
export async function loader() {
  return readLegalText("privacy");
}

export default function Privacy() {
  return <LegalPage text={useLoaderData<typeof loader>()} />;
}
