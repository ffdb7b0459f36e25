export const SITE_TITLE = "SkillSwap";
export const SITE_DESCRIPTION =
  "SkillSwap is a real-time skill exchange platform: teach what you know, learn what you want, and trade sessions with SP.";

/** Title, description and share image for a page; `title` is the page's own name, if any. */
export function pageMeta({ title, origin }: { title?: string; origin?: string } = {}) {
  const fullTitle = title ? `${title} · ${SITE_TITLE}` : `${SITE_TITLE} — real-time skill exchange`;
  const image = `${origin ?? ""}/og-image.png`;
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
