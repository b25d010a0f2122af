import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { withStoredImages } from './images.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-images-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
const files = () => (fs.existsSync(path.join(dir, 'x')) ? fs.readdirSync(path.join(dir, 'x')) : []);

describe('withStoredImages', () => {
  it('stores WebP variants, and removes the replaced pictures once the write succeeds', async () => {
    const [first] = await withStoredImages(dir, 'x', [await png()], async (urls) => ({ result: urls }));
    expect(files()).toHaveLength(3); // 300, 600, 1200
    await withStoredImages(dir, 'x', [await png()], async () => ({ result: null, replaced: [first] }));
    expect(files()).toHaveLength(3);
    expect(files().some((f) => first!.includes(f.replace(/-\d+\.webp$/, '')))).toBe(false);
  });

  it('removes the new files when the write fails, and refuses what is not an image', async () => {
    const before = files().length;
    await expect(
      withStoredImages(dir, 'x', [await png(), await png()], async () => Promise.reject(new Error('write failed'))),
    ).rejects.toThrow('write failed');
    expect(files()).toHaveLength(before);
    await expect(
      withStoredImages(dir, 'x', [await png(), Buffer.from('not an image')], async () => ({ result: 1 })),
    ).rejects.toBeInstanceOf(AppError);
    expect(files()).toHaveLength(before);
  });
});

describe('wide variants (decision 0032)', () => {
  const wide = (width: number) =>
    sharp({ create: { width, height: Math.round(width * 0.3), channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
  const widthsOf = async (folder: string, url: string) => {
    const base = path.basename(url).replace(/-\d+\.webp$/, '');
    const names = fs.readdirSync(path.join(dir, folder)).filter((f) => f.startsWith(base));
    const sized = await Promise.all(
      names.map(async (f) => [Number(/-(\d+)\.webp$/.exec(f)![1]), (await sharp(path.join(dir, folder, f)).metadata()).width]),
    );
    return sized.sort((a, b) => a[0]! - b[0]!);
  };

  it('gives a wide product picture a 1920 variant, and names it in the URL', async () => {
    const [url] = await withStoredImages(dir, 'products', [await wide(3000)], async (urls) => ({ result: urls }));
    expect(url).toMatch(/-1920\.webp$/);
    expect(await widthsOf('products', url!)).toEqual([
      [300, 300],
      [600, 600],
      [1200, 1200],
      [1920, 1920],
    ]);
  });

  it('gives a wide banner 1920 and 2560; a banner between 1200 and 1920 keeps its own width as its widest', async () => {
    const [url] = await withStoredImages(dir, 'banners', [await wide(3000)], async (urls) => ({ result: urls }));
    expect(url).toMatch(/-2560\.webp$/);
    expect((await widthsOf('banners', url!)).map(([w, actual]) => [w, actual])).toEqual([
      [300, 300],
      [600, 600],
      [1200, 1200],
      [1920, 1920],
      [2560, 2560],
    ]);
    const [mid] = await withStoredImages(dir, 'banners', [await wide(1500)], async (urls) => ({ result: urls }));
    expect(mid).toMatch(/-1920\.webp$/);
    expect((await widthsOf('banners', mid!)).at(-1)).toEqual([1920, 1500]);
  });

  it('writes no wide variant for a picture that is not wider than 1200, and removes every variant', async () => {
    const [url] = await withStoredImages(dir, 'products', [await wide(1200)], async (urls) => ({ result: urls }));
    expect(url).toMatch(/-1200\.webp$/);
    expect((await widthsOf('products', url!)).map(([w]) => w)).toEqual([300, 600, 1200]);
    const [big] = await withStoredImages(dir, 'banners', [await wide(2800)], async (urls) => ({ result: urls }));
    await withStoredImages(dir, 'banners', [], async () => ({ result: null, replaced: [big] }));
    expect(await widthsOf('banners', big!)).toEqual([]);
  });
});
