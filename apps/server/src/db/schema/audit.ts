import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The tamper-evident audit log (docs/architecture.md A6.19): one row per change to money, roles, stores and
 * directory data, appended by the statement triggers of db/audit-triggers.ts in the writing
 * transaction, with no hash. The sealer (`rs_audit_seal`) later chains the rows in seal order: `seq` 1, 2, 3…
 * without gaps, `prev_hash` the previous seq's `hash` (a fixed genesis for seq 1), `hash` = sha256(prev_hash ||
 * the row's content, `rs_audit_content`). A trigger refuses every UPDATE and DELETE but the sealer's one-time
 * setting of those three columns.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'user' (actor_id: the user), 'directory' (actor_id: the SCIM connection) or 'system' (jobs, the CLI). */
    actorKind: text('actor_kind').notNull(),
    actorId: integer('actor_id'),
    requestId: text('request_id'),
    /** `<prefix>.<what>`: points.credited, user.role, store.updated… */
    action: text('action').notNull(),
    /** The table the row is in (users, stores, point_transactions…). */
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }),
    storeId: integer('store_id'),
    /** The changed columns only, before and after (null for an insert's before and a delete's after). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    seq: bigint('seq', { mode: 'number' }),
    prevHash: bytea('prev_hash'),
    hash: bytea('hash'),
  },
  (t) => [
    uniqueIndex('audit_log_seq_uq').on(t.seq),
    index('audit_log_unsealed_idx')
      .on(t.id)
      .where(sql`${t.seq} IS NULL`),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_actor_idx').on(t.actorKind, t.actorId),
    index('audit_log_store_idx')
      .on(t.storeId)
      .where(sql`${t.storeId} IS NOT NULL`),
    check('audit_log_actor_kind_valid', sql`${t.actorKind} in ('user', 'directory', 'system')`),
    check('audit_log_sealed_whole', sql`(${t.seq} IS NULL) = (${t.hash} IS NULL) AND (${t.seq} IS NULL) = (${t.prevHash} IS NULL)`),
  ],
);
