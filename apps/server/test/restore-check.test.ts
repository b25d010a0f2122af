/**
 * Backup and restore (docs/decisions/0034-operations-metrics-ready-access-table.md, "Backups"): a dump
 * of a seeded database with real traffic, restored by scripts/restore-check.ts into a scratch database,
 * passes its checks; a dump whose balance was changed outside the ledger fails them. PostgreSQL only
 * (pg_dump/pg_restore): CI sets TEST_DATABASE_URL.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { INVARIANTS } from '../src/db/invariants.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../../..');

describe.runIf(adminUrl)('restore check (scripts/restore-check.ts)', () => {
  let t: TestApp;
  let dir: string;
  let shopperId: number;
  beforeAll(async () => {
    t = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-restore-'));
    const make = factories(t);
    const shopper = await make.shopper({ points: 1000 });
    shopperId = shopper.id;
    const product = await make.product({ stock: 5, price: 120 });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: { lines: [{ productId: product.id, quantity: 2 }] },
    });
    expect(order.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const dumpTo = (file: string) => {
    const res = spawnSync('pg_dump', ['--format=custom', '--file', file, t.databaseUrl!], { encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(0);
  };
  const restoreCheck = (file: string) => {
    const res = spawnSync('node', ['--import', 'tsx', 'scripts/restore-check.ts', file, '--admin-url', adminUrl!], {
      cwd: root,
      encoding: 'utf8',
    });
    const start = res.stdout.indexOf('{');
    return { status: res.status, stderr: res.stderr, report: start >= 0 ? JSON.parse(res.stdout.slice(start)) : undefined };
  };

  it('restores a dump of the seeded database into a scratch database, checks it and drops it', async () => {
    const file = path.join(dir, 'good.dump');
    dumpTo(file);
    const { status, stderr, report } = restoreCheck(file);
    expect(status, stderr).toBe(0);
    expect(report).toMatchObject({ ok: true, migrations: 'all applied', functions: 'all match' });
    expect(report.rows.orders).toBeGreaterThanOrEqual(1);
    expect(report.rows.users).toBeGreaterThan(1);
    expect(report.invariants.map((i: { holds: boolean }) => i.holds)).toEqual(INVARIANTS.map(() => true));
    const left = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_database where datname like 'rs_restore_check_%'`);
    expect(left.rows[0]!.n).toBe(0);
  });

  it('fails, naming the user, when a balance in the dump is not the sum of its ledger', async () => {
    await t.db.execute(sql`update users set points = points + 1 where id = ${shopperId}`);
    try {
      const file = path.join(dir, 'broken.dump');
      dumpTo(file);
      const { status, report } = restoreCheck(file);
      expect(status).toBe(1);
      expect(report.ok).toBe(false);
      const balance = report.invariants[0];
      expect(balance).toMatchObject({ check: 'users.points <> SUM(point_transactions.value)', holds: false });
      expect(balance.rows.map((r: { id: number }) => r.id)).toEqual([shopperId]);
    } finally {
      await t.db.execute(sql`update users set points = points - 1 where id = ${shopperId}`);
    }
  });

  it('refuses a file that is not a dump', () => {
    const file = path.join(dir, 'not-a-dump');
    fs.writeFileSync(file, 'hello');
    expect(restoreCheck(file).status).toBe(2);
  });
});
