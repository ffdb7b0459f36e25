import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { NotFound } from "~/components/not-found";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta({ title: "Page not found" });

// Unknown paths render the 404 page with a real 404 status.
export function loader() {
  return data(null, { status: 404 });
}

export default NotFound;
