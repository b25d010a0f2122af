import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from './app-error.ts';

/** Every stored picture exists in these widths, as WebP (docs/architecture.md A5: decoded, re-encoded). */
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
    throw new AppError('INVALID_IMAGE');
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
    throw new AppError('INVALID_IMAGE');
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
