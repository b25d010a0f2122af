import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { AttributeChanges } from '@rewards/shared/directory';
import { createdAt } from './columns.ts';
import { users } from './identity.ts';

/**
 * A company directory's SCIM connection (docs/architecture.md A6.18): its bearer token, hashed as personal
 * API tokens are, opens /scim/v2 and nothing else; it expires and is revoked by a super administrator.
 */
export const directoryConnections = pgTable(
  'directory_connections',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    /** Where its requests name a person's office (DirectoryOfficeAttribute). */
    officeAttribute: text('office_attribute').notNull().default('organization'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'directory_connections_office_attribute_valid',
      sql`${t.officeAttribute} in ('organization', 'division', 'costCenter', 'office')`,
    ),
  ],
);

/**
 * Every change the directory made to a person (A6.18): by which connection (SCIM) or super administrator
 * (a sync), in which request, and each changed attribute's value before and after. Never updated.
 */
export const directoryAudit = pgTable(
  'directory_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    connectionId: integer('connection_id').references(() => directoryConnections.id, { onDelete: 'set null' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    requestId: text('request_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<AttributeChanges>().notNull(),
  },
  (t) => [
    check('directory_audit_source_valid', sql`${t.source} in ('scim', 'sync')`),
    check('directory_audit_action_valid', sql`${t.action} in ('create', 'link', 'update', 'deactivate', 'reactivate')`),
    index('directory_audit_user_idx')
      .on(t.userId, t.id)
      .where(sql`${t.userId} IS NOT NULL`),
    index('directory_audit_connection_idx')
      .on(t.connectionId, t.id)
      .where(sql`${t.connectionId} IS NOT NULL`),
  ],
);
