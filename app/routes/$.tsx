import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { NotFound } from "~/components/not-found";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Page not found", matches });

// Unknown paths render the 404 page with a real 404 status.
export function loader() {
  return data(null, { status: 404 });
}

export default NotFound;
