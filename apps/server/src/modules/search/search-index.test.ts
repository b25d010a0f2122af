import { describe, expect, it } from 'vitest';
import type { Product } from '@rewards/shared/products';
import { CatalogSearch, type CatalogueSource, type IndexableProduct, typoDistance } from './search.service.ts';

// The index on its own, with a catalogue held in the test: when it reads, what a search waits for.
function product(id: number, name: string, p: Partial<Product> = {}): IndexableProduct {
  const dto: Product = {
    id,
    name,
    nameEn: '',
    slug: `p-${id}`,
    description: 'Producto de prueba',
    descriptionEn: '',
    price: 100,
    stock: 1,
    featured: false,
    active: true,
    storeId: 1,
    categoryId: 1,
    categoryTitle: 'Hogar',
    categoryTitleEn: '',
    categorySlug: 'hogar',
    images: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    ...p,
  };
  return { product: dto, createdAtMs: Date.parse(dto.createdAt), views: 0, version: JSON.stringify(dto) };
}

/** A source over `catalogue()`; each read sees the catalogue as it was when its versions were read. */
function sourceOf(catalogue: () => IndexableProduct[], gate?: () => Promise<void>): CatalogueSource & { reads: number } {
  let seen: IndexableProduct[] = [];
  const source = {
    reads: 0,
    async versions(_store: number, limit: number) {
      source.reads++;
      const snapshot = catalogue();
      await gate?.();
      seen = snapshot;
      if (snapshot.length > limit) return undefined;
      return { categories: '', products: new Map(snapshot.map((p) => [p.product.id, p.version])) };
    },
    async products(_store: number, ids?: number[]) {
      return ids ? seen.filter((p) => ids.includes(p.product.id)) : seen;
    },
  };
  return source;
}

/** A gate the test opens by hand, one read at a time. */
function manualGate() {
  const waiting: (() => void)[] = [];
  return {
    waiting,
    gate: () => new Promise<void>((resolve) => waiting.push(resolve)),
  };
}
const tick = () => new Promise((r) => setTimeout(r, 0));
const query = (search: string) => ({ search, page: 1, pageSize: 20 });
const namesOf = (page: { data: { name: string }[] } | undefined) => page?.data.map((p) => p.name);

describe('CatalogSearch', () => {
  it('answers a page as the JSON JSON.stringify makes of it, after a product changes too', async () => {
    let catalogue = [
      product(1, 'Taza roja'),
      product(2, 'Taza azul', { images: [{ url: '/u/a.webp' }] as Product['images'] }),
      product(3, 'Termo'),
    ];
    const search = new CatalogSearch(sourceOf(() => catalogue));
    for (const q of [query('taza'), { ...query('taza'), page: 2, pageSize: 1 }, query('nada que ver')])
      expect(await search.listJson(1, q)).toBe(JSON.stringify(await search.list(1, q)));
    catalogue = [product(1, 'Taza roja', { price: 250 }), ...catalogue.slice(1)];
    search.invalidate();
    const json = await search.listJson(1, query('taza roja'));
    expect(json).toBe(JSON.stringify(await search.list(1, query('taza roja'))));
    expect(JSON.parse(json!).data[0].price).toBe(250);
  });

  it('builds a store on its first search; searches meanwhile wait for the whole index', async () => {
    const { waiting, gate } = manualGate();
    const source = sourceOf(() => [product(1, 'Taza roja'), product(2, 'Taza azul'), product(3, 'Termo')], gate);
    const search = new CatalogSearch(source);
    const first = search.list(1, query('taza'));
    const second = search.list(1, query('termo'));
    await tick();
    expect(source.reads).toBe(1); // one read, shared
    waiting[0]!();
    expect(namesOf(await first)?.sort()).toEqual(['Taza azul', 'Taza roja']);
    expect(namesOf(await second)).toEqual(['Termo']);
  });

  it('a search after a signal never gets a read that began before it', async () => {
    let catalogue = [product(1, 'Taza roja')];
    const { waiting, gate } = manualGate();
    const source = sourceOf(() => catalogue, gate);
    const search = new CatalogSearch(source);
    const warm = search.list(1, query('taza'));
    await tick();
    waiting[0]!();
    await warm;

    search.invalidate();
    const before = search.list(1, query('termo')); // starts read 2
    await tick();
    catalogue = [product(1, 'Taza roja'), product(2, 'Termo')]; // a write commits during read 2...
    search.invalidate(); // ...and signals
    const after = search.list(1, query('termo'));
    waiting[1]!(); // read 2 saw the catalogue without the termo
    expect(namesOf(await before)).toEqual([]);
    await tick();
    expect(source.reads).toBe(3); // the later search needed a read that began after the signal
    waiting[2]!();
    expect(namesOf(await after)).toEqual(['Termo']);
  });

  it('updates a few changed products in place and rebuilds when many changed, with the same answers', async () => {
    const many = Array.from({ length: 40 }, (_, i) => product(i + 1, `Libreta ${i + 1}`));
    let catalogue = many;
    const search = new CatalogSearch(sourceOf(() => catalogue));
    expect((await search.list(1, query('libreta')))?.totalCount).toBe(40);

    // Product 1 removed, product 2 renamed, product 41 added: updated in place.
    catalogue = [...many.slice(2), product(2, 'Cuaderno 2'), product(41, 'Mochila urbana')];
    search.invalidate();
    expect((await search.list(1, query('libreta')))?.totalCount).toBe(38);
    expect(namesOf(await search.list(1, query('cuaderno')))).toEqual(['Cuaderno 2']);
    expect(namesOf(await search.list(1, query('mochila')))).toEqual(['Mochila urbana']);

    catalogue = catalogue.map((p) => product(p.product.id, p.product.name.replace('Libreta', 'Agenda')));
    search.invalidate();
    expect(await search.list(1, query('libreta'))).toMatchObject({ totalCount: 0 });
    expect((await search.list(1, query('agenda')))?.totalCount).toBe(38);
    expect(search.size).toBe(40);

    // Renamed one at a time: each refresh updates in place, and the old words are compacted away.
    for (let i = 3; i <= 20; i++) {
      catalogue = catalogue.map((p) => (p.product.id === i ? product(i, `Cuaderno ${i}`) : p));
      search.invalidate();
      expect((await search.list(1, query('cuaderno')))?.totalCount).toBe(i - 1);
    }
    expect((await search.list(1, query('agenda')))?.totalCount).toBe(20);
  });

  it('serves an index past its maximum age while it reads again in the background', async () => {
    let now = 0;
    let catalogue = [product(1, 'Gorra')];
    const source = sourceOf(() => catalogue);
    const search = new CatalogSearch(source, { maxAgeMs: 1000, now: () => now });
    expect(namesOf(await search.list(1, query('gorra')))).toEqual(['Gorra']);
    catalogue = [product(1, 'Gorra'), product(2, 'Gorra azul')]; // a write whose signal was lost
    now = 2000;
    expect(namesOf(await search.list(1, query('gorra')))).toEqual(['Gorra']);
    await tick();
    expect(source.reads).toBe(2);
    expect((await search.list(1, query('gorra')))?.totalCount).toBe(2);
  });

  it('answers undefined for a store over its size, so the caller searches in PostgreSQL', async () => {
    const search = new CatalogSearch(
      sourceOf(() => [product(1, 'Taza'), product(2, 'Taza azul')]),
      { maxProducts: 1 },
    );
    expect(await search.list(1, query('taza'))).toBeUndefined();
    expect(await search.suggest(1, 'ta', 5)).toBeUndefined();
  });

  it('allows more typos in longer words', () => {
    expect(['usb', 'taza', 'mochla', 'audifonoz', 'cargadro'].map(typoDistance)).toEqual([0, 1, 1, 2, 2]);
    expect(CatalogSearch.answers('a b')).toBe(false);
    expect(CatalogSearch.answers('a bc')).toBe(true);
  });
});
