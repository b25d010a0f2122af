import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { seedIfEmpty } from '../../seed/seed.ts';
import { fixedClock } from '../../lib/clock.ts';
import { as, multipart, png, PUBLIC_URL } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';

// Two instances on one PostgreSQL database with Redis, as behind a balancer (docs/architecture.md A6.10,
// docs/decisions/0009-search-index.md, 0015-response-cache.md). A catalogue write
// through instance A is in instance B's search within 100 ms: the response cache's Redis signal marks
// B's index stale, and B's next search reads the store again. CI sets both variables.
const redisUrl = process.env.TEST_REDIS_URL;
const adminUrl = process.env.TEST_DATABASE_URL;
const VISIBLE_WITHIN_MS = 100;

describe.runIf(redisUrl && adminUrl)('search freshness across two instances (PostgreSQL + Redis)', () => {
  const name = `rs_test_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-search-'));
  const instances: { app: FastifyInstance; database: Database }[] = [];
  let admin = '';
  let categoryId = 0;
  /** A store of this test's own, with one category and no products yet. */
  let storeId = 0;

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL,
      LOG_LEVEL: 'silent',
      DATABASE_URL: url.href,
      REDIS_URL: redisUrl,
    });
    const clock = fixedClock('2026-03-02T15:00:00Z');
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: url.href, poolMax: 5 });
      if (i === 0) await seedIfEmpty(database.db, { uploadsDir: config.uploadsDir, images: false });
      const app = await buildApp({ config, database, db: database.db, clock }, { logger: false });
      await app.ready();
      instances.push({ app, database });
    }
    const make = factories({ db: instances[0]!.database.db, clock, config });
    storeId = (await make.store()).id;
    admin = (await make.admin({ stores: [storeId] })).session;
    categoryId = (await make.category({ storeId })).id;
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const namesOn = async (i: number, search: string): Promise<string[]> => {
    const res = await instances[i]!.app.inject({
      method: 'GET',
      url: `/api/products/all/?storeId=${storeId}&search=${encodeURIComponent(search)}`,
    });
    return res.json().data.map((p: { name: string }) => p.name);
  };
  /** Milliseconds from now until instance B's search answers `expected` (gives up after 2 s). */
  async function untilOnB(search: string, expected: string[]): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < 2000) {
      if (JSON.stringify(await namesOn(1, search)) === JSON.stringify(expected)) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 2));
    }
    return Infinity;
  }

  it('shows a product created, renamed and deactivated on A in the search of B within 100 ms', async () => {
    // Both instances have built the index of the store.
    expect(await namesOn(0, 'boomerang')).toEqual([]);
    expect(await namesOn(1, 'boomerang')).toEqual([]);

    const body = await multipart(
      { name: 'Boomerang de madera', description: 'Boomerang para principiantes.', categoryId, price: 300, stock: 4, storeId },
      [{ field: 'pictures', name: 'p.png', data: await png(), type: 'image/png' }],
    );
    const created = await instances[0]!.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...as(admin), ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().data as { id: number };
    const afterCreate = await untilOnB('boomerang', ['Boomerang de madera']);

    const rename = await multipart({ name: 'Frisbee de competencia', description: 'Disco volador.' });
    const renamed = await instances[0]!.app.inject({
      method: 'PUT',
      url: `/api/products/image/${product.id}`,
      headers: { ...as(admin), ...rename.headers },
      payload: rename.payload,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterRename = await untilOnB('frisbee', ['Frisbee de competencia']);

    const off = await instances[0]!.app.inject({ method: 'PUT', url: `/api/products/deactivate/${product.id}`, headers: as(admin) });
    expect(off.statusCode, off.body).toBe(200);
    const afterDeactivate = await untilOnB('frisbee', []);

    console.log(
      `search on instance B after a write on A: created ${afterCreate.toFixed(1)} ms, renamed ${afterRename.toFixed(1)} ms, deactivated ${afterDeactivate.toFixed(1)} ms (target <= ${VISIBLE_WITHIN_MS})`,
    );
    for (const ms of [afterCreate, afterRename, afterDeactivate]) expect(ms).toBeLessThanOrEqual(VISIBLE_WITHIN_MS);
  });
});
