import { sql, type SQL } from 'drizzle-orm';
import { listResponse, type ListResponse } from '@rewards/shared/common';
import type { Budget, BudgetCreate, BudgetDetail, BudgetListQuery, BudgetMovement, BudgetUpdate } from '@rewards/shared/awards';
import { Role } from '@rewards/shared/enums';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { localDate, type CalendarRules } from '../../lib/calendar.ts';
import { raisedRule } from '../../lib/database-errors.ts';
import { intArray } from '../../lib/sql-arrays.ts';

/**
 * Budgets of company-funded awards (docs/architecture.md A6.19): created, changed
 * and closed by the administrators of their store (super administrators: any), read by them and by whoever
 * may spend them. Every change of `available` and `reserved` is a movement written by rs_budget_move; the
 * new period's reload is rs_budget_reload, run by every instance's job and before any award from a stale
 * budget.
 */

/** Who is acting: enough to decide what they may see, spend and manage. */
export interface Actor {
  id: number;
  role: number;
  adminStores: readonly number[];
}

/** The stores the actor administers (null: all, a super administrator). */
export function adminStoresOf(a: Actor): readonly number[] | null {
  if (a.role === Role.SuperAdmin) return null;
  return a.role === Role.Admin ? a.adminStores : [];
}

/** The actor administers the store of budget alias `b`. */
function managesSql(a: Actor): SQL {
  const stores = adminStoresOf(a);
  return stores === null ? sql`true` : sql`(b.store_id = any(${intArray(stores)}::int[]))`;
}

/**
 * The actor may spend budget alias `b` (docs/architecture.md A6.19): a `store` budget, its store's
 * administrators; a `department` budget, those and the managers of the department (a person of that store
 * and department with an active direct report); a `manager` budget, that manager.
 */
export function spendsSql(a: Actor): SQL {
  return sql`(case b.scope
    when 'store' then ${managesSql(a)}
    when 'department' then ${managesSql(a)} or exists (select 1 from users me where me.id = ${a.id} and me.active = 1
      and me.store_id = b.store_id and me.department = b.department
      and exists (select 1 from users rep where rep.manager_id = me.id and rep.active = 1))
    else b.manager_id = ${a.id} end)`;
}

export const today = (now: Date, calendar: CalendarRules) => localDate(now, calendar.timeZone);

const person = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', btrim(${alias}.name || ' ' || coalesce(${alias}.last_name, '')), 'email', ${alias}.email, 'active', ${alias}.active = 1) end`,
  );

type BudgetRow = {
  id: number;
  scope: Budget['scope'];
  store_id: number;
  store_name: string;
  department: string | null;
  manager: Budget['manager'];
  amount: number;
  period: Budget['period'];
  reload: boolean;
  period_start: string;
  period_end: string | null;
  available: number;
  reserved: number;
  spent: number;
  closed_at: string | Date | null;
  created_at: string | Date;
  can_spend: boolean;
  can_manage: boolean;
};

const iso = (v: string | Date) => new Date(v).toISOString();

function budgetOf(r: BudgetRow): Budget {
  return {
    id: Number(r.id),
    scope: r.scope,
    storeId: Number(r.store_id),
    storeName: r.store_name,
    department: r.department,
    manager: r.manager,
    amount: Number(r.amount),
    period: r.period,
    reload: Boolean(r.reload),
    periodStart: String(r.period_start),
    periodEnd: r.period_end === null ? null : String(r.period_end),
    available: Number(r.available),
    reserved: Number(r.reserved),
    spentThisPeriod: Number(r.spent),
    closedAt: r.closed_at === null ? null : iso(r.closed_at),
    createdAt: iso(r.created_at),
    canSpend: Boolean(r.can_spend),
    canManage: Boolean(r.can_manage),
  };
}

function budgetColumns(a: Actor): SQL {
  return sql`b.id, b.scope, b.store_id, st.title as store_name, b.department, ${person('mg')} as manager, b.amount, b.period,
    b.reload, b.period_start::text as period_start,
    case b.period when 'none' then null
      else ((b.period_start + case b.period when 'month' then interval '1 month' when 'quarter' then interval '3 months'
        else interval '1 year' end)::date - 1)::text end as period_end,
    b.available, b.reserved,
    coalesce((select -sum(m.available + m.reserved) from budget_movements m
      where m.budget_id = b.id and m.kind = 'spent' and m.period_start = b.period_start), 0)::int as spent,
    b.closed_at, b.created_at, b.closed_at is null and ${spendsSql(a)} as can_spend, ${managesSql(a)} as can_manage`;
}

const budgetFrom = sql`from budgets b join stores st on st.id = b.store_id left join users mg on mg.id = b.manager_id`;

/** One budget as the actor sees it; 404 when it does not exist or they may neither manage nor spend it. */
export async function getBudget(db: DbOrTx, a: Actor, id: number): Promise<Budget> {
  const { rows } = await db.execute<BudgetRow>(
    sql`select ${budgetColumns(a)} ${budgetFrom} where b.id = ${id} and (${managesSql(a)} or ${spendsSql(a)})`,
  );
  if (!rows[0]) throw notFound();
  return budgetOf(rows[0]);
}

/** A budget with a page of its movements, newest first. */
export async function getBudgetDetail(db: DbOrTx, a: Actor, id: number, page: { page: number; pageSize: number }): Promise<BudgetDetail> {
  const budget = await getBudget(db, a, id);
  const { rows } = await db.execute<{
    id: number;
    kind: BudgetMovement['kind'];
    available: number;
    reserved: number;
    award_id: number | null;
    period_start: string;
    by: BudgetMovement['by'];
    created_at: string | Date;
    total: number;
  }>(sql`select m.id, m.kind, m.available, m.reserved, m.award_id, m.period_start::text as period_start, ${person('u')} as by,
      m.created_at, count(*) over ()::int as total
    from budget_movements m left join users u on u.id = m.created_by
    where m.budget_id = ${id} order by m.id desc limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page.page > 1) {
    const { rows: c } = await db.execute<{ n: number }>(sql`select count(*)::int as n from budget_movements where budget_id = ${id}`);
    total = Number(c[0]!.n);
  }
  const data = rows.map((m): BudgetMovement => ({
    id: Number(m.id),
    kind: m.kind,
    available: Number(m.available),
    reserved: Number(m.reserved),
    awardId: m.award_id === null ? null : Number(m.award_id),
    periodStart: String(m.period_start),
    by: m.by,
    createdAt: iso(m.created_at),
  }));
  return { ...budget, movements: listResponse(data, page, total) };
}

/**
 * The budgets the actor may see (manage or spend), newest first; `spendable`: only those they may give
 * awards from now (open ones).
 */
export async function listBudgets(db: DbOrTx, a: Actor, q: BudgetListQuery & { spendable?: boolean }): Promise<ListResponse<Budget>> {
  const where = [q.spendable ? sql`(b.closed_at is null and ${spendsSql(a)})` : sql`(${managesSql(a)} or ${spendsSql(a)})`];
  if (q.storeId !== undefined) where.push(sql`b.store_id = ${q.storeId}`);
  if (q.scope !== undefined) where.push(sql`b.scope = ${q.scope}`);
  if (!q.closed) where.push(sql`b.closed_at is null`);
  const cond = sql.join(where, sql` and `);
  const [{ rows }, { rows: count }] = await Promise.all([
    db.execute<BudgetRow>(
      sql`select ${budgetColumns(a)} ${budgetFrom} where ${cond} order by b.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from budgets b where ${cond}`),
  ]);
  return listResponse(rows.map(budgetOf), q, Number(count[0]!.n));
}

async function move(db: DbOrTx, p: { budgetId: number; kind: string; available: number; reserved: number; actor: number; now: Date }) {
  try {
    await db.execute(
      sql`select rs_budget_move(${p.budgetId}::int, ${p.kind}::text, ${p.available}::int, ${p.reserved}::int, null::int, ${p.actor}::int, ${p.now.toISOString()}::timestamptz)`,
    );
  } catch (err) {
    throw raisedRule(err) ?? err;
  }
}

/** The first day of the period holding `day` (a local day): the calendar month, quarter or year; the day itself for `none`. */
function periodStartOf(period: Budget['period'], day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  if (period === 'month') return `${y}-${String(m).padStart(2, '0')}-01`;
  if (period === 'quarter') return `${y}-${String(Math.floor((m - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
  if (period === 'year') return `${y}-01-01`;
  return day;
}

/**
 * POST /api/budgets: the store's administrators (FORBIDDEN_STORE otherwise). A department budget names a
 * department some active person of the store has; a manager budget an active person of the store
 * (NOT_FOUND otherwise). The amount is funded at once.
 */
export async function createBudget(
  db: DbOrTx,
  a: Actor,
  input: BudgetCreate,
  ctx: { now: Date; calendar: CalendarRules },
): Promise<Budget> {
  const stores = adminStoresOf(a);
  if (stores !== null && !stores.includes(input.storeId)) throw new AppError('FORBIDDEN_STORE', { storeId: input.storeId });
  const { rows: found } = await db.execute<{ store: boolean; manager: boolean; department: boolean }>(sql`select
      exists (select 1 from stores where id = ${input.storeId}) as store,
      ${input.managerId ?? null}::int is null or exists (select 1 from users u where u.id = ${input.managerId ?? null}::int
        and u.active = 1 and not u.is_store and u.store_id = ${input.storeId}) as manager,
      ${input.department ?? null}::text is null or exists (select 1 from users u where u.store_id = ${input.storeId}
        and u.department = ${input.department ?? null}::text and u.active = 1) as department`);
  const f = found[0]!;
  if (!f.store) throw notFound({ field: 'storeId' });
  if (!f.manager) throw notFound({ field: 'managerId' });
  if (!f.department) throw notFound({ field: 'department' });
  const id = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`insert into budgets
        (scope, store_id, department, manager_id, amount, period, reload, period_start, created_by, created_at, updated_at)
      values (${input.scope}, ${input.storeId}, ${input.department ?? null}, ${input.managerId ?? null}, ${input.amount}, ${input.period},
        ${input.reload}, ${periodStartOf(input.period, today(ctx.now, ctx.calendar))}::date, ${a.id}, ${ctx.now.toISOString()}::timestamptz,
        ${ctx.now.toISOString()}::timestamptz)
      returning id`);
    const budgetId = Number(rows[0]!.id);
    await move(tx, { budgetId, kind: 'funded', available: input.amount, reserved: 0, actor: a.id, now: ctx.now });
    return budgetId;
  });
  return getBudget(db, a, id);
}

/**
 * PUT /api/budgets/{id}: the store's administrators. A new amount funds the difference now (or writes it off
 * what is available: BUDGET_EXCEEDED when it cannot); `closed: true` writes off what is available and ends
 * the budget (awards already waiting keep their reservation and are decided as usual). A closed budget
 * changes no more (BUDGET_CLOSED).
 */
export async function updateBudget(db: DbOrTx, a: Actor, id: number, input: BudgetUpdate, ctx: { now: Date }): Promise<Budget> {
  if (input.amount === undefined && input.reload === undefined && input.closed === undefined) throw new AppError('NOTHING_TO_CHANGE');
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ store_id: number; amount: number; period: string; available: number; closed_at: unknown }>(
      sql`select store_id, amount, period, available, closed_at from budgets where id = ${id} for update`,
    );
    const b = rows[0];
    if (!b) throw notFound();
    const stores = adminStoresOf(a);
    if (stores !== null && !stores.includes(Number(b.store_id))) throw new AppError('FORBIDDEN_STORE', { storeId: Number(b.store_id) });
    if (b.closed_at !== null) throw new AppError('BUDGET_CLOSED');
    if (input.reload === true && b.period === 'none')
      throw new AppError('VALIDATION_FAILED', [
        { field: 'body.reload', message: 'A budget without a period never reloads', code: 'custom' },
      ]);
    if (input.amount !== undefined && input.amount !== Number(b.amount)) {
      const diff = input.amount - Number(b.amount);
      await move(tx, { budgetId: id, kind: diff > 0 ? 'funded' : 'expired', available: diff, reserved: 0, actor: a.id, now: ctx.now });
    }
    await tx.execute(sql`update budgets set amount = coalesce(${input.amount ?? null}::int, amount),
      reload = coalesce(${input.reload ?? null}::boolean, reload), updated_at = ${ctx.now.toISOString()}::timestamptz where id = ${id}`);
    if (input.closed) {
      const { rows: left } = await tx.execute<{ available: number }>(sql`select available from budgets where id = ${id}`);
      await move(tx, { budgetId: id, kind: 'expired', available: -Number(left[0]!.available), reserved: 0, actor: a.id, now: ctx.now });
      await tx.execute(sql`update budgets set closed_at = ${ctx.now.toISOString()}::timestamptz where id = ${id}`);
    }
  });
  return getBudget(db, a, id);
}

/**
 * Moves every open budget with a period to the period holding `now`, exactly once however many instances
 * call it (rs_budget_reload). Answers how many moved.
 */
export async function reloadBudgets(db: DbOrTx, p: { now: Date; calendar: CalendarRules }): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select rs_budget_reload(${today(p.now, p.calendar)}::date, null::int[], ${p.now.toISOString()}::timestamptz) as n`,
  );
  return Number(rows[0]?.n ?? 0);
}
