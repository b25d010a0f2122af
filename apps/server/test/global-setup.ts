/**
 * Once per test run (the server project's globalSetup, vitest.config.ts): migrates one database, then
 * copies it and loads the demo data (images off) into the copy, so that each test file copies one of the
 * two instead of running every migration, the SQL functions and the seed again (harness.ts). Each file
 * still has a database of its own.
 * - PostgreSQL (TEST_DATABASE_URL): two template databases, rs_template_<run>_migrated and _seeded; a
 *   file's database is `CREATE DATABASE rs_test_… TEMPLATE …`. PostgreSQL copies a template only while
 *   nobody is connected to it: the templates are built, their connections closed, then they refuse
 *   connections (ALLOW_CONNECTIONS false). Dropped when the run ends.
 * - PGlite: two dumps of the data directory (PGlite's dumpDataDir, an uncompressed tarball) in a temporary
 *   folder; a file's in-memory database starts from one (openDatabase's loadDataDir). Removed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';

/** What a test file copies its database from: template database names, or dump files for PGlite. */
export type TestDatabaseTemplates =
  { kind: 'postgres'; adminUrl: string; migrated: string; seeded: string } | { kind: 'pglite'; migrated: string; seeded: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabases: TestDatabaseTemplates;
  }
}

/** The seed draws no pictures in tests (images: false), so nothing is written under this folder. */
const seedOptions = { uploadsDir: path.join(os.tmpdir(), 'rs-test-seed-uploads'), images: false };

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const { templates, remove } = adminUrl ? await postgresTemplates(adminUrl) : await pgliteDumps();
  project.provide('testDatabases', templates);
  return remove;
}

async function postgresTemplates(adminUrl: string) {
  const run = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const migrated = `rs_template_${run}_migrated`;
  const seeded = `rs_template_${run}_seeded`;
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.href;
  };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  /** The pool's sockets close asynchronously: a template is copied only once its last backend is gone. */
  const closeAndWait = async (database: Database, name: string) => {
    await database.close();
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const remove = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      for (const name of [seeded, migrated]) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
  try {
    await admin.query(`CREATE DATABASE ${migrated}`);
    await closeAndWait(await openDatabase({ url: urlOf(migrated), poolMax: 2 }), migrated);
    await admin.query(`CREATE DATABASE ${seeded} TEMPLATE ${migrated}`);
    const database = await openDatabase({ url: urlOf(seeded), poolMax: 2 });
    await seedIfEmpty(database.db, seedOptions);
    await closeAndWait(database, seeded);
    for (const name of [migrated, seeded]) await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  } catch (err) {
    await remove().catch(() => undefined);
    throw err;
  } finally {
    await admin.end();
  }
  return { templates: { kind: 'postgres' as const, adminUrl, migrated, seeded }, remove };
}

async function pgliteDumps() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-test-databases-'));
  const remove = async () => fs.rmSync(dir, { recursive: true, force: true });
  const migrated = path.join(dir, 'migrated.tar');
  const seeded = path.join(dir, 'seeded.tar');
  const database = await openDatabase({});
  try {
    const client = database.db.$client;
    // Written to the data files now, so that a copy starts without replaying the write-ahead log.
    const dump = async (file: string) => {
      await client.exec('CHECKPOINT');
      fs.writeFileSync(file, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
    };
    await dump(migrated);
    await seedIfEmpty(database.db, seedOptions);
    await dump(seeded);
  } catch (err) {
    await remove();
    throw err;
  } finally {
    await database.close();
  }
  return { templates: { kind: 'pglite' as const, migrated, seeded }, remove };
}
