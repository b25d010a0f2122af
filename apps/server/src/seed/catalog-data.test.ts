import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { categoryData, productData } from './catalog-data.ts';
import { drawingSvg, productDrawings, productSvg } from './images.ts';

/** Pictures that match their products (seed/images.ts): each demo product names a drawing made for it. */
describe('the demo products’ drawings', () => {
  it('gives every demo product a drawing of its own, made for it', () => {
    const drawings = productData.map((p) => p.drawing);
    // Each one names a drawing that exists, and no two products share one (a hammock is not a tent).
    expect(drawings.filter((d) => !(d in productDrawings))).toEqual([]);
    expect(new Set(drawings).size).toBe(productData.length);
    // And every drawing made is some product's.
    expect(Object.keys(productDrawings).sort()).toEqual([...drawings].sort());
  });

  it("draws a product's own drawing, not its category's", () => {
    const hammock = productData.find((p) => p.name === 'Hamaca portátil')!;
    const flashlight = productData.find((p) => p.name === 'Linterna recargable')!;
    expect([hammock.drawing, flashlight.drawing]).toEqual(['hammock', 'flashlight']);
    const tent = drawingSvg(categoryData.find((c) => c.slug === 'aire-libre')!.icon, 1);
    for (const p of [hammock, flashlight]) {
      const svg = productSvg(p.drawing, 1);
      expect(svg).toContain(productDrawings[p.drawing]('hsl(47, 65%, 48%)'));
      expect(svg).not.toBe(tent);
    }
  });

  it('draws pictures an image library reads: each drawing renders', async () => {
    for (const [i, p] of productData.entries()) {
      const { info } = await sharp(Buffer.from(productSvg(p.drawing, i, 100)))
        .png()
        .toBuffer({ resolveWithObject: true });
      expect([p.drawing, info.width, info.height]).toEqual([p.drawing, 100, 100]);
    }
  });
});
