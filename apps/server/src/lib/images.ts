import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { BASE_PICTURE_WIDTHS, MAX_BANNER_WIDTH, MAX_PICTURE_WIDTH, PICTURE_WIDTHS, type PictureWidth } from '@rewards/shared/pictures';
import { AppError } from './app-error.ts';

/**
 * Every width a stored picture may have, as WebP (docs/architecture.md A5: decoded, re-encoded); which ones
 * an upload gets: `variantWidthsFor` (docs/decisions/0032-wide-picture-variants.md).
 */
export const IMAGE_WIDTHS = PICTURE_WIDTHS;

/**
 * The variants written for an upload `sourceWidth` pixels wide: 300, 600 and 1200 always (not enlarged:
 * the cards and thumbnails ask for them by name), then 1920, and for banners 2560, only when the upload
 * is wider than the variant before it, so no wide file is an enlarged copy of a narrower one.
 */
export function variantWidthsFor(sourceWidth: number, folder: string): PictureWidth[] {
  const widths: PictureWidth[] = [...BASE_PICTURE_WIDTHS];
  const max = folder === 'banners' ? MAX_BANNER_WIDTH : MAX_PICTURE_WIDTH;
  for (const w of PICTURE_WIDTHS) if (w > 1200 && w <= max && sourceWidth > widths[widths.length - 1]!) widths.push(w);
  return widths;
}
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Refuse decompression bombs: about 50 megapixels. */
const MAX_PIXELS = 50_000_000;

/**
 * Validates an upload by decoding it (the file name and MIME type are not trusted), then writes its
 * WebP variants under `uploads/<folder>/` and returns the URL of the largest one.
 */
export async function storeImage(uploadsDir: string, folder: string, input: Buffer, opts: { allowSvg?: boolean } = {}): Promise<string> {
  let format: string | undefined;
  let sourceWidth = 0;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
    format = meta.format;
    // A picture turned by its EXIF orientation is as wide as it is tall on disk.
    sourceWidth = (meta.orientation ?? 1) >= 5 ? (meta.height ?? 0) : (meta.width ?? 0);
    if (!meta.width || !meta.height) format = undefined;
  } catch {
    format = undefined;
  }
  if (!format || !(ACCEPTED.has(format) || (opts.allowSvg && format === 'svg'))) {
    throw new AppError('INVALID_IMAGE');
  }
  const id = randomUUID();
  const widths = variantWidthsFor(sourceWidth, folder);
  const largest = widths[widths.length - 1]!;
  const dir = path.join(uploadsDir, folder);
  // Encoded in memory first: a picture that does not decode is the client's (INVALID_IMAGE), a disk that
  // cannot take the files is the server's (UPLOADS_FULL, faults/uploads.fault.ts), never one mistaken for the other.
  let variants: Buffer[];
  try {
    variants = await Promise.all(
      widths.map((width) =>
        sharp(input, { limitInputPixels: MAX_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer(),
      ),
    );
  } catch {
    throw new AppError('INVALID_IMAGE');
  }
  try {
    await fs.mkdir(dir, { recursive: true });
    await Promise.all(widths.map((width, i) => fs.writeFile(path.join(dir, `${id}-${width}.webp`), variants[i]!)));
  } catch (err) {
    await removeImage(uploadsDir, `/uploads/${folder}/${id}-${largest}.webp`);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') throw new AppError('UPLOADS_FULL');
    throw err;
  }
  return `/uploads/${folder}/${id}-${largest}.webp`;
}

/** Deletes every variant of a stored picture; missing files are fine. */
export async function removeImage(uploadsDir: string, url: string | null | undefined): Promise<void> {
  if (!url?.startsWith('/uploads/')) return;
  const base = url.replace(/-\d+\.webp$/, '');
  await Promise.all(
    IMAGE_WIDTHS.map((w) =>
      fs.rm(path.join(uploadsDir, `${base.slice('/uploads/'.length)}-${w}.webp`), { force: true }).catch(() => undefined),
    ),
  );
}

/**
 * Stores uploaded pictures, then runs the database write with their URLs. If storing or the write
 * fails, the new files are deleted; once the write succeeds, the files it replaced are deleted.
 */
export async function withStoredImages<T>(
  uploadsDir: string,
  folder: string,
  uploads: Buffer[],
  write: (urls: string[]) => Promise<{ result: T; replaced?: (string | null | undefined)[] }>,
): Promise<T> {
  const urls: string[] = [];
  try {
    for (const upload of uploads) urls.push(await storeImage(uploadsDir, folder, upload));
    const { result, replaced = [] } = await write(urls);
    await Promise.all(replaced.map((url) => removeImage(uploadsDir, url)));
    return result;
  } catch (err) {
    await Promise.all(urls.map((url) => removeImage(uploadsDir, url)));
    throw err;
  }
}
