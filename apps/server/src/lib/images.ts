import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from './app-error.ts';

/** Every stored picture exists in these widths, as WebP (ARCHITECTURE.md section 5: decoded, re-encoded). */
export const IMAGE_WIDTHS = [300, 600, 1200] as const;
const LARGEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Refuse decompression bombs: about 50 megapixels. */
const MAX_PIXELS = 50_000_000;

/**
 * Validates an upload by decoding it (the file name and MIME type are not trusted), then writes its
 * WebP variants under `uploads/<folder>/` and returns the URL of the largest one.
 */
export async function storeImage(uploadsDir: string, folder: string, input: Buffer, opts: { allowSvg?: boolean } = {}): Promise<string> {
  let format: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height) format = undefined;
  } catch {
    format = undefined;
  }
  if (!format || !(ACCEPTED.has(format) || (opts.allowSvg && format === 'svg'))) {
    throw new AppError('INVALID_IMAGE', 415);
  }
  const id = randomUUID();
  const dir = path.join(uploadsDir, folder);
  await fs.mkdir(dir, { recursive: true });
  try {
    await Promise.all(
      IMAGE_WIDTHS.map((width) =>
        sharp(input, { limitInputPixels: MAX_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toFile(path.join(dir, `${id}-${width}.webp`)),
      ),
    );
  } catch {
    await removeImage(uploadsDir, `/uploads/${folder}/${id}-${LARGEST}.webp`);
    throw new AppError('INVALID_IMAGE', 415);
  }
  return `/uploads/${folder}/${id}-${LARGEST}.webp`;
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
