import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, createTestApp, ORIGIN, signIn, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { safeReturnTo } from './auth.routes.ts';

describe('returnTo after sign-in (no open redirect)', () => {
  let t: TestApp;
  /** An administrator who has signed in before, signing in through the real flow. */
  let email: string;
  beforeAll(async () => {
    t = await createTestApp();
    email = (await factories(t).admin({ lastSignInAt: t.clock.now() })).email;
  });
  afterAll(() => t.close());

  const attacks = [
    '//evil.example',
    '/.//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/a/..//evil.example',
    '/a/../..//evil.example',
    '/\\evil.example',
    '/\\\\evil.example',
    '/.\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
  ];

  it.each(attacks)('%s lands on this site', async (returnTo) => {
    const { landing } = await signIn(t.app, email, `?returnTo=${encodeURIComponent(returnTo)}`);
    expect(landing.startsWith('/')).toBe(true);
    expect(landing.startsWith('//')).toBe(false);
    expect(landing).not.toContain('\\');
    expect(new URL(landing, 'http://localhost:3000').host).toBe('localhost:3000');
  });

  it('keeps a real path with its query and hash', async () => {
    const { landing } = await signIn(t.app, email, `?returnTo=${encodeURIComponent('/category/oficina?order=price_asc#top')}`);
    expect(landing).toBe('/category/oficina?order=price_asc&signin=ok#top');
  });

  it('normalises as a browser would', () => {
    expect(safeReturnTo('/a/../cart')).toBe('/cart');
    expect(safeReturnTo('/.//evil.example')).toBe('/');
    expect(safeReturnTo('/%2e//evil.example')).toBe('/');
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo('/myOrders')).toBe('/myOrders');
  });
});

describe('sign-in while the identity provider is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on the discard port: the provider's discovery fails at once.
    t = await createTestApp({ OIDC_ISSUER: 'http://127.0.0.1:9/', OIDC_CLIENT_ID: 'rewards', OIDC_CLIENT_SECRET: 'not-used' });
  });
  afterAll(() => t.close());

  it('answers a browser with a 503 page that says what happened and how to try again', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/login?returnTo=%2Fcart',
      headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body).toContain('The sign-in service of your company is not answering right now');
    expect(res.body).toContain('href="/api/auth/login?returnTo=%2Fcart"');
    const es = await t.app.inject({ method: 'GET', url: '/api/auth/login', headers: { accept: 'text/html' } });
    expect(es.body).toContain('El servicio de inicio de sesión de tu empresa no responde');
  });

  it('answers an API client with the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/login', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, code: 'IDENTITY_PROVIDER_UNAVAILABLE', requestId: expect.any(String) });
  });
});

/** Production settings with the bundled sign-in allowed, as an operator could run it (A7). */
const production = { NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(48), ALLOW_BUNDLED_SIGN_IN: 'true' };

/**
 * The bundled provider's sign-in page as a browser reaches it (our login, the provider, its interaction),
 * with every cookie set on the way kept both in a jar and as set (to read their attributes).
 */
async function openSignInPage(app: FastifyInstance, lang = 'es') {
  const jar = new CookieJar();
  const set: LightMyRequestResponse['cookies'] = [];
  const get = async (url: string) => {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: jar.header(), host: 'localhost:3000', 'accept-language': lang },
    });
    jar.store(res);
    set.push(...res.cookies);
    return res;
  };
  const relative = (location: string) => {
    const u = new URL(location, 'http://localhost:3000');
    return u.pathname + u.search;
  };
  const login = await get('/api/auth/login');
  const auth = await get(relative(login.headers.location as string));
  const interaction = relative(auth.headers.location as string);
  const page = await get(interaction);
  /** Posts the form as a browser would (or with another body and type), keeping the cookies it sets. */
  const post = async (payload: string, contentType = 'application/x-www-form-urlencoded', headers: Record<string, string> = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: `${interaction}/login`,
      headers: {
        cookie: jar.header(),
        host: 'localhost:3000',
        'content-type': contentType,
        'accept-language': lang,
        ...ORIGIN,
        ...headers,
      },
      payload,
    });
    jar.store(res);
    set.push(...res.cookies);
    return res;
  };
  /** Follows the provider's redirects after a successful post to our callback, keeping cookies. */
  const finish = async (res: LightMyRequestResponse) => {
    let location = relative(res.headers.location as string);
    for (let hop = 0; hop < 5 && !location.startsWith('/api/auth/callback'); hop++)
      location = relative((await get(location)).headers.location as string);
    return get(location);
  };
  return { jar, set, interaction, page, post, finish };
}

/** The page came back as a page: HTML, the form again, and the error shown where the field is. */
function expectFormAgain(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.body).toContain('<form method="post"');
  expect(res.body).toContain('name="email"');
  expect(res.body).toContain(`<p class="error" role="alert" id="sign-in-error">${message}</p>`);
  expect(res.body).toContain('aria-invalid="true"');
}

describe('the bundled sign-in form refuses what it cannot take with a page, never a 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a NUL byte in the e-mail (as the browser encodes it) is 400 and the page again, in either language', async () => {
    const es = await openSignInPage(t.app);
    expectFormAgain(await es.post('email=%2Fe%00'), 400, 'Escribe un correo electrónico válido, por ejemplo nombre@empresa.com.');
    expectFormAgain(
      await es.post('email=ana%00%40rewards.test'),
      400,
      'Escribe un correo electrónico válido, por ejemplo nombre@empresa.com.',
    );
    const en = await openSignInPage(t.app, 'en');
    const res = await en.post('email=%00');
    expectFormAgain(res, 400, 'Type a valid e-mail address, such as name@company.com.');
    // The NUL never comes back in the page.
    expect(res.body).not.toContain('\u0000');
  });

  it('an e-mail longer than there can be, an empty one, one sent twice or with another field is 400 and says which', async () => {
    const { post } = await openSignInPage(t.app, 'en');
    const long = `${'a'.repeat(250)}@rewards.test`;
    expectFormAgain(await post(`email=${long}`), 400, 'The e-mail is too long: at most 254 characters.');
    expectFormAgain(await post('email=%20%20'), 400, 'Type the e-mail of your account.');
    expectFormAgain(await post(''), 400, 'Type the e-mail of your account.');
    expectFormAgain(
      await post('email=ana%40rewards.test&email=admin%40rewards.test'),
      400,
      'Type a valid e-mail address, such as name@company.com.',
    );
    expectFormAgain(await post('email=ana%40rewards.test&role=3'), 400, 'The form could not be read. Type your e-mail and try again.');
    expectFormAgain(await post('email=not-an-address'), 400, 'Type a valid e-mail address, such as name@company.com.');
    // What was typed comes back in the field, escaped.
    const typed = await post('email=%3Cb%3E');
    expect(typed.body).toContain('value="&#60;b&#62;"');
  });

  it('wrong types (JSON numbers, lists, objects, plain text) are 400 and the page; other media types 415 and the page', async () => {
    const { post } = await openSignInPage(t.app, 'en');
    const invalid = 'Type a valid e-mail address, such as name@company.com.';
    expectFormAgain(await post(JSON.stringify({ email: 5 }), 'application/json'), 400, invalid);
    expectFormAgain(await post(JSON.stringify({ email: ['ana@rewards.test'] }), 'application/json'), 400, invalid);
    expectFormAgain(await post(JSON.stringify({ email: { $ne: '' } }), 'application/json'), 400, invalid);
    expectFormAgain(await post(JSON.stringify(['ana@rewards.test']), 'application/json'), 400, invalid);
    expectFormAgain(await post('{"email":', 'application/json'), 400, 'The form could not be read. Type your e-mail and try again.');
    const unreadable = 'The form could not be read. Type your e-mail and try again.';
    expectFormAgain(await post('ana@rewards.test', 'text/plain'), 415, unreadable);
    expectFormAgain(await post('--x--', 'multipart/form-data; boundary=x'), 415, unreadable);
    // Past the form's 4 KB: 413, still the page.
    expectFormAgain(await post(`email=${'a'.repeat(5000)}`), 413, 'The form could not be read. Type your e-mail and try again.');
  });

  it('a page or a post without its sign-in (expired, or opened on its own) says so and how to start again', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/idp/interaction/nothing-here', headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('The sign-in has expired');
    expect(page.body).toContain('href="/login"');
    const post = await t.app.inject({
      method: 'POST',
      url: '/idp/interaction/nothing-here/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...ORIGIN },
      payload: 'email=%00',
    });
    expect(post.statusCode).toBe(400);
    expect(post.body).toContain('El inicio de sesión caducó');
  });

  it('still signs in after a refusal, with the same page', async () => {
    const email = (await factories(t).shopper()).email;
    const { post, finish, jar } = await openSignInPage(t.app);
    expect((await post('email=%00')).statusCode).toBe(400);
    const ok = await post(new URLSearchParams({ email }).toString());
    expect(ok.statusCode).toBe(303);
    const callback = await finish(ok);
    expect(callback.headers.location).toBe('/?signin=new');
    expect(jar.cookies.get('rs_session')).toBeTruthy();
  });

  it('outside production lists the demo accounts that exist, and the employees who can sign in for the first time', async () => {
    const { page } = await openSignInPage(t.app, 'en');
    expect(page.body).toContain('Demo sign-in');
    expect(page.body).toContain('ana@rewards.test');
    expect(page.body).toContain('nuevo@rewards.test');
    expect(page.body).toContain('Another registered account');
  });

  it('keeps the provider’s cookies HttpOnly and SameSite=Lax, Secure only in production as the session’s', async () => {
    const { set } = await openSignInPage(t.app);
    const provider = set.filter((c) => c.name.startsWith('_interaction'));
    expect(provider.length).toBeGreaterThan(0);
    for (const c of provider)
      expect({ httpOnly: c.httpOnly, sameSite: c.sameSite?.toLowerCase(), secure: Boolean(c.secure) }).toEqual({
        httpOnly: true,
        sameSite: 'lax',
        secure: false,
      });
  });
});

describe('the bundled sign-in in production (ALLOW_BUNDLED_SIGN_IN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(production);
  });
  afterAll(() => t.close());

  it('lists no demo account, only a plain e-mail field, and knows only the accounts in the database', async () => {
    const { page, post } = await openSignInPage(t.app, 'en');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Sign in</h1>');
    expect(page.body).not.toContain('Demo');
    expect(page.body).not.toContain('@rewards.test');
    expect(page.body).not.toContain('class="account"');
    expect(page.body).toContain('<label for="email">E-mail</label>');
    // The demo directory's employees without an account do not exist here.
    const unknown = await post('email=nuevo%40rewards.test');
    expectFormAgain(unknown, 400, 'There is no account with that e-mail.');
    const es = await openSignInPage(t.app);
    expect(es.page.body).toContain('<h1>Iniciar sesión</h1>');
    expect(es.page.body).not.toContain('demostración');
  });

  it('signs an existing account in through the field', async () => {
    const email = (await factories(t).shopper()).email;
    const { post, finish, jar } = await openSignInPage(t.app);
    const ok = await post(new URLSearchParams({ email }).toString());
    expect(ok.statusCode).toBe(303);
    expect((await finish(ok)).headers.location).toBe('/?signin=new');
    expect(jar.cookies.get('rs_session')).toBeTruthy();
  });

  it("sets the provider's _interaction and _session cookies Secure, HttpOnly and SameSite=Lax, as rs_oidc and rs_session", async () => {
    const email = (await factories(t).shopper()).email;
    const { set, post, finish } = await openSignInPage(t.app);
    await finish(await post(new URLSearchParams({ email }).toString()));
    // Every cookie set on the way, the clearing ones too (a cleared cookie keeps its attributes).
    const named = (prefix: string) =>
      set.filter((c) => c.name === prefix || c.name.startsWith(`${prefix}.`) || c.name.startsWith(`${prefix}_`));
    for (const name of ['_interaction', '_session', 'rs_oidc', 'rs_session']) {
      const cookies = named(name);
      expect(cookies.length, name).toBeGreaterThan(0);
      for (const c of cookies)
        expect({ name: c.name, secure: c.secure, httpOnly: c.httpOnly, sameSite: c.sameSite?.toLowerCase() }).toEqual({
          name: c.name,
          secure: true,
          httpOnly: true,
          sameSite: 'lax',
        });
    }
    // _interaction_resume, and each one's signature, are among them.
    expect(set.map((c) => c.name)).toEqual(
      expect.arrayContaining(['_interaction', '_interaction.sig', '_interaction_resume', '_session', '_session.sig']),
    );
  });
});
