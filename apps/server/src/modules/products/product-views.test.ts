import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, signIn, type TestApp } from '../../../test/harness.ts';

// POST /api/products/view/{id} once counted every call, so anyone could push a product to the top of
// "most viewed" with a loop. A view counts once per viewer, product and day (docs/architecture.md A6.9).

const DAY = 86_400_000;
let t: TestApp;
let products: number[] = [];
const who: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['ana', 'admin']) who[u] = (await signIn(t.app, `${u}@rewards.test`)).session!;
  products = (
    await t.db
      .select({ id: s.products.id })
      .from(s.products)
      .where(and(eq(s.products.storeId, 1), eq(s.products.active, true)))
      .orderBy(s.products.id)
      .limit(8)
  ).map((p) => p.id);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set('2026-03-02T15:00:00Z'));

const views = async (id: number) => (await t.db.select({ v: s.products.views }).from(s.products).where(eq(s.products.id, id)))[0]!.v;
const view = (id: number, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: `/api/products/view/${id}`, remoteAddress: opts.ip ?? '203.0.113.7', headers: opts.headers ?? {} });
const dedupeRows = async () => Number((await t.db.execute(sql`select count(*)::int as n from product_views`)).rows[0]!.n);

describe('product view counter', () => {
  it('counts an anonymous visitor once a day, whatever junk token they send', async () => {
    const id = products[0]!;
    const before = await views(id);
    const first = await view(id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { counted: true } });
    for (let i = 0; i < 25; i++) {
      const again = await view(id, { headers: { authorization: `Bearer junk-${i}-${Math.random()}` } });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ data: { counted: false } });
    }
    expect(await views(id)).toBe(before + 1);
    // Another address is another viewer.
    expect((await view(id, { ip: '198.51.100.20' })).json().data.counted).toBe(true);
    expect(await views(id)).toBe(before + 2);
  });

  it('counts a signed-in user once a day, from any address', async () => {
    const id = products[1]!;
    const before = await views(id);
    for (const ip of ['203.0.113.7', '198.51.100.1', '192.0.2.44']) {
      const res = await view(id, { ip, headers: as(who.ana) });
      expect(res.statusCode).toBe(200);
    }
    expect(await views(id)).toBe(before + 1);
    expect((await view(id, { headers: as(who.admin) })).json().data.counted).toBe(true);
    expect(await views(id)).toBe(before + 2);
  });

  it('treats the addresses of one IPv6 /64 as one viewer', async () => {
    const id = products[2]!;
    const before = await views(id);
    await view(id, { ip: '2001:db8:1:2::1' });
    await view(id, { ip: '2001:db8:1:2:ffff:abcd:1234:5678' });
    await view(id, { ip: '2001:0db8:0001:0002:0:0:0:9' });
    expect(await views(id)).toBe(before + 1);
    await view(id, { ip: '2001:db8:1:3::1' });
    expect(await views(id)).toBe(before + 2);
    // An IPv4 address written as IPv6 is the same IPv4 viewer.
    await view(id, { ip: '198.51.100.99' });
    await view(id, { ip: '::ffff:198.51.100.99' });
    expect(await views(id)).toBe(before + 3);
  });

  it('counts the same viewer again the next day, and prunes the old days', async () => {
    const id = products[3]!;
    const before = await views(id);
    await view(id);
    await view(id);
    expect(await views(id)).toBe(before + 1);
    expect(await dedupeRows()).toBeGreaterThan(0);
    t.clock.advance(DAY);
    expect((await view(id)).json().data.counted).toBe(true);
    expect(await views(id)).toBe(before + 2);
    // Only today's row is left: yesterday's went when the first view of the day was kept.
    expect(await dedupeRows()).toBe(1);
  });

  it('does not store the client address', async () => {
    await view(products[4]!, { ip: '192.0.2.201' });
    const rows = (await t.db.execute(sql`select viewer from product_views`)).rows as { viewer: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.viewer.includes('192.0.2.201'))).toBe(false);
  });

  it('answers counted: false for an unknown or inactive product, and keeps no row for it', async () => {
    const rowsBefore = await dedupeRows();
    expect((await view(999_999)).json()).toEqual({ data: { counted: false } });
    const id = products[5]!;
    await t.db.update(s.products).set({ active: false }).where(eq(s.products.id, id));
    const before = await views(id);
    expect((await view(id)).json()).toEqual({ data: { counted: false } });
    expect(await views(id)).toBe(before);
    expect(await dedupeRows()).toBe(rowsBefore);
    await t.db.update(s.products).set({ active: true }).where(eq(s.products.id, id));
  });

  it('keeps a forged burst out of "most viewed"', async () => {
    const target = products[6]!;
    const burst = await Promise.all(Array.from({ length: 40 }, () => view(target)));
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    expect(burst.filter((r) => r.json().data.counted)).toHaveLength(1);
  });
});
