import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One owner per shared write (docs/architecture.md A3, A6.3, A6.11, A6.16, A6.18): the points ledger and the
// balances are written only by rs_post_points (called through postPoints), notifications only by rs_notify
// (called through notify), the giving allowances and their ledger only by rs_allowance_reset, rs_boost_allowance
// and rs_give, a budget's available and reserved and its ledger only by rs_budget_move (A6.19), whether a person is active only by writeUsersActive. This reads the server's source and its SQL
// functions: a module, a seed or a function that writes either anywhere else fails here. Tests may set up rows
// themselves and are not read.

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
  // Who is active (docs/architecture.md A5, A6.18): an administrator and the company directory alike go through
  // users.service's writeUsersActive, which ends the sessions in the same transaction; the seed's first super
  // administrator is made active by the preparation of the database.
  activity: [/\.update\(\s*s\.users\s*\)\s*\.set\(\s*\{[^}]*\bactive\s*:/, /\bupdate\s+users\b(?:\s+\w+)?\s+set\b[^;]*?\bactive\s*=/i],
  // A budget's available and reserved and its ledger (docs/architecture.md A6.19).
  budgets: [
    /\.(insert|update)\(\s*s\.budgets\s*\)\s*\.(values|set)\(\s*\{[^}]*\b(available|reserved)\s*:/,
    /\bupdate\s+budgets\b(?:\s+\w+)?\s+set\b[^;]*?\b(available|reserved)\s*=/i,
    /\binsert\s+into\s+budgets\b[^;]*?\b(available|reserved)\b/i,
  ],
  budgetMovements: [
    /\.(insert|update|delete)\(\s*s\.budgetMovements\b/,
    /\binsert\s+into\s+budget_movements\b/i,
    /\bupdate\s+budget_movements\b/i,
    /\bdelete\s+from\s+budget_movements\b/i,
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
  activity: ['modules/users/users.service.ts', 'seed/prepare.ts'],
  allowances: allowanceWriters,
  budgets: ['db/functions/rs_budget_move.sql'],
  budgetMovements: ['db/functions/rs_budget_move.sql'],
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
      'await tx.update(s.users).set({ active: p.active ? 1 : 0, updatedAt: now })',
      'update users u set active = 0 where u.id = 1',
      'UPDATE budgets b SET available = b.available - 5, reserved = b.reserved + 5',
      'await tx.update(s.budgets).set({ available: 0 })',
      'insert into budget_movements (budget_id, kind, available, reserved) values (1, $1, 5, 0)',
    ];
    const caught = written.filter((code) => Object.values(writers).some((res) => res.some((re) => re.test(code))));
    expect(caught).toEqual(written);
    expect(writers.balances.some((re) => re.test('await tx.update(s.users).set({ active: 0 })'))).toBe(false);
    expect(writers.activity.some((re) => re.test('await tx.update(s.users).set({ points: 5 })'))).toBe(false);
  });
});
