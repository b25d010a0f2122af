import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { auditPglite, auditPool } from './audit-context.ts';
import { applyFunctions, functionStates, type FunctionState } from './functions.ts';
import * as schema from './schema/index.ts';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: services take either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw round trip used by the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/** The SQL functions, one file each with its current definition, applied after the migrations (functions.ts). */
const functionsFolder = path.join(import.meta.dirname, 'functions');

/**
 * The migrations of the journal that the database has not applied, by tag (empty: up to date). Drizzle's
 * migrator records each applied one in drizzle.__drizzle_migrations with the journal entry's `when`.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const exists = await db.execute<{ present: boolean }>(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists.rows[0]?.present) return journal.entries.map((e) => e.tag);
  const applied = await db.execute<{ created_at: string }>(sql`select created_at from drizzle.__drizzle_migrations`);
  const done = new Set(applied.rows.map((r) => Number(r.created_at)));
  return journal.entries.filter((e) => !done.has(e.when)).map((e) => e.tag);
}

/** The SQL functions whose definition in the database is not their file's (empty: all current). */
export async function pendingFunctions(db: Db): Promise<FunctionState[]> {
  return (await functionStates(db, functionsFolder)).filter((f) => f.state !== 'same');
}

/**
 * One hot statement, outside Drizzle's query builder: on PostgreSQL a named prepared statement (parsed
 * and planned once per connection), on PGlite a plain parameterized query. `text` uses $1..$n.
 */
export async function preparedRows<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client: unknown = db.$client;
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[];
  return (await db.$client.query<T>(text, values)).rows;
}

export class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}), most likely a running server. ` +
        'Stop that process first, or point DATABASE_URL at PostgreSQL to share one database.',
    );
    this.name = 'DatabaseLockedError';
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite keeps its files in one folder and must have a single owner: a lock file with our pid
 * refuses a second process (the CLI while the server runs) instead of risking the files.
 */
function acquireLock(dir: string): () => void {
  const lockPath = path.join(dir, 'rewards.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid)) {
        throw new DatabaseLockedError(dir, pid);
      }
      fs.unlinkSync(lockPath); // stale lock of a process that is gone
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

/** The advisory lock key of migrations ('rs-migrate' as a number): any fixed key no other lock uses. */
export const MIGRATION_LOCK_KEY = 0x72732d6d;

/**
 * Runs the migrations (then the SQL functions) holding a PostgreSQL advisory lock, so that instances
 * starting at once migrate one after the other: the first applies them, the others wait, then find
 * nothing left to apply.
 * Drizzle's migrator takes no lock of its own (two at once would both create the same tables).
 */
async function migrateOnce(url: string, migrate: () => Promise<void>): Promise<void> {
  // Its own connection, not one of the pool's: with DATABASE_POOL_MAX=1 the migrator needs that one.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/**
 * Brings the database up to date: the journal's migrations it has not applied, then the SQL functions
 * whose definition differs from their file (functions.ts), on PostgreSQL (`url`) under the advisory
 * lock. Returns the functions it wrote. openDatabase runs it; running it again is harmless.
 */
export async function migrateDatabase(db: Db, url?: string): Promise<{ functions: string[] }> {
  let functions: string[] = [];
  if (url) {
    await migrateOnce(url, async () => {
      await migratePg(db as never, { migrationsFolder });
      functions = await applyFunctions(db, functionsFolder);
    });
  } else {
    await migratePglite(db, { migrationsFolder });
    functions = await applyFunctions(db, functionsFolder);
  }
  return { functions };
}

/**
 * Opens PGlite (files under `dir`, or in memory when `dir` is undefined) or PostgreSQL, and applies
 * the committed migrations and the SQL functions (migrateDatabase). With `loadDataDir`, a PGlite that
 * has no database yet starts from that dump of a data directory (PGlite's dumpDataDir) instead of an
 * empty one: the tests open each file's database from dumps made once per run (test/global-setup.ts).
 */
export async function openDatabase(opts: { url?: string; pgliteDir?: string; poolMax?: number; loadDataDir?: Blob }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolMax ?? 20 });
    // An idle connection that the server drops (restart, failover) is replaced by the pool; without a
    // listener, that 'error' event would end the process.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    // A connection dropped while checked out between two statements (a transaction, a job's advisory lock)
    // emits 'error' on its client, where the pool does not listen: its holder's next statement fails and the
    // pool discards it on release, but without this listener the event would end the process.
    pool.on('connect', (client) => client.on('error', (err) => console.warn(`database connection lost while in use: ${err.message}`)));
    // Each request's writes carry who made them, for the audit log (A6.19).
    auditPool(pool);
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    try {
      await migrateDatabase(db, opts.url);
    } catch (err) {
      await pool.end();
      throw err;
    }
    let ended = false;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        if (ended) return;
        ended = true;
        await pool.end();
      },
    };
  }

  let release = () => {};
  if (opts.pgliteDir) {
    fs.mkdirSync(opts.pgliteDir, { recursive: true });
    release = acquireLock(opts.pgliteDir);
  }
  try {
    const client = await PGlite.create(opts.pgliteDir ? path.join(opts.pgliteDir, 'pglite') : undefined, {
      extensions: { unaccent, pg_trgm },
      loadDataDir: opts.loadDataDir,
    });
    // Each request's writes carry who made them, for the audit log (A6.19).
    auditPglite(client);
    const db = drizzlePglite(client, { schema, casing: 'snake_case' });
    await migrateDatabase(db);
    let closed = false;
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        if (closed) throw new Error('database closed');
        await client.query('select 1');
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
