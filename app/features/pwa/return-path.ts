/**
 * Where the offline page's "Try again" goes: the page that failed (?from=, set by the service worker),
 * when it is a path of this site; otherwise the home page. Never another site, never the offline page.
 */
export function returnPathFrom(search: string): string {
  const from = new URLSearchParams(search).get("from");
  if (!from || !from.startsWith("/") || from.startsWith("//") || from.includes("\\")) return "/";
  const base = "https://skillswap.invalid";
  let url: URL;
  try {
    url = new URL(from, base);
  } catch {
    return "/";
  }
  if (url.origin !== base || url.pathname === "/offline") return "/";
  return `${url.pathname}${url.search}`;
}
