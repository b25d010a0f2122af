import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One owner per shared write (docs/architecture.md A3, A6.3, A6.11, A6.16): the points ledger and the balances
// are written only by rs_post_points (called through postPoints), notifications only by rs_notify (called
// through notify), the giving allowances and their ledger only by rs_allowance_reset, rs_boost_allowance and
// rs_give. This reads the server's source and its SQL functions: a module, a seed or a function
// that writes either anywhere else fails here. Tests may set up rows themselves and are not read.

const server = path.resolve(import.meta.dirname, '../src');
const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : files(full);
    return /\.(ts|sql)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [full] : [];
  });

/** What writes each shared table, in TypeScript (Drizzle or raw SQL) and in SQL. */
const writers = {
  ledger: [/\.insert\(\s*s\.pointTransactions\b/, /\binsert\s+into\s+point_transactions\b/i],
  balances: [/\.update\(\s*s\.users\s*\)\s*\.set\(\s*\{[^}]*\bpoints\s*:/, /\bupdate\s+users\b(?:\s+\w+)?\s+set\b[^;]*?\bpoints\s*=/i],
  notifications: [/\.insert\(\s*s\.notifications\b/, /\binsert\s+into\s+notifications\b/i],
  allowances: [
    /\.(insert|update|delete)\(\s*s\.allowances\b/,
    /\binsert\s+into\s+allowances\b/i,
    /\bupdate\s+allowances\b/i,
    /\bdelete\s+from\s+allowances\b/i,
  ],
  allowanceMovements: [
    /\.(insert|update|delete)\(\s*s\.allowanceMovements\b/,
    /\binsert\s+into\s+allowance_movements\b/i,
    /\bupdate\s+allowance_movements\b/i,
    /\bdelete\s+from\s+allowance_movements\b/i,
  ],
};
const allowanceWriters = ['db/functions/rs_allowance_reset.sql', 'db/functions/rs_boost_allowance.sql', 'db/functions/rs_give.sql'];
const owners: Record<keyof typeof writers, string[]> = {
  ledger: ['db/functions/rs_post_points.sql'],
  balances: ['db/functions/rs_post_points.sql'],
  notifications: ['db/functions/rs_notify.sql'],
  allowances: allowanceWriters,
  allowanceMovements: allowanceWriters,
};

const writersOf = (table: keyof typeof writers) =>
  files(server)
    .filter((f) => writers[table].some((re) => re.test(fs.readFileSync(f, 'utf8'))))
    .map((f) => path.relative(server, f).split(path.sep).join('/'));

describe('one owner per shared write', () => {
  it.each(Object.keys(writers) as (keyof typeof writers)[])('%s: written by its owner only', (table) => {
    expect(writersOf(table).sort()).toEqual(owners[table]);
  });

  it('recognises the ways a writer would be written', () => {
    const written = [
      'await tx.insert(s.pointTransactions).values({ userId, value })',
      'await tx.execute(sql`INSERT INTO point_transactions (user_id, value) VALUES (1, 2)`)',
      'await tx.update(s.users).set({ points: sql`${s.users.points} + 5` })',
      'UPDATE users u SET points = u.points + 5, updated_at = now()',
      'update users set updated_at = now(), points = points - 1',
      'await tx.insert(s.notifications).values(rows)',
      "insert into notifications (user_id, item_type) select id, 'points' from users",
      'await tx.update(s.allowances).set({ remaining: 0 })',
      'await tx.insert(s.allowanceMovements).values(rows)',
      'UPDATE allowances a SET remaining = a.remaining - 5',
      'insert into allowance_movements (user_id, kind, value) values (1, $1, 5)',
      'delete from allowances where user_id = 1',
    ];
    const caught = written.filter((code) => Object.values(writers).some((res) => res.some((re) => re.test(code))));
    expect(caught).toEqual(written);
    expect(Object.values(writers).some((res) => res.some((re) => re.test('await tx.update(s.users).set({ active: 0 })')))).toBe(false);
  });
});
