import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, ORIGIN, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { loadConfig } from '../../config.ts';
import * as s from '../../db/schema/index.ts';

// The inactive-user message asks to verify the IS (employee id); administrators correct it in /admin/users
// (PUT /api/users/is/{id}), and the sign-in page names where to ask for help (SUPPORT_CONTACT).

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_CONTACT: 'soporte@rewards.test' });
  make = factories(t);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const setIs = (h: Headers, id: number | string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/users/is/${id}`, headers: h, payload: payload as object });
const isOf = async (id: number) => (await t.db.select({ is: s.users.is }).from(s.users).where(eq(s.users.id, id)))[0]?.is;

describe('PUT /api/users/is/{id}', () => {
  it('lets an administrator of the user’s store set, change and clear the IS, even of an inactive user', async () => {
    const admin = await make.admin();
    const user = await make.shopper({ active: false });
    const res = await setIs(admin.headers, user.id, { is: ' EMP-1001 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, is: 'EMP-1001', active: 0 });
    expect(await isOf(user.id)).toBe('EMP-1001');
    // It shows in the list, and the list finds a user by it.
    const list = await t.app.inject({ method: 'GET', url: '/api/users/all?search=emp-1001', headers: admin.headers });
    expect(list.json().data).toMatchObject([{ id: user.id, is: 'EMP-1001' }]);
    expect((await setIs(admin.headers, user.id, { is: 'emp.1001_b' })).json().data.is).toBe('emp.1001_b');
    expect((await setIs(admin.headers, user.id, { is: '' })).json().data.is).toBeNull();
    expect((await setIs(admin.headers, user.id, { is: null })).json().data.is).toBeNull();
  });

  it('keeps an IS unique (trimmed, any case): IS_TAKEN on the field; one’s own IS is no clash', async () => {
    const admin = await make.admin();
    const first = await make.shopper();
    const second = await make.shopper();
    await setIs(admin.headers, first.id, { is: 'IS-77' });
    const taken = await setIs(admin.headers, second.id, { is: 'is-77' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'IS_TAKEN', details: [{ field: 'body.is', code: 'taken' }] });
    expect(taken.json().message).toBe('Otro usuario ya tiene este IS (número de empleado)');
    const en = await t.app.inject({
      method: 'PUT',
      url: `/api/users/is/${second.id}`,
      headers: { ...admin.headers, 'accept-language': 'en' },
      payload: { is: 'IS-77' },
    });
    expect(en.json().message).toBe('Another user already has this IS (employee id)');
    expect(await isOf(second.id)).toBeNull();
    expect((await setIs(admin.headers, first.id, { is: 'is-77' })).statusCode).toBe(200);
    // The database holds the rule too.
    await expect(t.db.update(s.users).set({ is: 'IS-77 ' }).where(eq(s.users.id, second.id))).rejects.toThrow();
  });

  it('refuses a malformed IS with VALIDATION_FAILED on is', async () => {
    const admin = await make.admin();
    const user = await make.shopper();
    for (const is of ['has space', '-lead', 'trail-', 'x'.repeat(41), 'ñandú', 'a\u0000b', 12, true]) {
      const res = await setIs(admin.headers, user.id, { is });
      expect(res.statusCode, String(is)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain('body.is');
    }
    expect((await setIs(admin.headers, user.id, {})).statusCode).toBe(400);
    expect((await setIs(admin.headers, user.id, { is: 'A1', role: 3 })).statusCode).toBe(400);
    expect((await setIs(admin.headers, 'abc', { is: 'A1' })).statusCode).toBe(400);
    expect(await isOf(user.id)).toBeNull();
  });

  it('is for administrators of the user’s store: 401, 403 FORBIDDEN, 403 FORBIDDEN_STORE, 404', async () => {
    const user = await make.shopper();
    const shopper = await make.shopper();
    const elsewhere = await make.admin({ stores: [2] });
    const superAdmin = await make.superAdmin();
    expect((await setIs(ORIGIN, user.id, { is: 'A1' })).statusCode).toBe(401);
    expect((await setIs(shopper.headers, user.id, { is: 'A1' })).json().code).toBe('FORBIDDEN');
    expect((await setIs(shopper.headers, shopper.id, { is: 'A1' })).json().code).toBe('FORBIDDEN');
    const other = await setIs(elsewhere.headers, user.id, { is: 'A1' });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN_STORE');
    expect(await isOf(user.id)).toBeNull();
    expect((await setIs(superAdmin.headers, 2_000_000_000, { is: 'A1' })).json().code).toBe('NOT_FOUND');
    expect((await setIs(superAdmin.headers, user.id, { is: 'A1' })).json().data.is).toBe('A1');
  });
});

describe('GET /api/auth/support', () => {
  it('answers the configured contact to anyone, signed in or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/support' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { contact: { kind: 'email', value: 'soporte@rewards.test', href: 'mailto:soporte@rewards.test' } },
    });
  });

  it('reads an e-mail or an http(s) address from SUPPORT_CONTACT, and refuses anything else at start', () => {
    const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    expect(loadConfig(base).supportContact).toBeNull();
    expect(loadConfig({ ...base, SUPPORT_CONTACT: 'mailto:help@corp.example' }).supportContact).toEqual({
      kind: 'email',
      value: 'help@corp.example',
      href: 'mailto:help@corp.example',
    });
    expect(loadConfig({ ...base, SUPPORT_CONTACT: 'https://help.corp.example/rewards' }).supportContact).toEqual({
      kind: 'url',
      value: 'https://help.corp.example/rewards',
      href: 'https://help.corp.example/rewards',
    });
    for (const bad of ['javascript:alert(1)', 'call 555-1234', 'ftp://files.example', 'help@']) {
      expect(() => loadConfig({ ...base, SUPPORT_CONTACT: bad }), bad).toThrow(/SUPPORT_CONTACT/);
    }
  });
});
