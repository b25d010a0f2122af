import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';

// A program aligned with the calendar year that closed redemption on 28 Feb; the test clock is 2 Mar 2026.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PROGRAM_TIMEZONE: 'America/Mexico_City',
    PROGRAM_ACCRUAL_START: '01-01',
    PROGRAM_ACCRUAL_END: '02-15',
    PROGRAM_REDEMPTION_END: '02-28',
  });
});
afterAll(() => t.close());

describe('a configured program calendar', () => {
  it('is what /api/program shows and what orders and loads obey', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/program' })).json().data).toMatchObject({
      timeZone: 'America/Mexico_City',
      year: { from: '2026-01-01', to: '2026-12-31' },
      accrual: { to: '2026-02-15', open: false },
      redemption: { to: '2026-02-28', open: false },
      expiresOn: '2026-03-01',
      expired: true,
    });
    const make = factories(t);
    // A shopper who could afford the product, were redemption open.
    const shopper = await make.shopper({ points: 1_000 });
    const product = await make.product({ price: 100, stock: 5 });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: { lines: [{ productId: product.id, quantity: 1 }] },
    });
    expect(order.json()).toMatchObject({ statusCode: 422, code: 'REDEMPTION_CLOSED' });
    const admin = await make.admin();
    const load = await t.app.inject({
      method: 'POST',
      url: '/api/users/points',
      headers: admin.headers,
      payload: { userId: shopper.id, value: 100, description: 'Carga tardía' },
    });
    expect(load.json()).toMatchObject({ statusCode: 422, code: 'ACCRUAL_CLOSED' });
  });
});
