import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { fixedClock } from '../src/lib/clock.ts';

export const PUBLIC_URL = 'http://localhost:3000';
export const ORIGIN = { origin: PUBLIC_URL };

/**
 * A fresh database for one test file: PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite.
 * Migrated, without data (a copy of the run's migrated database, test/global-setup.ts).
 */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  return scratchDatabase('migrated');
}

/**
 * What the run's global setup (test/global-setup.ts) made to be copied, when it ran for this database: the
 * same PostgreSQL server, or PGlite when TEST_DATABASE_URL is unset. Without it (another configuration), each
 * database is migrated and seeded here from scratch, as before.
 */
function templates(adminUrl: string | undefined) {
  const made = inject('testDatabases');
  if (!made) return undefined;
  if (made.kind === 'postgres' ? made.adminUrl === adminUrl : !adminUrl) return made;
  return undefined;
}

/** A database of its own for one test file: a copy of the run's migrated (or migrated and seeded) one. */
async function scratchDatabase(copy: 'migrated' | 'seeded'): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = templates(adminUrl)?.[copy];
  if (!adminUrl) {
    const database = await openDatabase(template ? { loadDataDir: await fs.openAsBlob(template) } : {});
    return { database, drop: async () => {} };
  }
  const name = `rs_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.href });
  return {
    database,
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // Let the closed pool's sockets finish before the database goes.
      for (let i = 0; i < 20; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** One migrated, seeded database (a copy of the run's, test/global-setup.ts) and one app per test file. */
export async function createTestApp(
  env: Record<string, string> = {},
  extra?: (app: FastifyInstance) => void,
  opts: { onRoute?: (route: RouteOptions) => void; logStream?: { write(line: string): void } } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL, LOG_LEVEL: 'silent', ...env });
  const { database, drop, url: databaseUrl } = await scratchDatabase('seeded');
  // Nothing to do on a copy of the seeded database; seeds it when there was none to copy.
  await seedIfEmpty(database.db, { uploadsDir: config.uploadsDir, images: false });
  const clock = fixedClock('2026-03-02T15:00:00Z');
  const app = await buildApp(
    { config, database, db: database.db, clock },
    {
      logger: config.logLevel !== 'silent',
      onRoute: opts.onRoute,
      logStream: opts.logStream,
    },
  );
  extra?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    /** The scratch PostgreSQL database's URL (undefined on PGlite). */
    databaseUrl,
    config,
    clock,
    /** The app's response cache: what services that change cached reads are given. */
    cache: app.responseCache,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tiny cookie jar: enough to walk the OIDC redirects between our server and its bundled provider. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  store(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      // The app runs on a test clock: only explicit clears (Max-Age=0, 1970 expiry, empty value) count.
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < 1e11) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function relative(location: string): string {
  const u = new URL(location, PUBLIC_URL);
  return u.pathname + u.search;
}

export interface SignInOutcome {
  jar: CookieJar;
  /** Where the server finally sent the browser (e.g. `/?signin=new`). */
  landing: string;
  session: string | undefined;
}

/** Signs in through the real flow: /api/auth/login -> /idp -> demo sign-in page -> callback. */
export async function signIn(app: FastifyInstance, email: string, query = ''): Promise<SignInOutcome> {
  const jar = new CookieJar();
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie: jar.header(), host: 'localhost:3000' } });
    jar.store(res);
    return res;
  };
  let res = await get(`/api/auth/login${query}`);
  if (res.statusCode !== 302) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
  res = await get(relative(res.headers.location as string));
  const interaction = relative(res.headers.location as string);
  if (!interaction.startsWith('/idp/interaction/')) throw new Error(`expected the sign-in page, got ${interaction}`);
  const pageRes = await get(interaction);
  if (!pageRes.body.includes(email) && !pageRes.body.includes('type="email"')) throw new Error('sign-in page did not render');
  res = await app.inject({
    method: 'POST',
    url: `${interaction}/login`,
    headers: { cookie: jar.header(), host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded', ...ORIGIN },
    payload: new URLSearchParams({ email }).toString(),
  });
  jar.store(res);
  if (res.statusCode >= 400) throw new Error(`sign-in page refused ${email}: ${res.statusCode}`);
  // Back to the provider, then to our callback.
  let location = relative(res.headers.location as string);
  for (let hop = 0; hop < 5 && !location.startsWith('/api/auth/callback'); hop++) {
    res = await get(location);
    location = relative(res.headers.location as string);
  }
  res = await get(location);
  return { jar, landing: res.headers.location as string, session: jar.cookies.get('rs_session') };
}

/** Headers of a browser request with that session: cookie and our Origin. */
export function as(session: string | undefined) {
  return { cookie: `rs_session=${session}`, ...ORIGIN };
}

/** A multipart body for app.inject, built by the platform's own FormData encoder. */
export async function multipart(
  fields: Record<string, string | number | boolean | (string | number)[]>,
  files: { field: string; name: string; data: Buffer; type?: string }[] = [],
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    for (const item of Array.isArray(v) ? v : [v]) form.append(k, String(item));
  }
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

/** A small real picture. */
export function png(color = '#4f46e5', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}
