import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { factories } from './factories.ts';

// Every call of the original brief's list of calls is routed (its paths are kept: docs/architecture.md P7).
// The table is that list copied by hand, one row per call, `{filters}` dropped and `{id}` replaced by a
// sample id. A call may answer anything a real route
// answers (200, 400 for an empty body, 404 NOT_FOUND for a sample id that does not exist, 409, 415 for a
// JSON body where a form is expected): only 404 ROUTE_NOT_FOUND, "no such route", fails.
const SPEC_CALLS: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string][] = [
  ['GET', '/api/categories/'],
  ['GET', '/api/categories/1'],
  ['POST', '/api/categories'],
  ['PUT', '/api/categories/1'],
  ['DELETE', '/api/categories/delete/1'],
  ['PUT', '/api/categories/deactivate/1'],
  ['PUT', '/api/categories/activate/1'],
  ['GET', '/api/products/all/'],
  ['GET', '/api/products/slug/some-slug'],
  ['GET', '/api/productsAuth/1'],
  ['GET', '/api/productAdmin/'],
  ['POST', '/api/products'],
  ['PUT', '/api/products/image/1'],
  ['DELETE', '/api/products/delete/1'],
  ['PUT', '/api/products/deactivate/1'],
  ['PUT', '/api/products/activate/1'],
  ['GET', '/api/productsAuth/'],
  ['GET', '/api/products/'],
  ['GET', '/api/products/stats/?type=featured'],
  ['GET', '/api/products/category/slug/'],
  ['GET', '/api/products/categoryAuth/'],
  ['GET', '/api/products/category/'],
  ['GET', '/api/products/lastShopping/'],
  ['GET', '/api/products/otherResultsAuth'],
  ['GET', '/api/products/otherResults'],
  ['GET', '/api/products/stock/1/1'],
  ['PUT', '/api/products/'],
  ['GET', '/api/rewards/'],
  ['GET', '/api/rewards/1'],
  ['POST', '/api/rewards'],
  ['PUT', '/api/rewards/1'],
  ['DELETE', '/api/rewards/delete/1'],
  ['PUT', '/api/rewards/deactivate/1'],
  ['PUT', '/api/rewards/activate/1'],
  ['GET', '/api/rewards/area/'],
  ['GET', '/api/areas/'],
  ['GET', '/api/areas/1'],
  ['POST', '/api/areas'],
  ['PUT', '/api/areas/1'],
  ['DELETE', '/api/areas/delete/1'],
  ['PUT', '/api/areas/deactivate/1'],
  ['PUT', '/api/areas/activate/1'],
  ['GET', '/api/orders/'],
  ['GET', '/api/orders/detail/1'],
  ['POST', '/api/orders'],
  ['POST', '/api/orders/orderDetail'],
  ['PUT', '/api/orders/1'],
  ['DELETE', '/api/orders/delete/1'],
  ['PUT', '/api/orders/deactivate/1'],
  ['PUT', '/api/orders/activate/1'],
  ['GET', '/api/orders/user'],
  ['POST', '/api/orders/edit'],
  ['GET', '/api/orders/tracking/1'],
  ['POST', '/api/loads/review'],
  ['POST', '/api/loads/'],
  ['GET', '/api/loads/'],
  ['GET', '/api/loads/consolidated/'],
  ['GET', '/api/loads/consolidated/export'],
  ['GET', '/api/loads/emails/'],
  ['POST', '/api/loads/challenge'],
  ['GET', '/api/stores/user/'],
  ['GET', '/api/stores/'],
  ['GET', '/api/stores/1'],
  ['POST', '/api/stores'],
  ['PUT', '/api/stores/1'],
  ['DELETE', '/api/stores/delete/1'],
  ['PUT', '/api/stores/deactivate/1'],
  ['PUT', '/api/stores/activate/1'],
  ['GET', '/api/inventory/'],
  ['GET', '/api/inventory/1'],
  ['POST', '/api/inventory'],
  ['PUT', '/api/inventory/1'],
  ['DELETE', '/api/inventories/delete/1'],
  ['PUT', '/api/inventory/deactivate/1'],
  ['PUT', '/api/inventory/active/1'],
  ['GET', '/api/shoppingCart/'],
  ['POST', '/api/shoppingCart/'],
  ['POST', '/api/shoppingCart/remove'],
  ['GET', '/api/shoppingCart/1'],
  ['DELETE', '/api/shoppingCart/1'],
  ['PUT', '/api/shoppingCart/1'],
  ['GET', '/api/shoppingCart/1/1'],
  ['POST', '/api/users/auth'],
  ['GET', '/api/users/store/?storeId=1'],
  ['GET', '/api/users/one/1'],
  ['GET', '/api/users/all/'],
  ['GET', '/api/users/deactivated'],
  ['PUT', '/api/users/1'],
  ['PUT', '/api/users/activate/1'],
  ['PUT', '/api/users/deactivate/1'],
  ['POST', '/api/users/points'],
  ['GET', '/api/users/profile/'],
  ['POST', '/api/users/profile'],
  ['GET', '/api/accounts/statistics/'],
  ['GET', '/api/accounts/movements/?userId=1'],
  ['GET', '/api/accounts/myMovements/'],
  ['GET', '/api/accounts/myMovementsAdmin/'],
  ['GET', '/api/notifications/'],
  ['PUT', '/api/notifications/viewed/1'],
  ['GET', '/api/wishlists/'],
  ['POST', '/api/wishlists/'],
  ['DELETE', '/api/wishlists/delete/1'],
  ['GET', '/api/banners/'],
  ['GET', '/api/banners/admin/'],
  ['GET', '/api/banners/1'],
  ['POST', '/api/banners'],
  ['PUT', '/api/banners/1'],
  ['DELETE', '/api/banners/delete/1'],
  ['PUT', '/api/banners/deactivate/1'],
  ['PUT', '/api/banners/activate/1'],
  ['GET', '/api/challenges/'],
  ['GET', '/api/challenges/1'],
  ['POST', '/api/challenges'],
  ['PUT', '/api/challenges/1'],
  ['DELETE', '/api/challenges/delete/1'],
  ['PUT', '/api/challenges/deactivate/1'],
  ['PUT', '/api/challenges/activate/1'],
  ['POST', '/api/challenges/answers'],
  ['GET', '/api/challenges/userChallenge'],
  ['GET', '/api/challenges/participants'],
  ['GET', '/api/catalog/tracking'],
  ['GET', '/api/catalog/categories'],
  ['GET', '/api/userPreferences'],
  ['GET', '/api/userPreferences/contactPreferences'],
];

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await factories(t).superAdmin()).headers;
});
afterAll(() => t.close());

const call = (method: string, url: string) =>
  t.app.inject({ method: method as 'GET', url, headers, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
const codeOf = (res: { headers: Record<string, unknown>; json: () => { code?: string } }) =>
  String(res.headers['content-type'] ?? '').includes('json') ? res.json().code : undefined;

describe('the calls of the original brief (docs/architecture.md P7)', () => {
  it('lists every call once', () => {
    expect(SPEC_CALLS).toHaveLength(124);
    expect(new Set(SPEC_CALLS.map(([m, p]) => `${m} ${p}`)).size).toBe(SPEC_CALLS.length);
  });

  it('a call that is not routed answers 404 ROUTE_NOT_FOUND (what the next test looks for)', async () => {
    const res = await call('PUT', '/api/shoppingCart/clear/everything');
    expect(res.statusCode).toBe(404);
    expect(codeOf(res)).toBe('ROUTE_NOT_FOUND');
  });

  it('routes every call', async () => {
    const unrouted: string[] = [];
    for (const [method, path] of SPEC_CALLS) {
      const res = await call(method, path);
      expect(res.statusCode, `${method} ${path}`).toBeLessThan(500);
      if (res.statusCode === 404 && codeOf(res) === 'ROUTE_NOT_FOUND') unrouted.push(`${method} ${path}`);
    }
    expect(unrouted).toEqual([]);
  }, 60_000);
});
