import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/not-found";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta({ title: "Page not found" });

export default NotFound;
