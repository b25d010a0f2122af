/**
 * The audit log's values without zod (docs/architecture.md A6.19), for the pages: the actions the triggers
 * write today (more come as tables are audited; a page shows an action it does not know as written), who
 * can be an actor, and the chain's mismatch reasons.
 */
export const auditActions = [
  'points.credited',
  'points.debited',
  'user.created',
  'user.role',
  'user.active',
  'user.store',
  'user.manager',
  'user.department',
  'user.email',
  'user.admin_stores',
  'store.created',
  'store.updated',
  'store.deleted',
  'directory.connection_created',
  'directory.connection_updated',
  'directory.connection_revoked',
  'budget.created',
  'budget.amount',
  'budget.period',
  'budget.reload',
  'budget.closed',
  'budget_funds.moved',
  'rules.created',
  'rules.updated',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The tables audited today (an entry's `entity`). */
export const auditEntities = [
  'users',
  'stores',
  'point_transactions',
  'directory_connections',
  'budgets',
  'approval_rules',
  'webhook_endpoints',
] as const;

export const auditActorKinds = ['user', 'directory', 'system'] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

/** content: the entry's content no longer gives its hash; link: its prev_hash or seq does not follow the entry before it. */
export const auditMismatchReasons = ['content', 'link'] as const;
export type AuditMismatchReason = (typeof auditMismatchReasons)[number];

export const AUDIT_FILTER_TEXT_MAX = 60;
