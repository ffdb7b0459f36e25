import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { NotFound } from "~/components/not-found";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

// Unknown paths render the 404 page with a real 404 status, its title in the reader's language.
export async function loader({ request }: LoaderFunctionArgs) {
  return data({ title: fixedT(await languageOf(request))("errors.404.title") }, { status: 404 });
}

export default NotFound;
