import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { listResponse, type ListResponse } from '@rewards/shared/common';
import type { DirectoryAction, DirectoryAuditItem, DirectoryAuditQuery, DirectorySource } from '@rewards/shared/directory';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';

/** `GET /api/directory/audit`: what the directory changed, newest first, paged (docs/architecture.md A6.18). */
export async function listDirectoryAudit(db: DbOrTx, query: DirectoryAuditQuery): Promise<ListResponse<DirectoryAuditItem>> {
  const conditions: SQL[] = [];
  if (query.userId !== undefined) conditions.push(eq(s.directoryAudit.userId, query.userId));
  if (query.source !== undefined) conditions.push(eq(s.directoryAudit.source, query.source));
  if (query.connectionId !== undefined) conditions.push(eq(s.directoryAudit.connectionId, query.connectionId));
  const where = and(...conditions);
  const actor = alias(s.users, 'actor');
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(s.directoryAudit).where(where),
    db
      .select({
        id: s.directoryAudit.id,
        at: s.directoryAudit.at,
        source: s.directoryAudit.source,
        connectionId: s.directoryAudit.connectionId,
        connectionName: s.directoryConnections.name,
        actorId: s.directoryAudit.actorId,
        actorName: sql<string | null>`concat_ws(' ', ${actor.name}, ${actor.lastName})`,
        requestId: s.directoryAudit.requestId,
        userId: s.directoryAudit.userId,
        userEmail: s.users.email,
        userName: sql<string | null>`concat_ws(' ', ${s.users.name}, ${s.users.lastName})`,
        action: s.directoryAudit.action,
        changes: s.directoryAudit.changes,
      })
      .from(s.directoryAudit)
      .leftJoin(s.directoryConnections, eq(s.directoryConnections.id, s.directoryAudit.connectionId))
      .leftJoin(actor, eq(actor.id, s.directoryAudit.actorId))
      .leftJoin(s.users, eq(s.users.id, s.directoryAudit.userId))
      .where(where)
      .orderBy(desc(s.directoryAudit.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    source: r.source as DirectorySource,
    connection: r.connectionId !== null && r.connectionName !== null ? { id: r.connectionId, name: r.connectionName } : null,
    actor: r.actorId !== null && r.actorName !== null ? { id: r.actorId, name: r.actorName } : null,
    requestId: r.requestId,
    user: r.userId !== null && r.userEmail !== null && r.userName !== null ? { id: r.userId, email: r.userEmail, name: r.userName } : null,
    action: r.action as DirectoryAction,
    changes: r.changes,
  }));
  return listResponse(data, query, total!.n);
}
