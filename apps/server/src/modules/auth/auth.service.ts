import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS, type ApiToken, type ApiTokenCreated } from '@rewards/shared/users';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
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

/** Revokes every session of the users (deactivation, role change by an operator). */
export async function revokeUserSessions(db: DbOrTx, userIds: number | number[], now: Date): Promise<void> {
  const ids = [userIds].flat();
  await db
    .update(s.sessions)
    .set({ revokedAt: now })
    .where(and(ids.length === 1 ? eq(s.sessions.userId, ids[0]!) : inArray(s.sessions.userId, ids), isNull(s.sessions.revokedAt)));
}

export const API_TOKEN_PREFIX = 'rs_';
const DAY_MS = 86_400_000;

const apiTokenColumns = {
  id: s.apiTokens.id,
  name: s.apiTokens.name,
  prefix: s.apiTokens.prefix,
  createdAt: s.apiTokens.createdAt,
  lastUsedAt: s.apiTokens.lastUsedAt,
  expiresAt: s.apiTokens.expiresAt,
  revokedAt: s.apiTokens.revokedAt,
};
type ApiTokenRow = Pick<typeof s.apiTokens.$inferSelect, keyof typeof apiTokenColumns>;

function toApiTokenDto(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * A personal API token: the value is shown once; only its hash is kept. Every token expires, by
 * default API_TOKEN_DEFAULT_DAYS after it is made (docs/architecture.md A5: hashed, revocable).
 */
export async function createApiToken(
  db: DbOrTx,
  params: { userId: number; name: string; now: Date; days?: number },
): Promise<ApiTokenCreated> {
  const days = params.days ?? API_TOKEN_DEFAULT_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > API_TOKEN_MAX_DAYS) {
    throw new AppError('VALIDATION_FAILED', [
      { field: 'days', message: `Must be a whole number from 1 to ${API_TOKEN_MAX_DAYS}`, code: 'custom' },
    ]);
  }
  const token = newToken(API_TOKEN_PREFIX);
  const [row] = await db
    .insert(s.apiTokens)
    .values({
      userId: params.userId,
      name: params.name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, 8),
      createdAt: params.now,
      expiresAt: new Date(params.now.getTime() + days * DAY_MS),
    })
    .returning(apiTokenColumns);
  return { ...toApiTokenDto(row!), token };
}

const API_TOKEN_LIST_LIMIT = 500;

/** A user's tokens (the newest API_TOKEN_LIST_LIMIT), newest first, expired and revoked ones included (never the secret or its hash). */
export async function listApiTokens(db: DbOrTx, userId: number): Promise<ApiToken[]> {
  const rows = await db
    .select(apiTokenColumns)
    .from(s.apiTokens)
    .where(eq(s.apiTokens.userId, userId))
    .orderBy(desc(s.apiTokens.id))
    .limit(API_TOKEN_LIST_LIMIT);
  return rows.map(toApiTokenDto);
}

/**
 * Revokes a token. With `userId`, only a token of that user (another user's token is NOT_FOUND, as if
 * it did not exist); without it (operator CLI), any token. Revoking a revoked token keeps its first time.
 */
export async function revokeApiToken(db: DbOrTx, params: { tokenId: number; userId?: number; now: Date }): Promise<ApiToken> {
  const [row] = await db
    .update(s.apiTokens)
    .set({ revokedAt: sql`coalesce(${s.apiTokens.revokedAt}, ${params.now.toISOString()}::timestamptz)` })
    .where(and(eq(s.apiTokens.id, params.tokenId), params.userId === undefined ? undefined : eq(s.apiTokens.userId, params.userId)))
    .returning(apiTokenColumns);
  if (!row) throw notFound();
  return toApiTokenDto(row);
}

/**
 * Of the given sessions and tokens, those that no longer sign anyone in: revoked, past their expiry,
 * idle too long (sessions) or of a user who is not active (the realtime transport's periodic check of
 * the sockets it holds).
 */
export async function endedCredentials(
  db: DbOrTx,
  p: { sessionIds: number[]; tokenIds: number[]; now: Date; idleMs: number },
): Promise<{ sessions: number[]; tokens: number[] }> {
  const idleSince = new Date(p.now.getTime() - p.idleMs);
  const [sessions, tokens] = await Promise.all([
    p.sessionIds.length
      ? db
          .select({ id: s.sessions.id })
          .from(s.sessions)
          .innerJoin(s.users, eq(s.users.id, s.sessions.userId))
          .where(
            and(
              inArray(s.sessions.id, p.sessionIds),
              or(
                isNotNull(s.sessions.revokedAt),
                lte(s.sessions.expiresAt, p.now),
                lt(s.sessions.lastSeenAt, idleSince),
                ne(s.users.active, 1),
              ),
            ),
          )
      : [],
    p.tokenIds.length
      ? db
          .select({ id: s.apiTokens.id })
          .from(s.apiTokens)
          .innerJoin(s.users, eq(s.users.id, s.apiTokens.userId))
          .where(
            and(
              inArray(s.apiTokens.id, p.tokenIds),
              or(isNotNull(s.apiTokens.revokedAt), lte(s.apiTokens.expiresAt, p.now), ne(s.users.active, 1)),
            ),
          )
      : [],
  ]);
  return { sessions: sessions.map((r) => r.id), tokens: tokens.map((r) => r.id) };
}
