import { sql } from 'drizzle-orm';
import { listResponse, type ListResponse, type Pagination } from '@rewards/shared/common';
import type { ApprovalRules, ApprovalRulesInput, Award, PendingApproval } from '@rewards/shared/awards';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { assertAccrualOpen, type CalendarRules } from '../../lib/calendar.ts';
import { raisedRule } from '../../lib/database-errors.ts';
import { intArray } from '../../lib/sql-arrays.ts';
import { approvalRulesOf, awardsByIds } from './awards.service.ts';
import { adminStoresOf, type Actor } from './budgets.service.ts';

/**
 * Approvals of company-funded awards (docs/architecture.md A6.19): the stores'
 * rules, what waits for each approver, and their decisions (rs_award_decide, under the budget's and the
 * award's locks). A step held by the store's administrators (no manager left up a recipient's chain) is
 * decided by any administrator of that store, or a super administrator, who is neither the giver nor a
 * recipient.
 */

/** GET /api/approvals/stores/{id}/rules: a store's rules (the defaults until saved); 404 for no such store. */
export async function getApprovalRules(db: DbOrTx, storeId: number): Promise<ApprovalRules> {
  const { rows } = await db.execute<{ id: number }>(sql`select id from stores where id = ${storeId}`);
  if (!rows[0]) throw notFound();
  return approvalRulesOf(db, storeId);
}

/** PUT /api/approvals/stores/{id}/rules: the store's administrators. */
export async function saveApprovalRules(
  db: DbOrTx,
  storeId: number,
  input: ApprovalRulesInput,
  ctx: { actorId: number; now: Date },
): Promise<ApprovalRules> {
  const { rows } = await db.execute<{ id: number }>(sql`select id from stores where id = ${storeId}`);
  if (!rows[0]) throw notFound();
  await db.execute(sql`insert into approval_rules (store_id, first_threshold, second_threshold, levels, reminder_days, escalation_days, updated_at, updated_by)
    values (${storeId}, ${input.firstThreshold}, ${input.secondThreshold}, ${input.levels}, ${input.reminderDays}, ${input.escalationDays},
      ${ctx.now.toISOString()}::timestamptz, ${ctx.actorId})
    on conflict (store_id) do update set first_threshold = excluded.first_threshold, second_threshold = excluded.second_threshold,
      levels = excluded.levels, reminder_days = excluded.reminder_days, escalation_days = excluded.escalation_days,
      updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
  return approvalRulesOf(db, storeId);
}

/** The condition "step alias `s` of award alias `a` waits for the actor": by name, or as an administrator of its store. */
function waitsForSql(x: Actor) {
  const stores = adminStoresOf(x);
  const admin = stores === null ? sql`true` : sql`s.store_id = any(${intArray(stores)}::int[])`;
  return sql`s.status = 'waiting' and (s.approver_id = ${x.id} or (s.approver_id is null and ${admin} and a.giver_id <> ${x.id}
    and not exists (select 1 from award_recipients r where r.award_id = a.id and r.user_id = ${x.id})))`;
}

/** GET /api/approvals: the steps waiting for the caller, oldest first, each with its award. */
export async function listPendingApprovals(db: DbOrTx, x: Actor, q: Pagination): Promise<ListResponse<PendingApproval>> {
  const cond = waitsForSql(x);
  const [{ rows }, { rows: count }] = await Promise.all([
    db.execute<{ id: number; level: number; award_id: number; approver_id: number | null; waiting_since: string | Date }>(sql`
      select s.id, s.level, s.award_id, s.approver_id, s.waiting_since from approval_steps s join awards a on a.id = s.award_id
      where ${cond} order by s.waiting_since, s.id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from approval_steps s join awards a on a.id = s.award_id where ${cond}`),
  ]);
  const awards = new Map((await awardsByIds(db, [...new Set(rows.map((r) => Number(r.award_id)))])).map((a) => [a.id, a]));
  const data = rows.map((r): PendingApproval => ({
    stepId: Number(r.id),
    level: Number(r.level),
    levels: awards.get(Number(r.award_id))!.levels,
    asAdministrator: r.approver_id === null,
    waitingSince: new Date(r.waiting_since).toISOString(),
    award: awards.get(Number(r.award_id))!,
  }));
  return listResponse(data, q, Number(count[0]!.n));
}

/** Whether the actor may decide a step held by the administrators of `storeId` for an award of `giverId` to `recipients`. */
function decidesAsAdministrator(x: Actor, step: { storeId: number; giverId: number; recipients: readonly number[] }): boolean {
  const stores = adminStoresOf(x);
  return (stores === null || stores.includes(step.storeId)) && x.id !== step.giverId && !step.recipients.includes(x.id);
}

/**
 * POST /api/approvals/{id}/approve and /deny: the step's approver decides it (404 for anyone else, and
 * for a step that never waited for them). A step already decided, escalated, or of an award withdrawn is
 * 409 APPROVAL_DECIDED; two approvers at once cannot both decide one step (rs_award_decide locks the budget
 * and the award first). Approving needs the program's accrual open (the last approval credits points).
 */
export async function decideApproval(
  db: DbOrTx,
  x: Actor,
  stepId: number,
  decision: { approve: true } | { approve: false; reason: string },
  ctx: { now: Date; calendar: CalendarRules },
): Promise<Award> {
  const { rows } = await db.execute<{
    award_id: number;
    approver_id: number | null;
    store_id: number;
    giver_id: number;
    recipients: number[];
  }>(sql`
    select s.award_id, s.approver_id, s.store_id, a.giver_id, array(select r.user_id from award_recipients r where r.award_id = a.id) as recipients
    from approval_steps s join awards a on a.id = s.award_id where s.id = ${stepId}`);
  const step = rows[0];
  const groupOk =
    step !== undefined &&
    step.approver_id === null &&
    decidesAsAdministrator(x, {
      storeId: Number(step.store_id),
      giverId: Number(step.giver_id),
      recipients: (step.recipients ?? []).map(Number),
    });
  // A step that was, or is, the caller's by name is theirs to be told "already decided"; anyone else's is 404.
  if (!step || (!groupOk && Number(step.approver_id) !== x.id)) throw notFound();
  if (decision.approve) assertAccrualOpen(ctx.now, ctx.calendar);
  await runDecision(db, { stepId, actorId: x.id, decision, groupOk, now: ctx.now });
  return (await awardsByIds(db, [Number(step.award_id)]))[0]!;
}

/** rs_award_decide for one step. */
export async function runDecision(
  db: DbOrTx,
  p: { stepId: number; actorId: number; decision: { approve: true } | { approve: false; reason: string }; groupOk: boolean; now: Date },
): Promise<string> {
  try {
    const { rows } = await db.execute<{ status: string }>(sql`select rs_award_decide(${p.stepId}::int, null::int, ${p.actorId}::int,
      ${p.decision.approve ? 'approve' : 'deny'}::text, ${p.decision.approve ? null : p.decision.reason}::text, ${p.groupOk}::boolean,
      ${p.now.toISOString()}::timestamptz) as status`);
    return rows[0]!.status;
  } catch (err) {
    throw raisedRule(err) ?? err;
  }
}

/**
 * The approvals' job (every instance, single through the database, rs_approval_reminders): one reminder per
 * step after its store's reminderDays, escalation to the next manager up after escalationDays or at once
 * when the approver was deactivated. Answers how many steps were reminded and escalated.
 */
export async function runApprovalReminders(db: DbOrTx, now: Date): Promise<{ reminded: number; escalated: number }> {
  const { rows } = await db.execute<{ reminded: number; escalated: number }>(
    sql`select reminded, escalated from rs_approval_reminders(${now.toISOString()}::timestamptz)`,
  );
  return { reminded: Number(rows[0]?.reminded ?? 0), escalated: Number(rows[0]?.escalated ?? 0) };
}
