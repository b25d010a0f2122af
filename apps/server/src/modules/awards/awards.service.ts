import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { listResponse, type ListResponse } from '@rewards/shared/common';
import {
  approvalLevels,
  AWARD_MESSAGE_MIN,
  DEFAULT_APPROVAL_RULES,
  type ApprovalRules,
  type ApprovalStep,
  type Award,
  type AwardCreate,
  type AwardListQuery,
  type AwardPerson,
} from '@rewards/shared/awards';
import { preparedRows, type Db, type DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertAccrualOpen, type CalendarRules } from '../../lib/calendar.ts';
import { raisedRule } from '../../lib/database-errors.ts';
import { keyedWrite, replayOf, requestFingerprint } from '../../lib/idempotency.ts';
import { intArray } from '../../lib/sql-arrays.ts';
import { adminStoresOf, spendsSql, today, type Actor } from './budgets.service.ts';

/**
 * Company-funded awards (docs/architecture.md A6.19): what needs the budget's lock
 * (the key, the budget's remainder, the reservation or the spend and the credit through the points ledger's
 * one writer) happens in one statement, rs_award; what needs no lock is read before it and checked here, so
 * a refusal writes nothing. The approval steps an award needs are computed here from its store's rules and
 * the recipients' reporting lines (users.manager_id).
 */

const dialect = new PgDialect();

/**
 * The rows of an award's hot statements (its checks, rs_award, its answer): on PostgreSQL a named prepared
 * statement per distinct text, parsed and planned once per connection (db/client.ts preparedRows, as the
 * feed's); in a transaction, on its connection through Drizzle.
 */
async function hotRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  if (!('$client' in db)) return (await db.execute<Record<string, unknown>>(query)).rows as T[];
  const q = dialect.sqlToQuery(query);
  return preparedRows<T>(db as Db, `rs_award_${createHash('md5').update(q.sql).digest('hex')}`, q.sql, q.params);
}

/** A store's approval rules: its own, or the defaults when it saved none. */
export async function approvalRulesOf(db: DbOrTx, storeId: number): Promise<ApprovalRules> {
  const { rows } = await db.execute<{
    first_threshold: number;
    second_threshold: number;
    levels: number;
    reminder_days: number;
    escalation_days: number;
    updated_at: string | Date;
  }>(
    sql`select first_threshold, second_threshold, levels, reminder_days, escalation_days, updated_at from approval_rules where store_id = ${storeId}`,
  );
  const r = rows[0];
  if (!r) return { storeId, ...DEFAULT_APPROVAL_RULES, updatedAt: null };
  return {
    storeId,
    firstThreshold: Number(r.first_threshold),
    secondThreshold: Number(r.second_threshold),
    levels: Number(r.levels),
    reminderDays: Number(r.reminder_days),
    escalationDays: Number(r.escalation_days),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** A step as rs_award writes it. */
export interface PlannedStep {
  level: number;
  /** null: the administrators of `storeId`. */
  approverId: number | null;
  storeId: number;
  recipientIds: number[];
}

/** Each recipient's managers up the chain, nearest first (active or not), at most 20 up. */
export async function chainsOf(db: DbOrTx, people: readonly number[]): Promise<Map<number, { id: number; active: boolean }[]>> {
  const { rows } = await db.execute<{ person: number; depth: number; id: number; active: number }>(sql`
    with recursive up(person, depth, id) as (
      select u.id, 1, u.manager_id from users u where u.id = any(${intArray(people)}::int[]) and u.manager_id is not null
      union all
      select up.person, up.depth + 1, m.manager_id from up join users m on m.id = up.id
      where m.manager_id is not null and up.depth < 20)
    select up.person, up.depth, up.id, u.active from up join users u on u.id = up.id order by up.person, up.depth`);
  const chains = new Map<number, { id: number; active: boolean }[]>(people.map((p) => [p, []]));
  for (const r of rows) chains.get(Number(r.person))!.push({ id: Number(r.id), active: Number(r.active) === 1 });
  return chains;
}

/**
 * The approval steps of an award of `levels` levels (docs/architecture.md A6.19): for each recipient, the
 * k-th level is the k-th manager up their chain who is active and neither the giver nor a recipient; where
 * the chain runs out, the store's administrators (other than the giver and the recipients) decide that level
 * and it is the recipient's last. Several recipients: each level's approvers are their chains' at that
 * level, one step per approver and level (naming every recipient it stands for).
 */
export function planSteps(
  levels: number,
  p: { giverId: number; recipients: readonly number[]; storeId: number; chains: Map<number, { id: number; active: boolean }[]> },
): PlannedStep[] {
  if (levels === 0) return [];
  const excluded = new Set([p.giverId, ...p.recipients]);
  const steps = new Map<string, PlannedStep>();
  const add = (level: number, approverId: number | null, recipient: number) => {
    const key = `${level}:${approverId ?? 'admins'}`;
    const step = steps.get(key) ?? { level, approverId, storeId: p.storeId, recipientIds: [] };
    step.recipientIds.push(recipient);
    steps.set(key, step);
  };
  for (const recipient of [...p.recipients].sort((a, b) => a - b)) {
    const eligible = (p.chains.get(recipient) ?? []).filter((m) => m.active && !excluded.has(m.id)).map((m) => m.id);
    const seen = new Set<number>();
    const chain = eligible.filter((id) => !seen.has(id) && seen.add(id));
    for (let level = 1; level <= levels; level++) {
      const approver = chain[level - 1];
      if (approver === undefined) {
        add(level, null, recipient);
        break;
      }
      add(level, approver, recipient);
    }
  }
  return [...steps.values()].sort((a, b) => a.level - b.level || (a.approverId ?? 0) - (b.approverId ?? 0));
}

/** The condition "the actor may read award alias `a`" (giver, recipient, an approver of any step, the budget store's administrators). */
function readsAwardSql(x: Actor) {
  const stores = adminStoresOf(x);
  return sql`(a.giver_id = ${x.id}
    or exists (select 1 from award_recipients r where r.award_id = a.id and r.user_id = ${x.id})
    or exists (select 1 from approval_steps s where s.award_id = a.id and s.approver_id = ${x.id})
    or ${stores === null ? sql`true` : sql`exists (select 1 from budgets bb where bb.id = a.budget_id and bb.store_id = any(${intArray(stores)}::int[]))`})`;
}

const personJson = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', btrim(${alias}.name || ' ' || coalesce(${alias}.last_name, '')), 'email', ${alias}.email, 'active', ${alias}.active = 1) end`,
  );

/** An award as the database reads it (awardsByIds), before toAward. */
interface AwardRow {
  id: number;
  status: Award['status'];
  giver: AwardPerson;
  points: number;
  message: string;
  budget: Award['budget'];
  levels: number;
  deny_reason: string | null;
  created_at: string | Date;
  decided_at: string | Date | null;
  recipients: AwardPerson[];
  steps: (Omit<ApprovalStep, 'recipientIds'> & { recipientIds: number[] })[];
}

const isoOrNull = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** The API's award from its row: where it stands, who holds it. */
function toAward(r: AwardRow): Award {
  const steps: ApprovalStep[] = r.steps.map((s) => ({
    ...s,
    waitingSince: isoOrNull(s.waitingSince),
    remindedAt: isoOrNull(s.remindedAt),
    decidedAt: isoOrNull(s.decidedAt),
  }));
  const waiting = steps.filter((s) => s.status === 'waiting');
  return {
    id: Number(r.id),
    status: r.status,
    giver: r.giver,
    recipients: r.recipients ?? [],
    points: Number(r.points),
    total: Number(r.points) * (r.recipients?.length ?? 0),
    message: r.message,
    budget: r.budget,
    levels: Number(r.levels),
    currentLevel: r.status === 'waiting' && waiting.length > 0 ? Math.min(...waiting.map((s) => s.level)) : null,
    heldBy:
      r.status === 'waiting'
        ? waiting.map((s) => ({ stepId: s.id, approver: s.approver, storeId: s.storeId, waitingSince: s.waitingSince! }))
        : [],
    steps,
    denyReason: r.deny_reason,
    createdAt: new Date(r.created_at).toISOString(),
    decidedAt: isoOrNull(r.decided_at),
  };
}

/** The budget of award alias `b` as an award names it. */
const budgetRefJson = sql.raw(
  `json_build_object('id', b.id, 'scope', b.scope, 'storeId', b.store_id, 'department', b.department, 'managerId', b.manager_id)`,
);

/** Awards by id, whole (giver, recipients, steps with their people), in the order of `ids`. */
export async function awardsByIds(db: DbOrTx, ids: readonly number[]): Promise<Award[]> {
  if (ids.length === 0) return [];
  const rows = await hotRows<AwardRow>(
    db,
    sql`
    select a.id, a.status, ${personJson('g')} as giver, a.points, a.message,
      ${budgetRefJson} as budget,
      a.levels, a.deny_reason, a.created_at, a.decided_at,
      (select json_agg(${personJson('ru')} order by ru.id) from award_recipients r join users ru on ru.id = r.user_id where r.award_id = a.id) as recipients,
      coalesce((select json_agg(json_build_object('id', s.id, 'level', s.level, 'status', s.status, 'approver', ${personJson('su')},
          'storeId', s.store_id, 'recipientIds', s.recipient_ids, 'escalatedFrom', s.escalated_from,
          'waitingSince', s.waiting_since, 'remindedAt', s.reminded_at, 'decidedAt', s.decided_at, 'decidedBy', ${personJson('sd')},
          'reason', s.reason) order by s.level, s.id)
        from approval_steps s left join users su on su.id = s.approver_id left join users sd on sd.id = s.decided_by
        where s.award_id = a.id), '[]'::json) as steps
    from awards a join users g on g.id = a.giver_id join budgets b on b.id = a.budget_id
    where a.id = any(${intArray(ids)}::int[])`,
  );
  const byId = new Map(rows.map((r) => [Number(r.id), toAward(r)] as const));
  return ids.map((id) => byId.get(id)).filter((a): a is Award => a !== undefined);
}

/** One award as the actor may read it; 404 otherwise. */
export async function getAward(db: DbOrTx, x: Actor, id: number): Promise<Award> {
  const { rows } = await db.execute<{ id: number }>(sql`select a.id from awards a where a.id = ${id} and ${readsAwardSql(x)}`);
  if (!rows[0]) throw notFound();
  return (await awardsByIds(db, [id]))[0]!;
}

/** GET /api/awards: the caller's awards as giver (or as recipient), newest first, by status. */
export async function listAwards(db: DbOrTx, x: Actor, q: AwardListQuery): Promise<ListResponse<Award>> {
  const mine =
    q.role === 'received'
      ? sql`exists (select 1 from award_recipients r where r.award_id = a.id and r.user_id = ${x.id}) and a.status = 'credited'`
      : sql`a.giver_id = ${x.id}`;
  const cond = q.status ? sql`${mine} and a.status = ${q.status}` : mine;
  const [{ rows }, { rows: count }] = await Promise.all([
    db.execute<{ id: number }>(
      sql`select a.id from awards a where ${cond} order by a.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from awards a where ${cond}`),
  ]);
  return listResponse(
    await awardsByIds(
      db,
      rows.map((r) => Number(r.id)),
    ),
    q,
    Number(count[0]!.n),
  );
}

interface AwardContext {
  actor: Actor;
  idempotencyKey?: string;
  now: Date;
  calendar: CalendarRules;
}

/**
 * POST /api/awards: the caller gives `points` to each recipient from a budget they may spend. Refusals, in
 * this order, with nothing written: NOT_FOUND (no such budget), FORBIDDEN (the caller may not spend it),
 * GIVE_TO_SELF, RECIPIENT_INACTIVE {userId} (unknown, inactive or a store account), RECIPIENT_OUT_OF_SCOPE
 * {userId}, MESSAGE_TOO_SHORT {min}, ACCRUAL_CLOSED, then under the budget's lock BUDGET_CLOSED and
 * BUDGET_EXCEEDED {available}. The same Idempotency-Key and body replay the first award; another body with
 * it is IDEMPOTENCY_KEY_REUSED. Answers the award and whether it replayed one.
 */
export async function createAward(db: DbOrTx, input: AwardCreate, ctx: AwardContext): Promise<{ award: Award; replayed: boolean }> {
  const x = ctx.actor;
  const recipients = [...input.recipients].sort((a, b) => a - b);
  const hash = requestFingerprint({ ...input, recipients });
  const key = ctx.idempotencyKey ?? null;
  const rows = await hotRows<{
    prior_id: number | null;
    prior_hash: string | null;
    budget: number | null;
    store_id: number | null;
    spends: boolean | null;
    active: number[];
    in_scope: number[];
    first_threshold: number | null;
    second_threshold: number | null;
    levels: number | null;
    giver: AwardPerson | null;
    people: AwardPerson[] | null;
    budget_ref: Award['budget'];
  }>(
    db,
    sql`
    select k.id as prior_id, k.request_hash as prior_hash, b.id as budget, b.store_id, ${spendsSql(x)} as spends,
      ar.first_threshold, ar.second_threshold, ar.levels,
      (select ${personJson('g')} from users g where g.id = ${x.id}) as giver, ${budgetRefJson} as budget_ref,
      (select json_agg(${personJson('ru')} order by ru.id) from users ru where ru.id = any(${intArray(recipients)}::int[])) as people,
      array(select u.id from users u where u.id = any(${intArray(recipients)}::int[]) and u.active = 1 and not u.is_store) as active,
      array(select u.id from users u where u.id = any(${intArray(recipients)}::int[]) and case b.scope
        when 'store' then u.store_id = b.store_id
        when 'department' then u.store_id = b.store_id and u.department = b.department
        else u.id in (with recursive line(id, depth) as (
            select r.id, 1 from users r where r.manager_id = b.manager_id
            union all select r.id, line.depth + 1 from users r join line on r.manager_id = line.id where line.depth < 20)
          select id from line) end) as in_scope
    from (select 1) one
    left join budgets b on b.id = ${input.budgetId}
    left join approval_rules ar on ar.store_id = b.store_id
    left join lateral (select a.id, a.request_hash from awards a where a.giver_id = ${x.id} and a.idempotency_key = ${key}::text) k on true`,
  );
  const row = rows[0]!;
  const prior = row.prior_id === null ? undefined : { id: Number(row.prior_id), requestHash: row.prior_hash };
  const replay = replayOf(prior, hash, { key });
  if (replay) return { award: (await awardsByIds(db, [replay.id]))[0]!, replayed: true };
  if (row.budget === null) throw notFound({ field: 'budgetId' });
  if (!row.spends) throw new AppError('FORBIDDEN');
  if (recipients.includes(x.id)) throw new AppError('GIVE_TO_SELF');
  const active = new Set((row.active ?? []).map(Number));
  const inactive = recipients.find((id) => !active.has(id));
  if (inactive !== undefined) throw new AppError('RECIPIENT_INACTIVE', { userId: inactive });
  const inScope = new Set((row.in_scope ?? []).map(Number));
  const outside = recipients.find((id) => !inScope.has(id));
  if (outside !== undefined) throw new AppError('RECIPIENT_OUT_OF_SCOPE', { userId: outside });
  if (input.message.length < AWARD_MESSAGE_MIN) throw new AppError('MESSAGE_TOO_SHORT', { min: AWARD_MESSAGE_MIN });
  assertAccrualOpen(ctx.now, ctx.calendar);

  const storeId = Number(row.store_id);
  // The store's approval rules, read with the checks (the defaults when it saved none).
  const rules =
    row.levels === null
      ? DEFAULT_APPROVAL_RULES
      : { firstThreshold: Number(row.first_threshold), secondThreshold: Number(row.second_threshold), levels: Number(row.levels) };
  const levels = approvalLevels(input.points, rules);
  const steps = levels === 0 ? [] : planSteps(levels, { giverId: x.id, recipients, storeId, chains: await chainsOf(db, recipients) });
  let done: { award_id: number; status: Award['status']; replayed: boolean }[];
  try {
    done = await keyedWrite(() =>
      hotRows<{ award_id: number; status: Award['status']; replayed: boolean }>(
        db,
        sql`
        select award_id, status, replayed from rs_award(${x.id}::int, ${input.budgetId}::int, ${intArray(recipients)}::int[], ${input.points}::int,
          ${input.message}::text, ${JSON.stringify(steps)}::jsonb, ${key}::text, ${hash}::text,
          ${today(ctx.now, ctx.calendar)}::date, ${ctx.now.toISOString()}::timestamptz)`,
      ),
    );
  } catch (err) {
    throw raisedRule(err) ?? err;
  }
  const awardId = Number(done[0]!.award_id);
  const replayed = Boolean(done[0]!.replayed);
  // Credited at once, the award is what was just checked and written: answered without reading it again.
  if (!replayed && done[0]!.status === 'credited' && row.giver && row.people) {
    const award = toAward({
      id: awardId,
      status: 'credited',
      giver: row.giver,
      points: input.points,
      message: input.message,
      budget: row.budget_ref,
      levels: 0,
      deny_reason: null,
      created_at: ctx.now,
      decided_at: null,
      recipients: row.people,
      steps: [],
    });
    return { award, replayed };
  }
  return { award: (await awardsByIds(db, [awardId]))[0]!, replayed };
}

/** POST /api/awards/{id}/withdraw: the giver withdraws a waiting award (AWARD_NOT_WAITING otherwise); its reservation is released. */
export async function withdrawAward(db: DbOrTx, x: Actor, id: number, now: Date): Promise<Award> {
  try {
    await db.execute(
      sql`select rs_award_decide(null::int, ${id}::int, ${x.id}::int, 'withdraw', null::text, false, ${now.toISOString()}::timestamptz)`,
    );
  } catch (err) {
    throw raisedRule(err) ?? err;
  }
  return (await awardsByIds(db, [id]))[0]!;
}
