/**
 * Restores a backup into a scratch database and checks it (README, "Run it in production"):
 *
 *   npm run restore-check -- backup.dump --admin-url postgres://postgres@db:5432/postgres [--keep]
 *
 * `backup.dump` is `pg_dump --format=custom` output. The scratch database (rs_restore_check_<random>) is
 * created through --admin-url (or RESTORE_ADMIN_URL), restored with pg_restore, checked, and dropped
 * (kept with --keep). Checks: every migration of this server's journal is applied, every SQL function
 * holds its file's definition (apps/server/src/db/functions), and the money invariants hold (balance =
 * sum of the ledger, stock = sum of the stock ledger, nothing negative).
 * Prints one JSON report; exits 0 when every check passes, 1 when one fails, 2 on a usage or restore error.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { pendingFunctions, pendingMigrations, type Db } from '../apps/server/src/db/client.ts';
import { checkInvariants } from '../apps/server/src/db/invariants.ts';

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run restore-check -- <dump file> --admin-url <postgres URL> [--keep]`);
  process.exit(2);
}

const args = process.argv.slice(2);
const keep = args.includes('--keep');
const urlFlag = args.indexOf('--admin-url');
const adminUrl = urlFlag >= 0 ? args[urlFlag + 1] : process.env.RESTORE_ADMIN_URL;
const dump = args.find((a, i) => !a.startsWith('--') && (urlFlag < 0 || i !== urlFlag + 1));
if (!dump || !fs.existsSync(dump)) usage(`No dump file ${dump ?? ''}`.trim());
if (!adminUrl) usage('No --admin-url (or RESTORE_ADMIN_URL)');

const name = `rs_restore_check_${randomBytes(5).toString('hex')}`;
const scratch = new URL(adminUrl);
scratch.pathname = `/${name}`;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const started = Date.now();
await admin(`CREATE DATABASE ${name}`);
let exitCode = 2;
try {
  const restore = spawnSync('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', scratch.href, dump], {
    encoding: 'utf8',
  });
  if (restore.error || restore.status !== 0) {
    console.error(`pg_restore failed: ${restore.error?.message ?? restore.stderr}`);
  } else {
    const pool = new pg.Pool({ connectionString: scratch.href, max: 2 });
    try {
      const db = drizzle(pool) as unknown as Db;
      const pending = await pendingMigrations(db);
      const functions = await pendingFunctions(db);
      const invariants = await checkInvariants(db);
      const counts = await pool.query<{ users: number; orders: number; ledger: number; movements: number }>(
        `select (select count(*) from users)::int as users, (select count(*) from orders)::int as orders,
                (select count(*) from point_transactions)::int as ledger, (select count(*) from inventory_movements)::int as movements`,
      );
      const failed = invariants.filter((i) => i.rows.length > 0);
      const ok = pending.length === 0 && functions.length === 0 && failed.length === 0;
      console.log(
        JSON.stringify(
          {
            ok,
            dump,
            database: keep ? name : `${name} (dropped)`,
            seconds: Number(((Date.now() - started) / 1000).toFixed(1)),
            rows: counts.rows[0],
            migrations: pending.length ? { pending } : 'all applied',
            // A function that differs (or is missing) is written again from its file when the server starts.
            functions: functions.length ? Object.fromEntries(functions.map((f) => [f.name, f.state])) : 'all match',
            invariants: invariants.map((i) => ({ check: i.check, holds: i.rows.length === 0, rows: i.rows.slice(0, 20) })),
          },
          null,
          2,
        ),
      );
      exitCode = ok ? 0 : 1;
    } finally {
      await pool.end();
    }
  }
} finally {
  if (!keep) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
process.exit(exitCode);
