import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, png, signIn, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { writeDemoPortraits } from '../../seed/portraits.ts';
import { fixedToken, graphClient } from '../../lib/graph.ts';
import { ensureProfilePhoto } from './profile-photo.service.ts';

/** A local picture host (the provider's picture URL, and Graph's /me/photo/$value), counting what it is asked. */
class PictureHost {
  hits: Record<string, number> = {};
  auth: (string | undefined)[] = [];
  picture: Buffer = Buffer.alloc(0);
  port = 0;
  private server = http.createServer((req, res) => {
    const url = req.url ?? '';
    this.hits[url] = (this.hits[url] ?? 0) + 1;
    if (url === '/photos/ana.png' || url === '/v1.0/me/photo/$value') {
      if (url.startsWith('/v1.0/')) this.auth.push(req.headers.authorization);
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': this.picture.length });
      return res.end(this.picture);
    }
    if (url === '/photos/broken.png') {
      res.writeHead(500);
      return res.end('boom');
    }
    if (url === '/photos/not-an-image.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end('<html>not a picture</html>');
    }
    res.writeHead(404);
    res.end();
  });
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  url(p: string) {
    return `http://127.0.0.1:${this.port}${p}`;
  }
}

const host = new PictureHost();
let t: TestApp;
const idOf: Record<string, number> = {};

beforeAll(async () => {
  await host.start();
  host.picture = await png('#0ea5e9', 400, 400);
  t = await createTestApp();
  // Three users without a photo, one per test that fetches one.
  const make = factories(t);
  for (const who of ['ana', 'luis', 'maria']) idOf[who] = (await make.shopper()).id;
});
afterAll(async () => {
  await t?.close();
  await host.stop();
});

const photoOf = async (userId: number) =>
  (await t.db.select({ url: s.users.profilePictureUrl }).from(s.users).where(eq(s.users.id, userId)))[0]!.url;
const variants = (url: string) =>
  [300, 600, 1200].map((w) => path.join(t.config.uploadsDir, url.slice('/uploads/'.length).replace(/-1200\.webp$/, `-${w}.webp`)));

describe('the work photo', () => {
  it("fetches the provider's picture once and keeps it as an upload with our image variants", async () => {
    const source = { kind: 'url' as const, url: host.url('/photos/ana.png') };
    const first = await ensureProfilePhoto(t.db, { userId: idOf.ana!, uploadsDir: t.config.uploadsDir, source });
    expect(first).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}-1200\.webp$/);
    for (const file of variants(first!)) expect(fs.existsSync(file)).toBe(true);
    expect((await sharp(variants(first!)[0]!).metadata()).format).toBe('webp');
    // Later sign-ins use the stored copy: the host is not asked again.
    const again = await ensureProfilePhoto(t.db, { userId: idOf.ana!, uploadsDir: t.config.uploadsDir, source });
    expect(again).toBe(first);
    expect(host.hits['/photos/ana.png']).toBe(1);
    expect(await photoOf(idOf.ana!)).toBe(first);
    // Served from our uploads, and the session user carries it.
    expect((await t.app.inject({ method: 'GET', url: first!.replace('-1200', '-300') })).statusCode).toBe(200);
  });

  it('leaves initials (no photo) when the picture cannot be fetched or is not an image, and tries again next time', async () => {
    const errors: unknown[] = [];
    const onError = (err: unknown) => errors.push(err);
    const broken = { kind: 'url' as const, url: host.url('/photos/broken.png') };
    expect(await ensureProfilePhoto(t.db, { userId: idOf.luis!, uploadsDir: t.config.uploadsDir, source: broken, onError })).toBeNull();
    const notImage = { kind: 'url' as const, url: host.url('/photos/not-an-image.png') };
    expect(await ensureProfilePhoto(t.db, { userId: idOf.luis!, uploadsDir: t.config.uploadsDir, source: notImage, onError })).toBeNull();
    const unreachable = { kind: 'url' as const, url: 'http://127.0.0.1:9/nothing.png' };
    expect(
      await ensureProfilePhoto(t.db, { userId: idOf.luis!, uploadsDir: t.config.uploadsDir, source: unreachable, onError }),
    ).toBeNull();
    expect(errors).toHaveLength(3);
    expect(await photoOf(idOf.luis!)).toBeNull();
    expect(
      fs.existsSync(path.join(t.config.uploadsDir, 'avatars')) ? fs.readdirSync(path.join(t.config.uploadsDir, 'avatars')).length : 0,
    ).toBe(3);
    // A later sign-in with a working picture stores it.
    const ok = { kind: 'url' as const, url: host.url('/photos/ana.png') };
    expect(await ensureProfilePhoto(t.db, { userId: idOf.luis!, uploadsDir: t.config.uploadsDir, source: ok })).toMatch(
      /^\/uploads\/avatars\//,
    );
  });

  it("reads Microsoft Graph's /me/photo with the sign-in's access token", async () => {
    const client = graphClient(`http://127.0.0.1:${host.port}`, fixedToken('delegated-token'));
    const url = await ensureProfilePhoto(t.db, { userId: idOf.maria!, uploadsDir: t.config.uploadsDir, source: { kind: 'graph', client } });
    expect(url).toMatch(/^\/uploads\/avatars\//);
    expect(host.auth).toEqual(['Bearer delegated-token']);
  });

  // The subject is the bundled provider's demo directory (its drawn portraits): its demo accounts sign in.
  it("signs in through the bundled provider, whose demo portrait becomes the user's photo, once", async () => {
    expect(await writeDemoPortraits(t.config.uploadsDir)).toBeGreaterThan(0);
    expect(await writeDemoPortraits(t.config.uploadsDir)).toBe(0);
    const first = await signIn(t.app, 'admin@rewards.test');
    const session = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: as(cookie) })).json().data as {
        profilePictureUrl: string | null;
      };
    const photo = (await session(first.session!)).profilePictureUrl;
    expect(photo).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}-1200\.webp$/);
    const second = await signIn(t.app, 'admin@rewards.test');
    expect((await session(second.session!)).profilePictureUrl).toBe(photo);
    // An account with no portrait signs in with none: the web shows initials.
    fs.rmSync(path.join(t.config.uploadsDir, 'idp', 'super.png'));
    const plain = await signIn(t.app, 'super@rewards.test');
    expect((await session(plain.session!)).profilePictureUrl).toBeNull();
  });
});
