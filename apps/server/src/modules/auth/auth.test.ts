import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, ORIGIN, signIn, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { createApiToken } from './auth.service.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterAll(() => t.close());

/**
 * A user of the users table who has signed in before, for tests that need the real sign-in flow but not
 * the demo directory (the bundled provider finds any user of the table by e-mail).
 */
const returning = (p: Parameters<typeof make.shopper>[0] = {}) => make.shopper({ lastSignInAt: t.clock.now(), ...p });

const profile = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/users/profile/', headers });

// The tests about the bundled provider's demo directory (docs/architecture.md A7: the accounts its page
// lists, the employees it knows who have no account yet) sign in as those; the others sign in factory users.
describe('sign-in through the bundled provider', () => {
  // The demo directory's shopper: her claims, balance and store as the page offers her.
  it('signs the shopper in, first time as new, then as returning', async () => {
    const first = await signIn(t.app, 'ana@rewards.test');
    expect(first.landing).toBe('/?signin=new');
    expect(first.session).toBeTruthy();
    const res = await profile(as(first.session));
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({
      email: 'ana@rewards.test',
      name: 'Ana',
      points: 5000,
      role: 1,
      isStore: false,
      adminStores: [],
      permissions: [],
      storeName: 'Oficina Ciudad de México',
    });
    // No work photo in this test's directory: the web shows initials.
    expect(user.profilePictureUrl).toBeNull();

    const second = await signIn(t.app, 'ANA@rewards.test');
    expect(second.landing).toBe('/?signin=ok');
    expect(second.session).not.toBe(first.session);
  });

  it('sets an httpOnly SameSite=Lax session cookie and keeps only its hash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/login' });
    const flow = res.cookies.find((c) => c.name === 'rs_oidc');
    expect(flow).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const { session } = await signIn(t.app, (await make.admin()).email);
    const rows = await t.db.select({ hash: s.sessions.tokenHash }).from(s.sessions);
    expect(rows.some((r) => r.hash === session)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
  });

  it('creates a user on first sign-in, in the office nearest to the browser', async () => {
    const before = await t.db.select().from(s.users).where(eq(s.users.email, 'nuevo@rewards.test'));
    expect(before).toHaveLength(0);
    // Near Monterrey, the third office.
    const outcome = await signIn(t.app, 'nuevo@rewards.test', '?lat=25.7&long=-100.3&returnTo=/cart');
    expect(outcome.landing).toBe('/cart?signin=new');
    const me = (await profile(as(outcome.session))).json().data;
    expect(me).toMatchObject({
      email: 'nuevo@rewards.test',
      name: 'Nicolás',
      lastName: 'Nuevo',
      role: 1,
      points: 0,
      storeName: 'Oficina Monterrey',
    });
    const [profileRow] = await t.db.select().from(s.profiles).where(eq(s.profiles.userId, me.id));
    expect(profileRow).toBeTruthy();
  });

  it('refuses an inactive user with USER_INACTIVE and no session', async () => {
    const outcome = await signIn(t.app, (await make.shopper({ active: false })).email);
    expect(outcome.landing).toBe('/login?error=USER_INACTIVE');
    expect(outcome.session).toBeUndefined();
  });

  it('does not follow a returnTo to another site', async () => {
    const outcome = await signIn(t.app, (await returning()).email, '?returnTo=//evil.example/x');
    expect(outcome.landing).toBe('/?signin=ok');
  });

  it('rejects an e-mail the directory does not know, on the sign-in page', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/api/auth/login' });
    const cookies = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const auth = await t.app.inject({
      method: 'GET',
      url: new URL(login.headers.location as string).pathname + new URL(login.headers.location as string).search,
      headers: { cookie: cookies },
    });
    const interaction = new URL(auth.headers.location as string, 'http://localhost:3000').pathname;
    const jar = auth.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const page = await t.app.inject({ method: 'GET', url: interaction, headers: { cookie: jar } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('ana@rewards.test');
    expect(page.body).toContain('nuevo@rewards.test');
    const res = await t.app.inject({
      method: 'POST',
      url: `${interaction}/login`,
      headers: { cookie: jar, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...ORIGIN },
      payload: 'email=nobody%40rewards.test',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('There is no account with that e-mail');
  });

  it('refuses a callback without the flow cookie or with a forged state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/callback?code=abc&state=xyz' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=SIGN_IN_FAILED');
    const login = await t.app.inject({ method: 'GET', url: '/api/auth/login' });
    const flow = login.cookies.find((c) => c.name === 'rs_oidc')!;
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/callback?code=abc&state=wrong', cookies: { rs_oidc: flow.value } });
    expect(forged.headers.location).toBe('/login?error=SIGN_IN_FAILED');
  });
});

describe('sessions', () => {
  it('expires after the absolute lifetime and after idling', async () => {
    const { email } = await returning();
    const { session } = await signIn(t.app, email);
    expect((await profile(as(session))).statusCode).toBe(200);
    t.clock.advance(t.config.session.idleMs + 1000);
    const idle = await profile(as(session));
    expect(idle.statusCode).toBe(401);
    expect(idle.json().code).toBe('SESSION_EXPIRED');
    expect(idle.cookies.find((c) => c.name === 'rs_session')?.value).toBe('');

    const again = await signIn(t.app, email);
    for (let elapsed = 0; elapsed < t.config.session.ttlMs; elapsed += t.config.session.idleMs / 2) {
      t.clock.advance(t.config.session.idleMs / 2);
      await profile(as(again.session));
    }
    const res = await profile(as(again.session));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });

  it('logout revokes the session', async () => {
    const { session } = await signIn(t.app, (await returning()).email);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: as(session) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { signedOut: true } });
    const after = await profile(as(session));
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_EXPIRED');
  });

  it('refuses state-changing requests from another origin or without one (CSRF)', async () => {
    const { session } = await signIn(t.app, (await returning()).email);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `rs_session=${session}`, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('ORIGIN_MISMATCH');
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: `rs_session=${session}` } });
    expect(none.statusCode).toBe(403);
    expect((await profile(as(session))).statusCode).toBe(200);
  });

  it('ends the sessions of a user who is deactivated', async () => {
    const user = await returning();
    const { session } = await signIn(t.app, user.email);
    expect((await profile(as(session))).statusCode).toBe(200);
    await t.db.update(s.users).set({ active: 0 }).where(eq(s.users.id, user.id));
    const res = await profile(as(session));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'USER_INACTIVE', message: expect.stringContaining('inactivo') });
    await t.db.update(s.users).set({ active: 1 }).where(eq(s.users.id, user.id));
    expect((await profile(as(session))).statusCode).toBe(401);
  });
});

describe('personal API tokens', () => {
  it('authenticate with Bearer, are hashed at rest, and stop working when revoked', async () => {
    const luis = await make.shopper();
    const { token, id } = await createApiToken(t.db, { userId: luis.id, name: 'test', now: t.clock.now() });
    expect(token.startsWith('rs_')).toBe(true);
    const res = await profile({ authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(luis.email);
    const [row] = await t.db.select().from(s.apiTokens).where(eq(s.apiTokens.id, id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.lastUsedAt).not.toBeNull();

    const bad = await profile({ authorization: 'Bearer rs_nope' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'INVALID_TOKEN', message: 'El token de acceso no es válido o ha caducado' });
    expect((await profile({ authorization: 'Bearer rs_nope', 'accept-language': 'en' })).json().message).toBe(
      'The access token is invalid or expired',
    );
    const malformed = await profile({ authorization: 'Basic abc' });
    expect(malformed.json().code).toBe('INVALID_TOKEN');

    await t.db.update(s.apiTokens).set({ revokedAt: t.clock.now() }).where(eq(s.apiTokens.id, id));
    expect((await profile({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('needs no Origin header (not a browser)', async () => {
    const luis = await make.shopper();
    const { token, id } = await createApiToken(t.db, { userId: luis.id, name: 'ci', now: t.clock.now() });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    // Signing out with a token revokes that token (and only it).
    const [row] = await t.db.select({ revokedAt: s.apiTokens.revokedAt }).from(s.apiTokens).where(eq(s.apiTokens.id, id));
    expect(row!.revokedAt).toEqual(t.clock.now());
  });
});

describe('session check', () => {
  it('answers the session user, or null (never 401) when signed out or expired', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ data: null });
    const luis = await returning();
    const { session } = await signIn(t.app, luis.email);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: as(session) });
    expect(me.json().data).toMatchObject({ email: luis.email });
    t.clock.advance(t.config.session.ttlMs + 1);
    const expired = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: as(session) });
    expect(expired.json()).toEqual({ data: null, reason: 'SESSION_EXPIRED' });
    expect(expired.cookies.find((c) => c.name === 'rs_session')?.value).toBe('');
  });
});
