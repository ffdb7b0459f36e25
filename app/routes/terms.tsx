import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { readLegalText } from "~/features/legal/content.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Terms of use", matches });

/** The operator's terms of use (content/terms.md), readable signed in or out. */
export async function loader() {
  return readLegalText("terms");
}

export default function Terms() {
  return <LegalPage text={useLoaderData<typeof loader>()} />;
}
