import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  SCIM_TOKEN_PREFIX,
  type DirectoryConnection,
  type DirectoryConnectionCreated,
  type DirectoryOfficeAttribute,
} from '@rewards/shared/directory';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';

/**
 * A directory's SCIM connections (docs/architecture.md A6.18): a bearer token each, printed once and kept as
 * its hash, with an expiry as personal API tokens have; made and revoked by super administrators (the admin
 * page or `npm run admin -- scim-token`). The token opens /scim/v2 and nothing else: the API's credential
 * lookup (plugins/auth.ts) reads api_tokens and sessions only.
 */

const DAY_MS = 86_400_000;
/** Writes of a connection's last use are skipped when the previous one is this recent. */
const TOUCH_INTERVAL_MS = 60_000;

const columns = {
  id: s.directoryConnections.id,
  name: s.directoryConnections.name,
  prefix: s.directoryConnections.prefix,
  officeAttribute: s.directoryConnections.officeAttribute,
  createdAt: s.directoryConnections.createdAt,
  lastUsedAt: s.directoryConnections.lastUsedAt,
  expiresAt: s.directoryConnections.expiresAt,
  revokedAt: s.directoryConnections.revokedAt,
  createdById: s.directoryConnections.createdBy,
  createdByName: s.users.name,
};
type Row = {
  id: number;
  name: string;
  prefix: string;
  officeAttribute: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date;
  revokedAt: Date | null;
  createdById: number | null;
  createdByName: string | null;
};

function toDto(row: Row): DirectoryConnection {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    officeAttribute: row.officeAttribute as DirectoryOfficeAttribute,
    createdBy: row.createdById !== null && row.createdByName !== null ? { id: row.createdById, name: row.createdByName } : null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

async function connectionById(db: DbOrTx, id: number): Promise<DirectoryConnection> {
  const [row] = await db
    .select(columns)
    .from(s.directoryConnections)
    .leftJoin(s.users, eq(s.users.id, s.directoryConnections.createdBy))
    .where(eq(s.directoryConnections.id, id));
  if (!row) throw notFound();
  return toDto(row);
}

/** A new connection and its token (shown this once); `days` already checked by the caller's schema. */
export async function createConnection(
  db: DbOrTx,
  p: { name: string; days: number; officeAttribute: DirectoryOfficeAttribute; createdBy: number | null; now: Date; scimUrl: string },
): Promise<DirectoryConnectionCreated> {
  const token = newToken(SCIM_TOKEN_PREFIX);
  const [row] = await db
    .insert(s.directoryConnections)
    .values({
      name: p.name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, SCIM_TOKEN_PREFIX.length + 4),
      officeAttribute: p.officeAttribute,
      createdBy: p.createdBy,
      createdAt: p.now,
      expiresAt: new Date(p.now.getTime() + p.days * DAY_MS),
    })
    .returning({ id: s.directoryConnections.id });
  return { ...(await connectionById(db, row!.id)), token, scimUrl: p.scimUrl };
}

/** Every connection, newest first, revoked and expired ones included (never the token or its hash). */
export async function listConnections(db: DbOrTx): Promise<DirectoryConnection[]> {
  const rows = await db
    .select(columns)
    .from(s.directoryConnections)
    .leftJoin(s.users, eq(s.users.id, s.directoryConnections.createdBy))
    .orderBy(desc(s.directoryConnections.id))
    .limit(500);
  return rows.map(toDto);
}

/** Revokes a connection at once (its next request answers 401); revoking again keeps the first time. */
export async function revokeConnection(db: DbOrTx, p: { id: number; now: Date }): Promise<DirectoryConnection> {
  const [row] = await db
    .update(s.directoryConnections)
    .set({ revokedAt: sql`coalesce(${s.directoryConnections.revokedAt}, ${p.now.toISOString()}::timestamptz)` })
    .where(eq(s.directoryConnections.id, p.id))
    .returning({ id: s.directoryConnections.id });
  if (!row) throw notFound();
  return connectionById(db, row.id);
}

export interface ScimCaller {
  connectionId: number;
  officeAttribute: DirectoryOfficeAttribute;
}

/** The connection a bearer token belongs to, when it is neither revoked nor expired. */
export async function connectionOfToken(db: DbOrTx, token: string, now: Date): Promise<ScimCaller | null> {
  if (!token.startsWith(SCIM_TOKEN_PREFIX)) return null;
  const [row] = await db
    .select({
      id: s.directoryConnections.id,
      officeAttribute: s.directoryConnections.officeAttribute,
      lastUsedAt: s.directoryConnections.lastUsedAt,
    })
    .from(s.directoryConnections)
    .where(
      and(
        eq(s.directoryConnections.tokenHash, hashToken(token)),
        isNull(s.directoryConnections.revokedAt),
        gt(s.directoryConnections.expiresAt, now),
      ),
    );
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(s.directoryConnections).set({ lastUsedAt: now }).where(eq(s.directoryConnections.id, row.id));
  }
  return { connectionId: row.id, officeAttribute: row.officeAttribute as DirectoryOfficeAttribute };
}
