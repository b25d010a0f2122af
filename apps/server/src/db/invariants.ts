import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * The money invariants (docs/architecture.md A6, docs/decisions/0004-stock-owner.md): each query returns
 * the rows that break one. Checked after the tests that move points or stock (test/invariants.ts) and on
 * a restored backup (scripts/restore-check.ts).
 */
export const INVARIANTS: readonly { check: string; query: SQL }[] = [
  {
    check: 'users.points <> SUM(point_transactions.value)',
    query: sql`select u.id, u.points, coalesce(sum(pt.value), 0)::bigint as ledger from users u
      left join point_transactions pt on pt.user_id = u.id group by u.id having u.points <> coalesce(sum(pt.value), 0)`,
  },
  {
    check: 'products.stock <> SUM(inventory_movements.delta)',
    query: sql`select p.id, p.stock, coalesce(sum(m.delta), 0)::bigint as ledger from products p
      left join inventory_movements m on m.product_id = p.id group by p.id having p.stock <> coalesce(sum(m.delta), 0)`,
  },
  {
    // The giving allowance (docs/architecture.md A6.16): its ledger adds up to what remains, boost included.
    check: 'allowances.remaining + boost_remaining <> SUM(allowance_movements.value)',
    query: sql`select a.user_id, a.remaining, a.boost_remaining, coalesce(sum(m.value), 0)::bigint as ledger from allowances a
      left join allowance_movements m on m.user_id = a.user_id group by a.user_id
      having a.remaining + a.boost_remaining <> coalesce(sum(m.value), 0)
      union all
      select m.user_id, null, null, sum(m.value)::bigint from allowance_movements m
      where not exists (select 1 from allowances a where a.user_id = m.user_id) group by m.user_id having sum(m.value) <> 0`,
  },
  {
    check: 'negative stock or balance',
    query: sql`select 'product' as kind, id from products where stock < 0 union all select 'user', id from users where points < 0`,
  },
];

/** Every invariant with the rows that break it (empty rows: it holds). */
export async function checkInvariants(db: DbOrTx): Promise<{ check: string; rows: Record<string, unknown>[] }[]> {
  const results = [];
  for (const { check, query } of INVARIANTS) results.push({ check, rows: (await db.execute(query)).rows as Record<string, unknown>[] });
  return results;
}
