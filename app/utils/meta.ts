export const SITE_TITLE = "SkillSwap";
export const SITE_DESCRIPTION =
  "SkillSwap is a real-time skill exchange platform: teach what you know, learn what you want, and trade sessions with SP.";

/** The route matches a meta function receives; only the root's data is read. */
type MetaMatches = readonly { id: string; data?: unknown }[];

/** The site's origin as the root loader saw it, so share images get an absolute URL. */
function rootOrigin(matches: MetaMatches | undefined): string {
  const data = matches?.find((m) => m.id === "root")?.data as { origin?: unknown } | undefined;
  return typeof data?.origin === "string" ? data.origin : "";
}

/**
 * Title, description and share image for a page; `title` is the page's own name, if any. Pass the
 * meta function's `matches` (or the root's `origin`): link previews need an absolute image URL.
 */
export function pageMeta({ title, origin, matches }: { title?: string; origin?: string; matches?: MetaMatches } = {}) {
  const fullTitle = title ? `${title} · ${SITE_TITLE}` : `${SITE_TITLE} — real-time skill exchange`;
  const image = `${origin ?? rootOrigin(matches)}/og-image.png`;
  return [
    { title: fullTitle },
    { name: "description", content: SITE_DESCRIPTION },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: SITE_DESCRIPTION },
    { property: "og:type", content: "website" },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image },
  ];
}
