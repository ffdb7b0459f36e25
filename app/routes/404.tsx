import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/not-found";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Page not found", matches });

export default NotFound;
