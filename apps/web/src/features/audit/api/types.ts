/**
 * The audit log's shapes (docs/architecture.md A6.19), from packages/shared/src/audit.ts: types only, its zod
 * schemas stay out of the page; the lists the page iterates over come from its zod-free part,
 * packages/shared/src/audit-rules.ts.
 */
export type { AuditEntry, AuditFilters, AuditVerification } from '@rewards/shared/audit';
export { auditActions, auditActorKinds, auditEntities, type AuditAction, type AuditMismatchReason } from '@rewards/shared/audit-rules';
