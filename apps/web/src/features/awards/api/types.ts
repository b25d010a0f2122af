/**
 * The awards API's shapes (docs/architecture.md A6.19), from
 * packages/shared/src/awards.ts: types only, its zod schemas stay out of the pages; the lists and bounds the
 * pages use come from its zod-free part, packages/shared/src/awards-rules.ts.
 */
export type {
  ApprovalLink,
  ApprovalRules,
  ApprovalRulesInput,
  ApprovalStep,
  Award,
  AwardCreate,
  AwardPerson,
  AwardStatus,
  Budget,
  BudgetCreate,
  BudgetDetail,
  BudgetMovement,
  BudgetPeriod,
  BudgetScope,
  BudgetUpdate,
  PendingApproval,
} from '@rewards/shared/awards';

export {
  APPROVAL_DAYS_MAX,
  APPROVAL_LEVELS_MAX,
  AWARD_MESSAGE_MAX,
  AWARD_MESSAGE_MIN,
  AWARD_POINTS_MAX,
  AWARD_RECIPIENTS_MAX,
  awardStatuses,
  BUDGET_AMOUNT_MAX,
  budgetPeriods,
  budgetScopes,
  DENY_REASON,
  DEPARTMENT_MAX,
} from '@rewards/shared/awards-rules';

/** A page of a list as the API answers it. */
export interface ListPage<T> {
  data: T[];
  page: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}
