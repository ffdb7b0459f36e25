import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { getCurrentUser } from "~/features/auth/auth.server";
import { readLegalTextIn } from "~/features/legal/content.server";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

/** The operator's privacy notice (content/privacy.md, or its translation in the reader's language), readable signed in or out. */
export async function loader({ request }: LoaderFunctionArgs) {
  const language = await languageOf(request, (await getCurrentUser(request))?.profile.language);
  return { text: await readLegalTextIn("privacy", language), title: fixedT(language)("legalLinks.privacy") };
}

export default function Privacy() {
  return <LegalPage text={useLoaderData<typeof loader>().text} />;
}
