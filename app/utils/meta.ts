export const SITE_TITLE = "SkillSwap";
export const SITE_DESCRIPTION =
  "SkillSwap is a real-time skill exchange platform: teach what you know, learn what you want, and trade sessions with SP.";

/** The route matches a meta function receives; only the root's data is read. */
type MetaMatches = readonly { id: string; data?: unknown }[];

/** The site's name, tagline and description in the reader's language, as the root loader put them. */
function rootSite(matches: MetaMatches | undefined): { title: string; tagline: string; description: string } {
  const data = matches?.find((m) => m.id === "root")?.data as { site?: Record<string, unknown> } | undefined;
  const site = data?.site;
  const text = (key: string, fallback: string) => (typeof site?.[key] === "string" ? (site[key] as string) : fallback);
  return {
    title: text("title", SITE_TITLE),
    tagline: text("tagline", "real-time skill exchange"),
    description: text("description", SITE_DESCRIPTION),
  };
}

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
  const site = rootSite(matches);
  const fullTitle = title ? `${title} · ${site.title}` : `${site.title} — ${site.tagline}`;
  const image = `${origin ?? rootOrigin(matches)}/og-image.png`;
  return [
    { title: fullTitle },
    { name: "description", content: site.description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: site.description },
    { property: "og:type", content: "website" },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image },
  ];
}
