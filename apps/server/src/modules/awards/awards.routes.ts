import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, itemEnvelope, listEnvelope, queryBool } from '@rewards/shared/common';
import {
  approvalRulesInputSchema,
  approvalRulesSchema,
  awardCreateSchema,
  awardListQuerySchema,
  awardSchema,
  budgetCreateSchema,
  budgetDetailSchema,
  budgetListQuerySchema,
  budgetSchema,
  budgetUpdateSchema,
  approvalLinkSchema,
  denySchema,
  linkDecideSchema,
  linkParamsSchema,
  pageQuerySchema,
  pendingApprovalSchema,
} from '@rewards/shared/awards';
import { idempotencyHeaders } from '../../lib/idempotency.ts';
import { SYSTEM_NOTIFICATION_EVENT, type SystemNotificationPayload } from '@rewards/shared/constants';
import { assertStoreAdmin, requireUser, type Principal } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { decideApproval, getApprovalRules, listPendingApprovals, saveApprovalRules } from './approvals.service.ts';
import { createAward, getAward, listAwards, withdrawAward } from './awards.service.ts';
import { decideLink, describeLink } from './links.service.ts';
import { createBudget, getBudgetDetail, listBudgets, updateBudget, type Actor } from './budgets.service.ts';

const TAGS = ['awards'];
const actorOf = (p: Principal): Actor => ({ id: p.id, role: p.role, adminStores: p.adminStores });

/**
 * Budgets, company-funded awards and approvals (docs/architecture.md A6.19),
 * registered under /api: budgets for the administrators of their store and those who may spend them, awards
 * for whoever may spend a budget, approvals for the approvers, approval rules for the store's administrators.
 */
export async function awardsRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config } = opts.deps;
  const secret = config.session.secret;
  // An award credited at once tells its recipients' open pages itself, once committed (rs_award, A6.11):
  // through the adapter, every instance's sockets.
  const tellNotified = (userIds: readonly number[]) => {
    for (const userId of userIds)
      app.realtime.io.to(`user:${userId}`).emit(SYSTEM_NOTIFICATION_EVENT, { userId } satisfies SystemNotificationPayload);
  };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/budgets',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary:
          'Create a budget of company-funded awards for a store, a department of it or one manager (the store’s administrators); its amount is funded at once',
        body: budgetCreateSchema,
        response: { 201: itemEnvelope(budgetSchema) },
      },
    },
    async (request, reply) => {
      const budget = await createBudget(db, actorOf(requireUser(request)), request.body, { now: clock.now(), calendar: config.calendar });
      return reply.status(201).send({ data: budget });
    },
  );

  r.get(
    '/budgets',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'The budgets the caller manages (their stores’) or may spend, newest first; `spendable`: only open ones the caller may give awards from',
        querystring: budgetListQuerySchema.extend({ spendable: queryBool.optional() }).strict(),
        response: { 200: listEnvelope(budgetSchema) },
      },
    },
    async (request) => listBudgets(db, actorOf(requireUser(request)), request.query),
  );

  r.get(
    '/budgets/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'One budget with a page of its movements, newest first (404 when the caller neither manages nor may spend it)',
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: itemEnvelope(budgetDetailSchema) },
      },
    },
    async (request) => ({ data: await getBudgetDetail(db, actorOf(requireUser(request)), request.params.id, request.query) }),
  );

  r.put(
    '/budgets/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary:
          'Change a budget’s amount (the difference is funded or written off now), its reload, or close it (what is available is written off)',
        params: idParamsSchema,
        body: budgetUpdateSchema,
        response: { 200: itemEnvelope(budgetSchema) },
      },
    },
    async (request) => ({
      data: await updateBudget(db, actorOf(requireUser(request)), request.params.id, request.body, { now: clock.now() }),
    }),
  );

  r.post(
    '/awards',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'Give a company-funded award: `points` to each recipient from a budget the caller may spend; 201 credited at once, 202 waiting for approval (its points reserved). Idempotency-Key: the same request replays the first result (200)',
        headers: idempotencyHeaders,
        body: awardCreateSchema,
        response: { 200: itemEnvelope(awardSchema), 201: itemEnvelope(awardSchema), 202: itemEnvelope(awardSchema) },
      },
    },
    async (request, reply) => {
      const { award, replayed } = await createAward(db, request.body, {
        actor: actorOf(requireUser(request)),
        idempotencyKey: request.headers['idempotency-key'],
        now: clock.now(),
        calendar: config.calendar,
      });
      if (!replayed && award.status === 'credited') tellNotified(award.recipients.map((p) => p.id));
      return reply.status(replayed ? 200 : award.status === 'waiting' ? 202 : 201).send({ data: award });
    },
  );

  r.get(
    '/awards',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'The caller’s awards, newest first: given (default, any status) or received (credited)',
        querystring: awardListQuerySchema,
        response: { 200: listEnvelope(awardSchema) },
      },
    },
    async (request) => listAwards(db, actorOf(requireUser(request)), request.query),
  );

  r.get(
    '/awards/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'One award: where it stands, who holds it now and its approval history (its giver, recipients and approvers, and the budget store’s administrators; 404 for anyone else)',
        params: idParamsSchema,
        response: { 200: itemEnvelope(awardSchema) },
      },
    },
    async (request) => ({ data: await getAward(db, actorOf(requireUser(request)), request.params.id) }),
  );

  r.post(
    '/awards/:id/withdraw',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'The giver withdraws an award waiting for approval; its reservation returns to the budget (409 AWARD_NOT_WAITING once decided)',
        params: idParamsSchema,
        response: { 200: itemEnvelope(awardSchema) },
      },
    },
    async (request) => ({ data: await withdrawAward(db, actorOf(requireUser(request)), request.params.id, clock.now()) }),
  );

  r.get(
    '/approvals',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'The approval steps waiting for the caller (by name, or as an administrator of the store when no manager is left), oldest first',
        querystring: pageQuerySchema,
        response: { 200: listEnvelope(pendingApprovalSchema) },
      },
    },
    async (request) => listPendingApprovals(db, actorOf(requireUser(request)), request.query),
  );

  r.post(
    '/approvals/:id/approve',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'Approve an approval step waiting for the caller; the last one credits the award (409 APPROVAL_DECIDED when already decided or escalated)',
        params: idParamsSchema,
        response: { 200: itemEnvelope(awardSchema) },
      },
    },
    async (request) => ({
      data: await decideApproval(
        db,
        actorOf(requireUser(request)),
        request.params.id,
        { approve: true },
        { now: clock.now(), calendar: config.calendar },
      ),
    }),
  );

  r.post(
    '/approvals/:id/deny',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'Deny an approval step waiting for the caller, with a reason (3-500 characters) the giver reads; the reservation returns to the budget',
        params: idParamsSchema,
        body: denySchema,
        response: { 200: itemEnvelope(awardSchema) },
      },
    },
    async (request) => ({
      data: await decideApproval(
        db,
        actorOf(requireUser(request)),
        request.params.id,
        { approve: false, reason: request.body.reason },
        { now: clock.now(), calendar: config.calendar },
      ),
    }),
  );

  r.get(
    '/approvals/stores/:id/rules',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary: 'A store’s approval rules for awards (the defaults until saved)',
        params: idParamsSchema,
        response: { 200: itemEnvelope(approvalRulesSchema) },
      },
    },
    async (request) => {
      assertStoreAdmin(requireUser(request), request.params.id);
      return { data: await getApprovalRules(db, request.params.id) };
    },
  );

  r.put(
    '/approvals/stores/:id/rules',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary:
          'Save a store’s approval rules: thresholds per recipient, levels (1-4), reminder and escalation days; they apply to new awards',
        params: idParamsSchema,
        body: approvalRulesInputSchema,
        response: { 200: itemEnvelope(approvalRulesSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      assertStoreAdmin(principal, request.params.id);
      return { data: await saveApprovalRules(db, request.params.id, request.body, { actorId: principal.id, now: clock.now() }) };
    },
  );

  r.get(
    '/approval-links/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary:
          'What a signed approval link from an e-mail would do, for the page that asks to confirm (the token is the credential; 404 for a token that is not ours)',
        params: linkParamsSchema,
        response: { 200: itemEnvelope(approvalLinkSchema) },
      },
    },
    async (request) => ({ data: await describeLink(db, secret, request.params.token, clock.now()) }),
  );

  r.post(
    '/approval-links/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary:
          'Decide the step of a signed approval link as its approver (a denial needs `reason`); once only: 409 APPROVAL_DECIDED after a decision or an escalation, 422 APPROVAL_LINK_EXPIRED after its expiry',
        params: linkParamsSchema,
        body: linkDecideSchema,
        response: { 200: itemEnvelope(approvalLinkSchema) },
      },
    },
    async (request) => ({
      data: await decideLink(db, secret, request.params.token, request.body, { now: clock.now(), calendar: config.calendar }),
    }),
  );
}
