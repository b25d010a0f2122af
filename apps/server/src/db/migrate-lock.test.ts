import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

// Instances that start at once on an empty database migrate it once (an advisory lock).
const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)('migrations under an advisory lock', () => {
  it('lets three instances open an empty database at once: each migration applied once, all three start', async () => {
    const name = `rs_test_migrate_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ url: url.href, poolMax: 1 })));
      const errors = opened.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason));
      expect(errors).toEqual([]);
      const journal = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const client = new pg.Client({ connectionString: url.href });
      await client.connect();
      const { rows } = await client.query(
        'select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations',
      );
      await client.end();
      expect(rows[0]).toEqual({ n: journal.entries.length, distinct_hashes: journal.entries.length });
      for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
