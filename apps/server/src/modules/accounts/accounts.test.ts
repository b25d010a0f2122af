import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { postPoints } from '../points/points.service.ts';

// The account (docs/architecture.md P3): balance and this program year's figures, the movements with a period
// filter and paging, the statement PDF; a user's own, or an administrator's for users of their stores.

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (h: Headers, url: string) => t.app.inject({ method: 'GET', url, headers: h });
const at = (iso: string) => new Date(iso);

describe('statistics and movements', () => {
  it('answers the balance and the movements newest first, paged, within a period of local days', async () => {
    const me = await make.shopper({ points: 1_000 });
    await postPoints(t.db, {
      entries: [{ userId: me.id, value: -300 }],
      kind: 'adjustment',
      description: 'Corrección',
      descriptionKey: 'adjustment',
      descriptionValues: { reason: 'Corrección' },
      now: at('2026-02-10T12:00:00Z'),
    });
    await postPoints(t.db, {
      entries: [{ userId: me.id, value: 50 }],
      kind: 'adjustment',
      description: 'Bono',
      descriptionKey: 'adjustment',
      descriptionValues: { reason: 'Bono' },
      now: at('2026-02-20T12:00:00Z'),
    });
    const stats = (await get(me.headers, '/api/accounts/statistics')).json().data;
    expect(stats).toMatchObject({ user: { id: me.id }, balance: 750 });

    const all = (await get(me.headers, '/api/accounts/myMovements?pageSize=2')).json();
    expect(all).toMatchObject({ page: 1, pageSize: 2, totalCount: 3, totalPages: 2 });
    expect(all.data.map((m: { value: number }) => m.value)).toEqual([1_000, 50]);

    const february = (await get(me.headers, '/api/accounts/myMovements?from=2026-02-01&to=2026-02-15')).json();
    expect(february.data.map((m: { description: string }) => m.description)).toEqual(['Corrección']);
  });

  it('downloads the statement as a PDF', async () => {
    const me = await make.shopper({ points: 200 });
    const res = await get({ ...me.headers, 'accept-language': 'en' }, '/api/accounts/myMovements?format=pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="statement_\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('whose account', () => {
  it('an administrator reads users of their stores; not of other stores; a shopper only their own', async () => {
    const shopper = await make.shopper({ points: 10 });
    const elsewhere = await make.shopper({ storeId: 2, points: 10 });
    const admin = await make.admin({ stores: [1] });
    expect((await get(admin.headers, `/api/accounts/myMovementsAdmin?userId=${shopper.id}`)).json().totalCount).toBe(1);
    expect((await get(admin.headers, `/api/accounts/statistics?userId=${shopper.id}`)).json().data.balance).toBe(10);
    expect((await get(admin.headers, `/api/accounts/myMovementsAdmin?userId=${elsewhere.id}`)).statusCode).toBe(403);
    expect((await get(shopper.headers, `/api/accounts/movements?userId=${elsewhere.id}`)).statusCode).toBe(403);
    expect((await get(shopper.headers, `/api/accounts/movements?userId=${shopper.id}`)).statusCode).toBe(200);
    expect((await get(shopper.headers, `/api/accounts/myMovementsAdmin?userId=${shopper.id}`)).statusCode).toBe(403);
    expect((await get(ORIGIN, '/api/accounts/statistics')).statusCode).toBe(401);
  });
});
