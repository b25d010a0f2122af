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
