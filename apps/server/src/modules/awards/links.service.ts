import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ApprovalAction, ApprovalLink } from '@rewards/shared/awards';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertAccrualOpen, type CalendarRules } from '../../lib/calendar.ts';
import { runDecision } from './approvals.service.ts';
import { awardsByIds } from './awards.service.ts';

/**
 * Signed one-use approval links (docs/architecture.md A6.19): the approval e-mail
 * carries an approve and a deny link, each a token `payload.signature` where the payload is the step, the
 * approver, the action and the expiry (base64url JSON) and the signature its HMAC-SHA256 with
 * SESSION_SECRET. The token is the credential (the routes are public): it opens a page that asks to confirm
 * (GET describes it), and POST decides the step as that approver. It is used once: it works only while the
 * step waits for that approver, so a decision or an escalation ends it; and never after its expiry.
 */

/** How long a link lasts: past a step's escalation, the new holder has links of their own. */
export const LINK_TTL_MS = 14 * 86_400_000;

interface LinkPayload {
  s: number;
  a: number;
  x: ApprovalAction;
  e: number;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const sign = (secret: string, payload: string) => createHmac('sha256', `${secret}:approval-links`).update(payload).digest();

export function signLink(secret: string, p: { stepId: number; approverId: number; action: ApprovalAction; expiresAt: Date }): string {
  const payload = b64(JSON.stringify({ s: p.stepId, a: p.approverId, x: p.action, e: p.expiresAt.getTime() } satisfies LinkPayload));
  return `${payload}.${b64(sign(secret, payload))}`;
}

/** The payload of a token whose signature holds; 404 for anything else (a token made up or altered). */
export function readLink(secret: string, token: string): LinkPayload {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) throw notFound();
  const expected = sign(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
  try {
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LinkPayload;
    if (!Number.isInteger(p.s) || !Number.isInteger(p.a) || (p.x !== 'approve' && p.x !== 'deny') || !Number.isFinite(p.e))
      throw notFound();
    return p;
  } catch {
    throw notFound();
  }
}

/** The approve and deny links of an approval e-mail: pages of the web app that ask to confirm. */
export function approvalMailLinks(
  o: { secret: string; publicUrl: string; now: Date },
  p: { stepId: number; userId: number },
): { approve: string; deny: string } {
  const expiresAt = new Date(o.now.getTime() + LINK_TTL_MS);
  const link = (action: ApprovalAction) =>
    `${o.publicUrl}/approvals/link/${signLink(o.secret, { stepId: p.stepId, approverId: p.userId, action, expiresAt })}`;
  return { approve: link('approve'), deny: link('deny') };
}

type StepState = {
  award_id: number;
  status: string;
  approver_id: number | null;
  store_id: number;
  giver_id: number;
  recipients: number[];
  approver_admin: boolean;
  approver_active: boolean;
  person: ApprovalLink['approver'] | null;
};

async function stepState(db: DbOrTx, p: LinkPayload): Promise<StepState | undefined> {
  const { rows } = await db.execute<StepState>(sql`
    select s.award_id, s.status, s.approver_id, s.store_id, a.giver_id,
      array(select r.user_id from award_recipients r where r.award_id = a.id) as recipients,
      exists (select 1 from users u left join user_admin_stores ua on ua.user_id = u.id and ua.store_id = s.store_id
        where u.id = ${p.a} and (u.role = 3 or (u.role = 2 and ua.user_id is not null))) as approver_admin,
      exists (select 1 from users u where u.id = ${p.a} and u.active = 1) as approver_active,
      (select json_build_object('id', u.id, 'name', btrim(u.name || ' ' || coalesce(u.last_name, '')), 'email', u.email, 'active', u.active = 1)
        from users u where u.id = ${p.a}) as person
    from approval_steps s join awards a on a.id = s.award_id where s.id = ${p.s}`);
  return rows[0];
}

/** Whether the link's approver holds the step: by name, or as an administrator of its store who is neither giver nor recipient. */
function holds(st: StepState, approverId: number): { holds: boolean; group: boolean } {
  if (st.approver_id !== null) return { holds: Number(st.approver_id) === approverId, group: false };
  const group = st.approver_admin && Number(st.giver_id) !== approverId && !(st.recipients ?? []).map(Number).includes(approverId);
  return { holds: group, group };
}

function refusalOf(st: StepState, p: LinkPayload, now: Date): ApprovalLink['refusal'] {
  if (p.e <= now.getTime()) return 'expired';
  if (st.status === 'escalated') return 'escalated';
  if (st.status === 'closed') return 'closed';
  if (st.status !== 'waiting' || !holds(st, p.a).holds || !st.approver_active) return 'decided';
  return null;
}

/** GET /api/approval-links/{token}: what the link would do, for the page that asks to confirm. */
export async function describeLink(db: DbOrTx, secret: string, token: string, now: Date): Promise<ApprovalLink> {
  const p = readLink(secret, token);
  const st = await stepState(db, p);
  if (!st || !st.person) throw notFound();
  const refusal = refusalOf(st, p, now);
  const award = (await awardsByIds(db, [Number(st.award_id)]))[0]!;
  return {
    action: p.x,
    stepId: p.s,
    approver: st.person,
    expiresAt: new Date(p.e).toISOString(),
    usable: refusal === null,
    refusal,
    award: {
      id: award.id,
      status: award.status,
      points: award.points,
      total: award.total,
      message: award.message,
      giver: award.giver,
      recipients: award.recipients,
      levels: award.levels,
    },
  };
}

/**
 * POST /api/approval-links/{token}: decides the step as the link's approver. Refusals: 404 for a token that
 * is not ours, 422 APPROVAL_LINK_EXPIRED past its expiry, 409 APPROVAL_DECIDED once the step was decided or
 * escalated (the link is used up), 400 VALIDATION_FAILED for a denial without a reason (3-500 characters).
 */
export async function decideLink(
  db: DbOrTx,
  secret: string,
  token: string,
  body: { reason?: string },
  ctx: { now: Date; calendar: CalendarRules },
): Promise<ApprovalLink> {
  const p = readLink(secret, token);
  const st = await stepState(db, p);
  if (!st || !st.person) throw notFound();
  const refusal = refusalOf(st, p, ctx.now);
  if (refusal === 'expired') throw new AppError('APPROVAL_LINK_EXPIRED');
  if (refusal !== null) throw new AppError('APPROVAL_DECIDED');
  if (p.x === 'deny' && body.reason === undefined)
    throw new AppError('VALIDATION_FAILED', [{ field: 'body.reason', message: 'Required field', code: 'custom' }]);
  if (p.x === 'approve') assertAccrualOpen(ctx.now, ctx.calendar);
  await runDecision(db, {
    stepId: p.s,
    actorId: p.a,
    decision: p.x === 'approve' ? { approve: true } : { approve: false, reason: body.reason! },
    groupOk: holds(st, p.a).group,
    now: ctx.now,
  });
  return describeLink(db, secret, token, ctx.now);
}
