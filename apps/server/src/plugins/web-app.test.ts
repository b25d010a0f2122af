import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// The plugins app.ts assembles around the API: the built web app and its pages, security headers, the
// benchmark's ceiling route (only when asked for).

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-web-dist-'));
let t: TestApp;
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>RS</title></head><body></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web app', () => {
  it('answers every page path with the SPA, never cached; hashed assets for a year', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/admin/loads/new' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>RS</title>');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toMatch(/<\/head>/);
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
