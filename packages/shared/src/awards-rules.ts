// No zod here: the web's pages read these values (docs/decisions/0028-light-first-paint.md); the schemas are in awards.ts.

/*
 * Budgets, company-funded awards and their approvals (docs/architecture.md A6.19,
 * decision 0051): the value lists, bounds and defaults, and the shapes the API answers. awards.ts holds the
 * zod schemas of the same shapes for the server and the OpenAPI document.
 */

/**
 * Who spends a budget: `store`, the store's administrators; `department`, the store's administrators and
 * the managers of that department (a person of the store and department with an active direct report);
 * `manager`, one manager, for the people of their reporting line.
 */
export const budgetScopes = ['store', 'department', 'manager'] as const;
export type BudgetScope = (typeof budgetScopes)[number];

/** A budget's period: local days of the program time zone; `none` never reloads. */
export const budgetPeriods = ['month', 'quarter', 'year', 'none'] as const;
export type BudgetPeriod = (typeof budgetPeriods)[number];

/**
 * The budget's ledger: `funded` (created, or the amount raised), `reloaded` (the period's amount at a new
 * period), `expired` (the unspent amount written off at a new period, the amount lowered, or the budget
 * closed), `reserved` (an award waiting for approval), `released` (denied or withdrawn), `spent` (credited).
 */
export const budgetMovementKinds = ['funded', 'reloaded', 'expired', 'reserved', 'released', 'spent'] as const;
export type BudgetMovementKind = (typeof budgetMovementKinds)[number];

/** An award: `waiting` for approval (its points reserved), `credited`, `denied`, `withdrawn` by its giver. */
export const awardStatuses = ['waiting', 'credited', 'denied', 'withdrawn'] as const;
export type AwardStatus = (typeof awardStatuses)[number];

/**
 * An approval step: `queued` (a later level, not yet asked), `waiting` (asked), `approved`, `denied`,
 * `escalated` (passed to the next manager up: a new step holds it), `closed` (the award was decided or
 * withdrawn before this step was).
 */
export const approvalStepStatuses = ['queued', 'waiting', 'approved', 'denied', 'escalated', 'closed'] as const;
export type ApprovalStepStatus = (typeof approvalStepStatuses)[number];

/** What a signed approval link does. */
export const approvalActions = ['approve', 'deny'] as const;
export type ApprovalAction = (typeof approvalActions)[number];

export const BUDGET_AMOUNT_MAX = 100_000_000;
export const DEPARTMENT_MAX = 200;
export const AWARD_POINTS_MAX = 100_000;
export const AWARD_RECIPIENTS_MAX = 50;
export const AWARD_MESSAGE_MIN = 20;
export const AWARD_MESSAGE_MAX = 2000;
export const DENY_REASON = { min: 3, max: 500 } as const;
export const APPROVAL_LEVELS_MAX = 4;
export const APPROVAL_DAYS_MAX = 90;

/** A store's approval rules: its own, or these when it saved none. */
export const DEFAULT_APPROVAL_RULES = {
  /** Points per recipient at or above which the recipient's manager approves. */
  firstThreshold: 500,
  /** Points per recipient at or above which the next managers up approve too, up to `levels`. */
  secondThreshold: 2000,
  levels: 2,
  reminderDays: 3,
  escalationDays: 7,
} as const;

/** How many approval levels an award of `points` per recipient needs under `rules` (0: credited at once). */
export function approvalLevels(points: number, rules: Pick<ApprovalRules, 'firstThreshold' | 'secondThreshold' | 'levels'>): number {
  if (points >= rules.secondThreshold) return rules.levels;
  if (points >= rules.firstThreshold) return 1;
  return 0;
}

/** The error codes of budgets, awards and approvals, for the forms that place them by field. */
export const awardErrorCodes = [
  'BUDGET_EXCEEDED',
  'BUDGET_CLOSED',
  'RECIPIENT_OUT_OF_SCOPE',
  'GIVE_TO_SELF',
  'RECIPIENT_INACTIVE',
  'MESSAGE_TOO_SHORT',
  'ACCRUAL_CLOSED',
  'APPROVAL_DECIDED',
  'AWARD_NOT_WAITING',
  'APPROVAL_LINK_EXPIRED',
] as const;

/** A person as these pages show them. */
export interface AwardPerson {
  id: number;
  name: string;
  email: string;
  active: boolean;
}

export interface Budget {
  id: number;
  scope: BudgetScope;
  storeId: number;
  storeName: string;
  /** Set for `department` budgets. */
  department: string | null;
  /** Set for `manager` budgets. */
  manager: AwardPerson | null;
  /** The period's amount (funded at creation, reloaded each period when `reload`). */
  amount: number;
  period: BudgetPeriod;
  reload: boolean;
  /** First local day of the current period (the creation day for `none`). */
  periodStart: string;
  /** Last local day of the current period; null for `none`. */
  periodEnd: string | null;
  /** What can be spent now. */
  available: number;
  /** Held by awards waiting for approval. */
  reserved: number;
  /** Spent in the current period. */
  spentThisPeriod: number;
  closedAt: string | null;
  createdAt: string;
  /** Whether the caller may spend it (give awards from it). */
  canSpend: boolean;
  /** Whether the caller may change it (the store's administrators, super administrators). */
  canManage: boolean;
}

export interface BudgetMovement {
  id: number;
  kind: BudgetMovementKind;
  /** Change of `available` (signed). */
  available: number;
  /** Change of `reserved` (signed). */
  reserved: number;
  awardId: number | null;
  periodStart: string;
  by: AwardPerson | null;
  createdAt: string;
}

export interface BudgetDetail extends Budget {
  movements: { data: BudgetMovement[]; page: number; pageSize: number; totalCount: number; totalPages: number };
}

/** One step of an award's approval, in the order held: an escalated step is followed by the one that took it over. */
export interface ApprovalStep {
  id: number;
  level: number;
  status: ApprovalStepStatus;
  /** The approver; null: the administrators of `storeId` (no manager left up the chain). */
  approver: AwardPerson | null;
  storeId: number;
  /** The recipients whose chain this step stands for. */
  recipientIds: number[];
  /** The step this one took over by escalation. */
  escalatedFrom: number | null;
  waitingSince: string | null;
  remindedAt: string | null;
  decidedAt: string | null;
  decidedBy: AwardPerson | null;
  reason: string | null;
}

export interface Award {
  id: number;
  status: AwardStatus;
  giver: AwardPerson;
  recipients: AwardPerson[];
  /** Points per recipient. */
  points: number;
  /** points × recipients. */
  total: number;
  message: string;
  budget: { id: number; scope: BudgetScope; storeId: number; department: string | null; managerId: number | null };
  /** Levels of approval it needs (0: credited at once). */
  levels: number;
  /** The level waiting now (null unless waiting). */
  currentLevel: number | null;
  /** Who holds it now: the waiting steps' approvers (null in a step: the store's administrators). */
  heldBy: { stepId: number; approver: AwardPerson | null; storeId: number; waitingSince: string }[];
  steps: ApprovalStep[];
  denyReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** An approval waiting for the caller: the step and its award. */
export interface PendingApproval {
  stepId: number;
  level: number;
  levels: number;
  /** Held by the store's administrators (the caller is one), not by the caller by name. */
  asAdministrator: boolean;
  waitingSince: string;
  award: Award;
}

export interface ApprovalRules {
  storeId: number;
  firstThreshold: number;
  secondThreshold: number;
  levels: number;
  reminderDays: number;
  escalationDays: number;
  /** Null: the defaults, never saved. */
  updatedAt: string | null;
}

/** What a signed approval link asks to confirm (GET /api/approval-links/{token}). */
export interface ApprovalLink {
  action: ApprovalAction;
  stepId: number;
  approver: AwardPerson;
  expiresAt: string;
  /** Whether it can still be used: the step waits for this approver and the link has not expired. */
  usable: boolean;
  /** Why not, when it cannot: 'decided', 'escalated', 'expired', 'closed'. */
  refusal: 'decided' | 'escalated' | 'expired' | 'closed' | null;
  award: Pick<Award, 'id' | 'status' | 'points' | 'total' | 'message' | 'giver' | 'recipients' | 'levels'>;
}
