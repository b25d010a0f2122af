import { describe, expect, it } from 'vitest';
import { srcSet, variantUrl, variantWidths } from './pictures.ts';

describe('picture variants', () => {
  it('lists only the variants a picture has, from the width its URL names', () => {
    expect(srcSet('/uploads/products/a-1200.webp')).toBe(
      '/uploads/products/a-300.webp 300w, /uploads/products/a-600.webp 600w, /uploads/products/a-1200.webp 1200w',
    );
    expect(variantWidths('/uploads/products/b-1920.webp')).toEqual([300, 600, 1200, 1920]);
    expect(variantWidths('/uploads/banners/c-2560.webp')).toEqual([300, 600, 1200, 1920, 2560]);
    expect(srcSet('/uploads/banners/c-2560.webp')).toContain('/uploads/banners/c-2560.webp 2560w');
  });

  it('never names a variant wider than the picture has; leaves other URLs alone', () => {
    expect(variantUrl('/uploads/products/a-1200.webp', 1920)).toBe('/uploads/products/a-1200.webp');
    expect(variantUrl('/uploads/banners/c-2560.webp', 300)).toBe('/uploads/banners/c-300.webp');
    expect(variantUrl('/default.svg', 300)).toBe('/default.svg');
    expect(srcSet('/default.svg')).toBeUndefined();
    expect(srcSet('/uploads/x/d-999.webp')).toBeUndefined();
  });
});
