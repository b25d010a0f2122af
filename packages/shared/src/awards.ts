import { z } from 'zod';
import { boundedText, idSchema, intSchema, listEnvelope, paginationSchema, queryBool, queryId, textSchema } from './common.ts';
import {
  APPROVAL_DAYS_MAX,
  APPROVAL_LEVELS_MAX,
  approvalActions,
  approvalStepStatuses,
  AWARD_MESSAGE_MAX,
  AWARD_POINTS_MAX,
  AWARD_RECIPIENTS_MAX,
  awardStatuses,
  BUDGET_AMOUNT_MAX,
  budgetMovementKinds,
  budgetPeriods,
  budgetScopes,
  DENY_REASON,
  DEPARTMENT_MAX,
  type ApprovalLink,
  type ApprovalRules,
  type ApprovalStep,
  type Award,
  type AwardPerson,
  type Budget,
  type BudgetDetail,
  type BudgetMovement,
  type PendingApproval,
} from './awards-rules.ts';

export * from './awards-rules.ts';

/*
 * Budgets, company-funded awards and approvals' API (docs/architecture.md A6.19):
 * the zod schemas of the server and the OpenAPI document. The shapes are the zod-free types of
 * awards-rules.ts, which the web reads; each schema here is held to its type.
 */

const isoInstant = z.string().describe('ISO 8601 instant');
const localDay = z.string().describe('YYYY-MM-DD, a local day of the program time zone');

// ---------------------------------------------------------------- inputs

/**
 * POST /api/budgets. `department` is given exactly for a `department` budget, `managerId` exactly for a
 * `manager` one; `amount` is funded at once and, with `reload`, again at each new period.
 */
export const budgetCreateSchema = z
  .object({
    scope: z.enum(budgetScopes),
    storeId: idSchema,
    department: textSchema(DEPARTMENT_MAX, 1).optional(),
    managerId: idSchema.optional(),
    amount: intSchema(0, BUDGET_AMOUNT_MAX),
    period: z.enum(budgetPeriods),
    reload: z.boolean().default(false),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.scope === 'department' && b.department === undefined)
      ctx.addIssue({ code: 'custom', path: ['department'], message: 'Required field' });
    if (b.scope !== 'department' && b.department !== undefined)
      ctx.addIssue({ code: 'custom', path: ['department'], message: 'Only for a department budget' });
    if (b.scope === 'manager' && b.managerId === undefined)
      ctx.addIssue({ code: 'custom', path: ['managerId'], message: 'Required field' });
    if (b.scope !== 'manager' && b.managerId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['managerId'], message: 'Only for a manager budget' });
    if (b.period === 'none' && b.reload)
      ctx.addIssue({ code: 'custom', path: ['reload'], message: 'A budget without a period never reloads' });
  });
export type BudgetCreate = z.infer<typeof budgetCreateSchema>;

/**
 * PUT /api/budgets/{id}: a new period amount (the difference is funded, or written off from what is
 * available: BUDGET_EXCEEDED when it cannot be), the reload, or `closed: true` (final: what is available is
 * written off; awards already waiting keep their reservation).
 */
export const budgetUpdateSchema = z
  .object({
    amount: intSchema(0, BUDGET_AMOUNT_MAX).optional(),
    reload: z.boolean().optional(),
    closed: z.literal(true).optional(),
  })
  .strict();
export type BudgetUpdate = z.infer<typeof budgetUpdateSchema>;

export const budgetListQuerySchema = paginationSchema
  .extend({
    storeId: queryId.optional(),
    scope: z.enum(budgetScopes).optional(),
    /** Closed budgets too (default: open ones only). */
    closed: queryBool.optional(),
  })
  .strict();
export type BudgetListQuery = z.infer<typeof budgetListQuerySchema>;

export const pageQuerySchema = paginationSchema.strict();

/** POST /api/awards (Idempotency-Key): `points` to each recipient, from `budgetId`. */
export const awardCreateSchema = z
  .object({
    recipients: z
      .array(idSchema)
      .min(1)
      .max(AWARD_RECIPIENTS_MAX)
      .refine((ids) => new Set(ids).size === ids.length, 'Each person once'),
    points: intSchema(1, AWARD_POINTS_MAX),
    message: textSchema(AWARD_MESSAGE_MAX),
    budgetId: idSchema,
  })
  .strict();
export type AwardCreate = z.infer<typeof awardCreateSchema>;

export const awardListQuerySchema = paginationSchema
  .extend({
    status: z.enum(awardStatuses).optional(),
    /** `given` (default): the caller's awards; `received`: awards to the caller. */
    role: z.enum(['given', 'received']).default('given'),
  })
  .strict();
export type AwardListQuery = z.infer<typeof awardListQuerySchema>;

export const denySchema = z.object({ reason: boundedText(DENY_REASON) }).strict();
export type Deny = z.infer<typeof denySchema>;

export const approvalRulesInputSchema = z
  .object({
    firstThreshold: intSchema(1, AWARD_POINTS_MAX),
    secondThreshold: intSchema(1, AWARD_POINTS_MAX),
    levels: intSchema(1, APPROVAL_LEVELS_MAX),
    reminderDays: intSchema(1, APPROVAL_DAYS_MAX),
    escalationDays: intSchema(1, APPROVAL_DAYS_MAX),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.secondThreshold < r.firstThreshold)
      ctx.addIssue({ code: 'custom', path: ['secondThreshold'], message: 'At least the first threshold' });
    if (r.escalationDays <= r.reminderDays)
      ctx.addIssue({ code: 'custom', path: ['escalationDays'], message: 'More days than the reminder' });
  });
export type ApprovalRulesInput = z.infer<typeof approvalRulesInputSchema>;

export const linkParamsSchema = z.object({ token: textSchema(400, 10) }).strict();
export const linkDecideSchema = z.object({ reason: boundedText(DENY_REASON).optional() }).strict();

// ---------------------------------------------------------------- answers

export const awardPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
}) satisfies z.ZodType<AwardPerson>;

export const budgetSchema = z.object({
  id: z.number().int(),
  scope: z.enum(budgetScopes),
  storeId: z.number().int(),
  storeName: z.string(),
  department: z.string().nullable(),
  manager: awardPersonSchema.nullable(),
  amount: z.number().int(),
  period: z.enum(budgetPeriods),
  reload: z.boolean(),
  periodStart: localDay,
  periodEnd: localDay.nullable(),
  available: z.number().int(),
  reserved: z.number().int(),
  spentThisPeriod: z.number().int(),
  closedAt: isoInstant.nullable(),
  createdAt: isoInstant,
  canSpend: z.boolean(),
  canManage: z.boolean(),
}) satisfies z.ZodType<Budget>;

export const budgetMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(budgetMovementKinds),
  available: z.number().int(),
  reserved: z.number().int(),
  awardId: z.number().int().nullable(),
  periodStart: localDay,
  by: awardPersonSchema.nullable(),
  createdAt: isoInstant,
}) satisfies z.ZodType<BudgetMovement>;

export const budgetDetailSchema = budgetSchema.extend({
  movements: listEnvelope(budgetMovementSchema),
}) satisfies z.ZodType<BudgetDetail>;

export const approvalStepSchema = z.object({
  id: z.number().int(),
  level: z.number().int(),
  status: z.enum(approvalStepStatuses),
  approver: awardPersonSchema.nullable(),
  storeId: z.number().int(),
  recipientIds: z.array(z.number().int()),
  escalatedFrom: z.number().int().nullable(),
  waitingSince: isoInstant.nullable(),
  remindedAt: isoInstant.nullable(),
  decidedAt: isoInstant.nullable(),
  decidedBy: awardPersonSchema.nullable(),
  reason: z.string().nullable(),
}) satisfies z.ZodType<ApprovalStep>;

export const awardSchema = z.object({
  id: z.number().int(),
  status: z.enum(awardStatuses),
  giver: awardPersonSchema,
  recipients: z.array(awardPersonSchema),
  points: z.number().int(),
  total: z.number().int(),
  message: z.string(),
  budget: z.object({
    id: z.number().int(),
    scope: z.enum(budgetScopes),
    storeId: z.number().int(),
    department: z.string().nullable(),
    managerId: z.number().int().nullable(),
  }),
  levels: z.number().int(),
  currentLevel: z.number().int().nullable(),
  heldBy: z.array(
    z.object({ stepId: z.number().int(), approver: awardPersonSchema.nullable(), storeId: z.number().int(), waitingSince: isoInstant }),
  ),
  steps: z.array(approvalStepSchema),
  denyReason: z.string().nullable(),
  createdAt: isoInstant,
  decidedAt: isoInstant.nullable(),
}) satisfies z.ZodType<Award>;

export const pendingApprovalSchema = z.object({
  stepId: z.number().int(),
  level: z.number().int(),
  levels: z.number().int(),
  asAdministrator: z.boolean(),
  waitingSince: isoInstant,
  award: awardSchema,
}) satisfies z.ZodType<PendingApproval>;

export const approvalRulesSchema = z.object({
  storeId: z.number().int(),
  firstThreshold: z.number().int(),
  secondThreshold: z.number().int(),
  levels: z.number().int(),
  reminderDays: z.number().int(),
  escalationDays: z.number().int(),
  updatedAt: isoInstant.nullable(),
}) satisfies z.ZodType<ApprovalRules>;

export const approvalLinkSchema = z.object({
  action: z.enum(approvalActions),
  stepId: z.number().int(),
  approver: awardPersonSchema,
  expiresAt: isoInstant,
  usable: z.boolean(),
  refusal: z.enum(['decided', 'escalated', 'expired', 'closed']).nullable(),
  award: z.object({
    id: z.number().int(),
    status: z.enum(awardStatuses),
    points: z.number().int(),
    total: z.number().int(),
    message: z.string(),
    giver: awardPersonSchema,
    recipients: z.array(awardPersonSchema),
    levels: z.number().int(),
  }),
}) satisfies z.ZodType<ApprovalLink>;
