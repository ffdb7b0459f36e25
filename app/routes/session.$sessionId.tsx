import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta";
import { NotFound } from "~/components/not-found";

export const meta: MetaFunction = () => pageMeta({ title: "Session" });

// Sessions are only visible to their two participants; until booking exists there are none.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return data(null, { status: 404 });
}

export default NotFound;
