import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';

export async function createSession(
  db: DbOrTx,
  params: { userId: number; now: Date; ttlMs: number; userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(params.now.getTime() + params.ttlMs);
  await db.insert(s.sessions).values({
    tokenHash: hashToken(token),
    userId: params.userId,
    createdAt: params.now,
    lastSeenAt: params.now,
    expiresAt,
    userAgent: params.userAgent?.slice(0, 300),
    ip: params.ip,
  });
  return { token, expiresAt };
}

export async function revokeSession(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await db
    .update(s.sessions)
    .set({ revokedAt: now })
    .where(and(eq(s.sessions.id, sessionId), isNull(s.sessions.revokedAt)));
}

/** Revokes every session of a user (deactivation, role change by an operator). */
export async function revokeUserSessions(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(s.sessions)
    .set({ revokedAt: now })
    .where(and(eq(s.sessions.userId, userId), isNull(s.sessions.revokedAt)));
}

export const API_TOKEN_PREFIX = 'rs_';

/** A personal API token: the value is shown once; only its hash is kept. */
export async function createApiToken(db: DbOrTx, params: { userId: number; name: string; now: Date; expiresAt?: Date }) {
  const token = newToken(API_TOKEN_PREFIX);
  const [row] = await db
    .insert(s.apiTokens)
    .values({
      userId: params.userId,
      name: params.name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, 8),
      createdAt: params.now,
      expiresAt: params.expiresAt,
    })
    .returning({ id: s.apiTokens.id });
  return { id: row!.id, token };
}

export async function revokeApiToken(db: DbOrTx, params: { userId: number; tokenId: number; now: Date }): Promise<boolean> {
  const rows = await db
    .update(s.apiTokens)
    .set({ revokedAt: params.now })
    .where(and(eq(s.apiTokens.id, params.tokenId), eq(s.apiTokens.userId, params.userId), isNull(s.apiTokens.revokedAt)))
    .returning({ id: s.apiTokens.id });
  return rows.length > 0;
}
