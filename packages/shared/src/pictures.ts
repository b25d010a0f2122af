/**
 * Stored pictures are WebP variants of one upload, named by width (`…-1200.webp`); the URL kept in the
 * database names the widest variant written (docs/decisions/0032-wide-picture-variants.md):
 * 300, 600 and 1200 always (narrower uploads are not enlarged), 1920 when the upload is wider than 1200,
 * and for banners 2560 when it is wider than 1920. Pictures stored before 0032 end at 1200.
 */
export const PICTURE_WIDTHS = [300, 600, 1200, 1920, 2560] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];
/** Always written, whatever the upload's size. */
export const BASE_PICTURE_WIDTHS = [300, 600, 1200] as const;
/** The widest variant of any picture, and of a banner. */
export const MAX_PICTURE_WIDTH = 1920;
export const MAX_BANNER_WIDTH = 2560;

const VARIANT = /-(\d+)\.webp$/;

/** The widest variant a stored picture URL has, or null for a URL that is not a stored picture. */
export function widestVariant(url: string): PictureWidth | null {
  const w = Number(VARIANT.exec(url)?.[1]);
  return (PICTURE_WIDTHS as readonly number[]).includes(w) ? (w as PictureWidth) : null;
}

/** The variants a stored picture has: every width up to the one its URL names. */
export function variantWidths(url: string): PictureWidth[] {
  const widest = widestVariant(url);
  return widest === null ? [] : PICTURE_WIDTHS.filter((w) => w <= widest);
}

/** The URL of a variant, never wider than the picture has (a `1920` of an older picture is its 1200). */
export function variantUrl(url: string, width: PictureWidth): string {
  const widest = widestVariant(url);
  if (widest === null) return url;
  return url.replace(VARIANT, `-${Math.min(width, widest)}.webp`);
}

/** `srcset` of a stored picture: every variant it has, so the browser picks by `sizes` and density. */
export function srcSet(url: string): string | undefined {
  const widths = variantWidths(url);
  return widths.length ? widths.map((w) => `${variantUrl(url, w)} ${w}w`).join(', ') : undefined;
}
