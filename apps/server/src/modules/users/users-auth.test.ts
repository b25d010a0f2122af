import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import * as s from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';

// POST /api/users/auth (docs/architecture.md P7): the signed-in caller's backend user record; sign-in itself is
// the OpenID Connect flow, so the call never creates a user nor asserts an identity.

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterAll(() => t.close());

const auth = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/users/auth', headers, payload: payload as object });

describe('POST /api/users/auth', () => {
  it("answers the caller's backend user record with active and new", async () => {
    const me = await make.shopper({ points: 700 });
    const at = new Date('2026-03-01T10:00:00Z');
    await t.db.update(s.users).set({ firstSignInAt: at, lastSignInAt: at, is: 'IS1234' }).where(eq(s.users.id, me.id));
    const res = await auth(me.headers, {
      email: me.email.toUpperCase(),
      name: 'Someone',
      lastName: 'Else',
      ipaddr: '10.0.0.1',
      officeLocation: 'Madrid',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: me.id, active: 1, email: me.email, points: 700, is: 'IS1234', role: 1, new: true });
    // The payload's name is not trusted over the identity provider's.
    expect(res.json().data.name).toBe('Factory');
    // A second sign-in: no longer new.
    await t.db
      .update(s.users)
      .set({ lastSignInAt: new Date('2026-03-02T10:00:00Z') })
      .where(eq(s.users.id, me.id));
    expect((await auth(me.headers, { email: me.email })).json().data.new).toBe(false);
  });

  it('refuses another e-mail (FORBIDDEN), bad input (VALIDATION_FAILED) and a signed-out caller (401)', async () => {
    const me = await make.shopper();
    const other = await make.shopper();
    const theirs = await auth(me.headers, { email: other.email });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().code).toBe('FORBIDDEN');
    for (const payload of [{}, { email: 'not-an-email' }, { email: me.email, role: 3 }, { email: me.email, name: 'x'.repeat(121) }]) {
      const res = await auth(me.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const signedOut = await auth(ORIGIN, { email: me.email });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().code).toBe('UNAUTHENTICATED');
  });
});
