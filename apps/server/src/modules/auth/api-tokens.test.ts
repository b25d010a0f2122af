import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, ORIGIN, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { createApiToken } from './auth.service.ts';

// Personal API tokens (docs/architecture.md A5): every token expires, its owner lists and revokes it at
// /api/users/tokens, and signing out with a token revokes that token.

const DAY = 86_400_000;
const START = '2026-03-02T15:00:00Z';

let t: TestApp;
const idOf: Record<string, number> = {};
/** Ana's browser session (she signs in; Luis only uses tokens). */
let anaSession: string;
let anaEmail: string;
beforeAll(async () => {
  t = await createTestApp();
  const make = factories(t);
  const ana = await make.shopper();
  idOf.ana = ana.id;
  anaSession = ana.session;
  anaEmail = ana.email;
  idOf.luis = (await make.shopper()).id;
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profile = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/users/profile', headers });
const tokensApi = {
  list: (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/users/tokens', headers }),
  create: (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/users/tokens', headers, payload }),
  revoke: (headers: Record<string, string>, id: number) => t.app.inject({ method: 'DELETE', url: `/api/users/tokens/${id}`, headers }),
};

describe('personal API token lifetime', () => {
  it('expires after 90 days by default, by the injected clock', async () => {
    const { token, id } = await createApiToken(t.db, { userId: idOf.luis!, name: 'ci', now: t.clock.now() });
    const [row] = await t.db.select({ expiresAt: s.apiTokens.expiresAt }).from(s.apiTokens).where(eq(s.apiTokens.id, id));
    expect(row!.expiresAt).toEqual(new Date(new Date(START).getTime() + 90 * DAY));
    expect((await profile(bearer(token))).statusCode).toBe(200);
    t.clock.advance(90 * DAY - 1);
    expect((await profile(bearer(token))).statusCode).toBe(200);
    t.clock.advance(1);
    const expired = await profile(bearer(token));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('INVALID_TOKEN');
  });

  it('takes a lifetime in days', async () => {
    const { token } = await createApiToken(t.db, { userId: idOf.luis!, name: 'short', now: t.clock.now(), days: 1 });
    expect((await profile(bearer(token))).statusCode).toBe(200);
    t.clock.advance(DAY);
    expect((await profile(bearer(token))).statusCode).toBe(401);
  });

  it('is revoked by signing out with it', async () => {
    const { token } = await createApiToken(t.db, { userId: idOf.luis!, name: 'ci', now: t.clock.now() });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { signedOut: true } });
    const after = await profile(bearer(token));
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('INVALID_TOKEN');
  });
});

describe('/api/users/tokens', () => {
  it('creates a token answering its secret once, lists it without the secret or its hash, and revokes it', async () => {
    const session = anaSession;
    const created = await tokensApi.create(as(session), { name: 'Integración RH', days: 30 });
    expect(created.statusCode).toBe(201);
    const body = created.json().data;
    expect(body).toMatchObject({ name: 'Integración RH', revokedAt: null, lastUsedAt: null });
    expect(body.token).toMatch(/^rs_[A-Za-z0-9_-]{40,}$/);
    expect(body.prefix).toBe(body.token.slice(0, 8));
    expect(new Date(body.expiresAt).getTime()).toBe(new Date(START).getTime() + 30 * DAY);
    expect((await profile(bearer(body.token))).json().data.email).toBe(anaEmail);

    const list = await tokensApi.list(as(session));
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((r: { id: number }) => r.id === body.id);
    expect(listed).toMatchObject({ id: body.id, name: 'Integración RH', prefix: body.prefix, revokedAt: null });
    expect(listed.lastUsedAt).not.toBeNull();
    const [row] = await t.db.select({ hash: s.apiTokens.tokenHash }).from(s.apiTokens).where(eq(s.apiTokens.id, body.id));
    expect(list.body).not.toContain(body.token);
    expect(list.body).not.toContain(row!.hash);
    expect(Object.keys(listed).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'name', 'prefix', 'revokedAt']);

    const revoked = await tokensApi.revoke(as(session), body.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ id: body.id, revokedAt: expect.any(String) });
    expect((await profile(bearer(body.token))).statusCode).toBe(401);
    // Revoking again is harmless.
    expect((await tokensApi.revoke(as(session), body.id)).statusCode).toBe(200);
  });

  it("does not show or revoke another user's token (404)", async () => {
    const luis = await createApiToken(t.db, { userId: idOf.luis!, name: 'de Luis', now: t.clock.now() });
    const session = anaSession;
    const list = await tokensApi.list(as(session));
    expect(list.json().data.some((r: { id: number }) => r.id === luis.id)).toBe(false);
    const res = await tokensApi.revoke(as(session), luis.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await profile(bearer(luis.token))).statusCode).toBe(200);
    // A token revokes its own user's tokens, itself included.
    expect((await tokensApi.revoke(bearer(luis.token), luis.id)).statusCode).toBe(200);
    expect((await profile(bearer(luis.token))).statusCode).toBe(401);
  });

  it('defaults to 90 days, refuses more than 365, and mints tokens only from a signed-in session', async () => {
    const session = anaSession;
    const plain = await tokensApi.create(as(session), { name: 'por defecto' });
    expect(plain.statusCode).toBe(201);
    expect(new Date(plain.json().data.expiresAt).getTime()).toBe(new Date(START).getTime() + 90 * DAY);
    for (const days of [0, 366, 1.5]) {
      const bad = await tokensApi.create(as(session), { name: 'x', days });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await tokensApi.create(as(session), { name: 'x', extra: 1 })).statusCode).toBe(400);
    // A token cannot outlive itself by minting another one.
    const minted = await tokensApi.create(bearer(plain.json().data.token), { name: 'hijo' });
    expect(minted.statusCode).toBe(403);
    expect(minted.json().code).toBe('FORBIDDEN');
  });

  it('needs a signed-in user and a browser request from our origin', async () => {
    expect((await tokensApi.list({})).statusCode).toBe(401);
    expect((await tokensApi.revoke({}, 1)).statusCode).toBe(401);
    expect((await tokensApi.create({}, { name: 'x' })).statusCode).toBe(401);
    const session = anaSession;
    const noOrigin = await tokensApi.create({ cookie: `rs_session=${session}` }, { name: 'x' });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json().code).toBe('ORIGIN_MISMATCH');
    expect((await tokensApi.create({ cookie: `rs_session=${session}`, ...ORIGIN }, { name: 'x' })).statusCode).toBe(201);
  });
});
