import { z } from 'zod';
import { dateSchema, paginationSchema, queryId, textSchema } from './common.ts';
import { AUDIT_FILTER_TEXT_MAX, auditActorKinds, auditMismatchReasons } from './audit-rules.ts';

export * from './audit-rules.ts';

/**
 * The audit log (docs/architecture.md A6.19, decision 0051): every change to money, roles, stores and
 * directory data, chained by hashes; read, exported and verified by super administrators.
 */

const json = z.record(z.string(), z.unknown());

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** Its place in the chain; null until the sealer has chained it (seconds). */
  seq: z.number().int().nullable(),
  at: z.string(),
  actor: z.object({
    kind: z.enum(auditActorKinds),
    id: z.number().int().nullable(),
    /** The user's name and e-mail, or the directory connection's name. */
    name: z.string().nullable(),
  }),
  requestId: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.number().int().nullable(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  before: json.nullable(),
  after: json.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const auditFilters = {
  /** Local days of the program time zone, both included. */
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  actorKind: z.enum(auditActorKinds).optional(),
  /** A user's id (actorKind user, the default) or a directory connection's (actorKind directory). */
  actor: queryId.optional(),
  /** The start of an action: `user.` or `user.role`. */
  action: textSchema(AUDIT_FILTER_TEXT_MAX).optional(),
  entity: textSchema(AUDIT_FILTER_TEXT_MAX).optional(),
  entityId: queryId.optional(),
  storeId: queryId.optional(),
};

/** `GET /api/audit`: newest first, paged. */
export const auditQuerySchema = paginationSchema.extend(auditFilters).strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export type AuditFilters = Omit<AuditQuery, 'page' | 'pageSize'>;

/** `GET /api/audit/export`: the same filters, as CSV. */
export const auditExportQuerySchema = z.object({ ...auditFilters, format: z.enum(['csv']).default('csv') }).strict();
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

export const auditVerificationSchema = z.object({
  ok: z.boolean(),
  /** How many sealed entries were checked. */
  checked: z.number().int(),
  firstMismatch: z
    .object({
      id: z.number().int(),
      seq: z.number().int(),
      at: z.string(),
      action: z.string(),
      entity: z.string(),
      entityId: z.number().int().nullable(),
      reason: z.enum(auditMismatchReasons),
    })
    .nullable(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;
