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
    // A celebration's points (docs/architecture.md A6.17) are its `celebration` ledger row: the person's, the same value.
    check: 'celebrations.points > 0 <> its celebration ledger row',
    query: sql`select c.id, c.user_id, c.points, c.transaction_id from celebrations c
      left join point_transactions pt on pt.id = c.transaction_id
      where case when c.points > 0
        then pt.id is null or pt.kind <> 'celebration' or pt.user_id <> c.user_id or pt.value <> c.points
        else c.transaction_id is not null end`,
  },
  {
    // A public celebration is its feed item, of its kind and for its person; a private one has none.
    check: "celebrations.choice = 'public' <> its feed item",
    query: sql`select c.id, c.choice, c.recognition_id from celebrations c
      left join peer_recognitions r on r.id = c.recognition_id
      where case when c.choice = 'public'
        then r.id is null or r.kind <> c.kind or r.giver_id is not null
          or not exists (select 1 from peer_recognition_recipients rr where rr.recognition_id = r.id and rr.user_id = c.user_id)
        else c.recognition_id is not null end`,
  },
  {
    // Every celebration in the feed and every celebration ledger row is one celebration's.
    check: 'celebration feed item or ledger row not named by exactly one celebration',
    query: sql`select 'feed' as kind, r.id from peer_recognitions r left join celebrations c on c.recognition_id = r.id
      where r.kind <> 'recognition' group by r.id having count(c.id) <> 1
      union all
      select 'ledger', pt.id from point_transactions pt left join celebrations c on c.transaction_id = pt.id
      where pt.kind = 'celebration' group by pt.id having count(c.id) <> 1`,
  },
  {
    // A budget (docs/architecture.md A6.19): its ledger adds up to what is available and what is reserved.
    check: 'budgets.available, reserved <> SUM(budget_movements)',
    query: sql`select b.id, b.available, b.reserved, coalesce(sum(m.available), 0)::bigint as ledger_available,
        coalesce(sum(m.reserved), 0)::bigint as ledger_reserved
      from budgets b left join budget_movements m on m.budget_id = b.id group by b.id
      having b.available <> coalesce(sum(m.available), 0) or b.reserved <> coalesce(sum(m.reserved), 0)`,
  },
  {
    // An award's reservation is what its budget holds for it while it waits, and nothing once decided.
    check: 'awards: reserved movements <> points x recipients while waiting, or <> 0 once decided',
    query: sql`select a.id, a.status, coalesce(sum(m.reserved), 0)::bigint as reserved,
        a.points * (select count(*) from award_recipients r where r.award_id = a.id) as total
      from awards a left join budget_movements m on m.award_id = a.id group by a.id
      having coalesce(sum(m.reserved), 0) <> case when a.status = 'waiting'
        then a.points * (select count(*) from award_recipients r where r.award_id = a.id) else 0 end`,
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
