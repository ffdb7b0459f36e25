/**
 * Member pictures as the pages show them (decision 027): every upload is re-encoded on the server
 * into square WebP files of these widths, and an <img> names them all in `srcset`, so the browser
 * fetches the one that fits the size it is shown at and the screen's density. Browser-safe.
 */
export const PICTURE_SIZES = [64, 128, 256, 512] as const;
export type PictureSize = (typeof PICTURE_SIZES)[number];
/** What `/avatars/{uid}/{version}` without a size answers: enough for any place a picture is shown. */
export const DEFAULT_PICTURE_SIZE: PictureSize = 256;

/**
 * The largest picture a signed-in member may send as it comes from a phone camera (4032×3024 is
 * 3–6 MB, a 48-megapixel one up to about 12 MB). server.mjs allows this much (plus the form around
 * it) on the upload route alone; the upload is written to a temporary file as it arrives.
 */
export const MAX_PICTURE_BYTES = 12 * 1024 * 1024;

/** A picture of ours: `/avatars/{uid}/{version}`. Anything else (the default picture) has one size. */
export const PICTURE_ROUTE = /^\/avatars\/([A-Za-z0-9-]+)\/([0-9a-z]+)$/;

export function isPictureSize(value: number): value is PictureSize {
  return (PICTURE_SIZES as readonly number[]).includes(value);
}

/**
 * The attributes of an <img> that shows `src` at `shownPx` CSS pixels: one of our pictures comes with
 * every size in `srcset`, so a phone with a dense screen takes a larger one and a list takes a small one.
 */
export function pictureSources(src: string, shownPx: number): { src: string; srcSet?: string; sizes?: string } {
  if (!PICTURE_ROUTE.test(src)) return { src };
  return {
    src,
    srcSet: PICTURE_SIZES.map((size) => `${src}/${size} ${size}w`).join(", "),
    sizes: `${shownPx}px`,
  };
}
