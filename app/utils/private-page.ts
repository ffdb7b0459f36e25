import type { HeadersFunction } from "@remix-run/node";

/**
 * For pages that show a member's own data. `no-store` keeps them out of every cache, including
 * the browser's back/forward cache: after Log Out, Back must not show the name and balance again.
 * Export it as a route's `headers`; child routes without their own inherit it.
 */
export const privatePageHeaders: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
