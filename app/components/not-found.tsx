import { ErrorPage } from "./error-page";

const NOT_FOUND = { status: 404, statusText: "Not Found", internal: false, data: null };

/** The stand-alone 404 page: the shared error page with a 404 status. */
export function NotFound() {
  return <ErrorPage error={NOT_FOUND} />;
}
