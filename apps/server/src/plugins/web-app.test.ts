import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { descriptions } from './web-app.ts';

// The plugins app.ts assembles around the API: the built web app and its pages, security headers, the
// benchmark's ceiling route (only when asked for).

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-web-dist-'));
let t: TestApp;
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  // As apps/web/index.html opens: in Spanish (a test below holds the two alike).
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="es"><head><meta name="description" content="${descriptions.es}" /><title>RS</title></head><body></body></html>`,
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // Vite's manifest: the entry, a page and the texts it needs, and a chunk they share with the entry.
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime-1.js' },
      'src/app/routes/category.tsx': { file: 'assets/category-1.js', imports: ['index.html', '_shop.js'] },
      '_shop.js': { file: 'assets/shop-1.js', imports: ['_runtime.js'] },
      'src/locales/es/common.json': { file: 'assets/common-es.js' },
      'src/locales/en/common.json': { file: 'assets/common-en.js' },
    }),
  );
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web app', () => {
  it('answers every page path with the SPA, never cached; hashed assets for a year', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(page.body).not.toContain('page-data');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>RS</title>');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A script is not a document: no page headers on it (nosniff stays).
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    // Immutable: nothing to revalidate or resume.
    expect([asset.headers.etag, asset.headers['last-modified'], asset.headers['accept-ranges']]).toEqual([undefined, undefined, undefined]);
    // A page still carries its request id; a script, whose id is in the log line, does not.
    expect(asset.headers['x-request-id']).toBeUndefined();
    expect(page.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toMatch(/<\/head>/);
  });

  it("carries a shop page's first data, as the visitor's own API answers, with the chunks it needs", async () => {
    const make = factories(t);
    const category = await make.category({ storeId: 2 });
    // A name a page must not let out of its JSON block.
    const product = await make.product({ storeId: 2, categoryId: category.id, name: 'Taza </script><script>alert(1)</script>', stock: 3 });
    const shopper = await make.shopper({ storeId: 2 });
    const res = await t.app.inject({
      method: 'GET',
      url: `/category/${category.slug}?order=price_asc`,
      headers: { cookie: `rs_session=${shopper.session}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toContain('cookie');
    const block = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(res.body)![1]!;
    expect(block).not.toContain('<');
    const { lang, texts, data } = JSON.parse(block);
    expect(lang).toBe('es');
    // The page's texts beyond `common`, which the web app loads before its first render: none here.
    expect(texts).toEqual([]);
    // Keyed by path and sorted query, as the web app asks (apps/web/src/lib/page-data.ts).
    expect(data['/api/auth/session'].data.id).toBe(shopper.id);
    expect(data['/api/categories/?pageSize=100&storeId=2'].data.map((c: { id: number }) => c.id)).toContain(category.id);
    const list = data[`/api/productsAuth/?order=price_asc&page=1&pageSize=20&slug=${category.slug}`];
    expect(list.data.map((p: { id: number; name: string }) => [p.id, p.name])).toEqual([[product.id, product.name]]);
    expect(data['/api/users/profile/counters'].data).toMatchObject({ cart: 0 });
    // The page's chunks beyond the entry's, and its texts in the visitor's language.
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/category-1.js">');
    expect(res.body).toContain('href="/assets/shop-1.js"');
    expect(res.body).toContain('href="/assets/common-es.js"');
    expect(res.body).not.toMatch(/href="\/assets\/(index-1|runtime-1|common-en)\.js"/);

    // An admin page: its frame's first data (session, stores), not the shop header's.
    const admin = await make.admin();
    const orders = await t.app.inject({ method: 'GET', url: '/admin/orders', headers: { cookie: `rs_session=${admin.session}` } });
    const adminData = JSON.parse(/id="page-data">(.*?)<\/script>/s.exec(orders.body)![1]!).data;
    expect(Object.keys(adminData).sort()).toEqual(['/api/auth/session', '/api/stores/?pageSize=100']);

    // A visitor who chose English gets the English texts' chunk and answers asked in English.
    const en = await t.app.inject({ method: 'GET', url: '/faq', headers: { cookie: 'lang=en' } });
    expect(en.body).toContain('"lang":"en","texts":["faq"]');
    expect(en.body).toContain('"/api/auth/session":{"data":null');
    // Someone else's session is never in it; a page the table does not list has none.
    expect(en.body).not.toContain(String(shopper.session));
  });

  it("opens a first visit in the browser's language, and a chosen one in the choice, as the app will show it", async () => {
    const visit = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: '/faq', headers });
      const block = JSON.parse(/id="page-data">(.*?)<\/script>/s.exec(res.body)![1]!);
      return {
        html: /<html lang="(\w+)">/.exec(res.body)?.[1],
        data: block.lang,
        english: res.body.includes(descriptions.en),
        vary: res.headers.vary,
      };
    };
    // No choice yet: the browser's first language the app has (es for es-*, en for en-*), else es.
    expect(await visit({ 'accept-language': 'en-US,en;q=0.9' })).toMatchObject({ html: 'en', data: 'en', english: true });
    expect(await visit({ 'accept-language': 'fr-FR,en-GB;q=0.8,es;q=0.5' })).toMatchObject({ html: 'en', data: 'en' });
    expect(await visit({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' })).toMatchObject({ html: 'es', data: 'es', english: false });
    expect(await visit({ 'accept-language': 'de-DE' })).toMatchObject({ html: 'es', data: 'es' });
    expect(await visit({})).toMatchObject({ html: 'es', data: 'es' });
    // A choice (the app's `lang` cookie) wins over the browser's.
    expect(await visit({ 'accept-language': 'en-US', cookie: 'lang=es' })).toMatchObject({ html: 'es', data: 'es', english: false });
    const chosen = await visit({ 'accept-language': 'es-ES', cookie: 'lang=en' });
    expect(chosen).toMatchObject({ html: 'en', data: 'en', english: true });
    expect(chosen.vary).toContain('accept-language');
  });

  it("is built from the web app's index.html as it is written (in Spanish, with the description it replaces)", () => {
    const index = fs.readFileSync(path.resolve(import.meta.dirname, '../../../web/index.html'), 'utf8');
    expect(index).toContain('<html lang="es">');
    expect(index).toContain(`content="${descriptions.es}"`);
  });

  it('answers unknown API routes and files with the error envelope', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
    const post = await t.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('sends the security headers on pages and API answers', async () => {
    for (const url of ['/cart', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('has no benchmark route unless BENCH_ROUTES is set', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/bench/ceiling' })).statusCode).toBe(404);
  });
});
