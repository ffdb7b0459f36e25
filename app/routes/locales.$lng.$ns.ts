import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogueFor } from "~/i18n/i18n.server";

/**
 * GET /locales/:lng/:ns?v=version: one namespace of one language, as the browser's i18next loads it
 * (decision 048). The version is a hash of the catalogues, so an answer for the current version is
 * kept for a year; any other version is answered fresh and not cached.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  const found = catalogueFor(params.lng ?? "", params.ns ?? "");
  if (!found) return Response.json({ error: "There is no such language or namespace." }, { status: 404 });
  const current = new URL(request.url).searchParams.get("v") === found.version;
  return Response.json(found.messages, {
    headers: { "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache" },
  });
}
