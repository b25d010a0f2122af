import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Role, type AccessLevel } from '@rewards/shared/enums';
import type { ErrorCode } from '@rewards/shared/errors';

/** Why a credential was refused (SESSION_EXPIRED, USER_INACTIVE, INVALID_TOKEN): never a validation failure. */
type CredentialError = Exclude<ErrorCode, 'VALIDATION_FAILED'>;
import * as s from '../db/schema/index.ts';
import { AppError } from '../lib/app-error.ts';
import { hashToken } from '../lib/secrets.ts';
import type { ServerContext } from '../server-context.ts';

export const SESSION_COOKIE = 'rs_session';
/** Writes of last-seen times are skipped when the previous one is this recent. */
const TOUCH_INTERVAL_MS = 60_000;

export interface Principal {
  id: number;
  role: number;
  storeId: number | null;
  adminStores: number[];
  isStore: boolean;
  via: 'session' | 'token';
  sessionId?: number;
  /** The personal API token of this request, when it came with one. */
  tokenId?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** Why a presented credential was refused, when it was. */
    authError: CredentialError | null;
  }
  interface FastifyContextConfig {
    /** Every /api route declares who may call it (docs/architecture.md A5). */
    access?: AccessLevel;
  }
  interface FastifyInstance {
    /** The checks of every request, for credentials that arrive another way (the Socket.IO handshake). */
    verifyCredential: CredentialVerifier;
  }
}

export interface CredentialVerifier {
  /** A session cookie's value: the principal, or why it is refused (an ended session is revoked here). */
  session(token: string): Promise<Principal | CredentialError>;
  /** A personal API token: the principal, or why it is refused. */
  token(token: string): Promise<Principal | CredentialError>;
}

/** The session user, or 401. */
export function requireUser(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError(request.authError ?? 'UNAUTHENTICATED');
  return request.principal;
}

/** Administrators act only on the stores in their `adminStores`; super administrators on all. */
export function canAdminStore(principal: Principal, storeId: number): boolean {
  if (principal.role === Role.SuperAdmin) return true;
  return principal.role === Role.Admin && principal.adminStores.includes(storeId);
}

export function assertStoreAdmin(principal: Principal, storeId: number): void {
  if (!canAdminStore(principal, storeId)) throw new AppError('FORBIDDEN_STORE', { storeId });
}

/**
 * The record an administrator's request is about, with the caller: 404 (from `load`) when it does not exist,
 * 403 FORBIDDEN_STORE when its store is not one they run.
 */
export async function recordOfStoreAdmin<T extends { storeId: number }>(request: FastifyRequest, load: () => Promise<T>) {
  const principal = requireUser(request);
  const record = await load();
  assertStoreAdmin(principal, record.storeId);
  return { principal, record };
}

const levelRank: Record<AccessLevel, number> = { public: 0, user: Role.User, admin: Role.Admin, super: Role.SuperAdmin };

export function checkAccess(request: FastifyRequest, level: AccessLevel): void {
  if (level === 'public') return;
  const principal = requireUser(request);
  if (principal.role < levelRank[level]) throw new AppError('FORBIDDEN');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const authPlugin = fp(async (app: FastifyInstance, opts: { deps: ServerContext }) => {
  const { db, config, clock } = opts.deps;

  app.decorateRequest('principal', null);
  app.decorateRequest('authError', null);

  // Refuse to start with an /api route that forgot to say who may call it.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && !route.config?.access && !route.url.startsWith('/api/docs')) {
      throw new Error(`Route ${route.method} ${route.url} declares no access level`);
    }
  });

  // The stores a user administers, read in the same query as the session or token.
  const adminStoresColumn = sql<
    number[]
  >`coalesce((select array_agg(${s.userAdminStores.storeId} order by ${s.userAdminStores.storeId}) from ${s.userAdminStores} where ${s.userAdminStores.userId} = ${s.users.id}), '{}')`;

  // Every signed-in request runs one of these two: prepared once, planned once per connection.
  const principalColumns = {
    id: s.users.id,
    role: s.users.role,
    storeId: s.users.storeId,
    isStore: s.users.isStore,
    active: s.users.active,
  };
  const tokenLookup = db
    .select({
      token: { id: s.apiTokens.id, expiresAt: s.apiTokens.expiresAt, lastUsedAt: s.apiTokens.lastUsedAt },
      user: principalColumns,
      adminStores: adminStoresColumn,
    })
    .from(s.apiTokens)
    .innerJoin(s.users, eq(s.users.id, s.apiTokens.userId))
    .where(and(eq(s.apiTokens.tokenHash, sql.placeholder('hash')), isNull(s.apiTokens.revokedAt)))
    .prepare('auth_token_lookup');
  const sessionLookup = db
    .select({
      session: {
        id: s.sessions.id,
        revokedAt: s.sessions.revokedAt,
        lastSeenAt: s.sessions.lastSeenAt,
        expiresAt: s.sessions.expiresAt,
      },
      user: principalColumns,
      adminStores: adminStoresColumn,
    })
    .from(s.sessions)
    .innerJoin(s.users, eq(s.users.id, s.sessions.userId))
    .where(eq(s.sessions.tokenHash, sql.placeholder('hash')))
    .prepare('auth_session_lookup');

  async function fromApiToken(token: string): Promise<Principal | CredentialError> {
    const now = clock.now();
    const [row] = await tokenLookup.execute({ hash: hashToken(token) });
    if (!row || row.token.expiresAt <= now) return 'INVALID_TOKEN';
    if (row.user.active !== 1) return 'USER_INACTIVE';
    if (!row.token.lastUsedAt || now.getTime() - row.token.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await db.update(s.apiTokens).set({ lastUsedAt: now }).where(eq(s.apiTokens.id, row.token.id));
    }
    return {
      id: row.user.id,
      role: row.user.role,
      storeId: row.user.storeId,
      isStore: row.user.isStore,
      adminStores: row.adminStores,
      via: 'token',
      tokenId: row.token.id,
    };
  }

  async function fromSession(token: string): Promise<Principal | CredentialError> {
    const now = clock.now();
    const [row] = await sessionLookup.execute({ hash: hashToken(token) });
    if (!row) return 'SESSION_EXPIRED';
    // Deactivation revokes the user's sessions at once; their next request still says why.
    if (row.user.active !== 1) {
      if (!row.session.revokedAt) await db.update(s.sessions).set({ revokedAt: now }).where(eq(s.sessions.id, row.session.id));
      return 'USER_INACTIVE';
    }
    if (row.session.revokedAt) return 'SESSION_EXPIRED';
    const idle = now.getTime() - row.session.lastSeenAt.getTime() > config.session.idleMs;
    if (row.session.expiresAt <= now || idle) {
      await db.update(s.sessions).set({ revokedAt: now }).where(eq(s.sessions.id, row.session.id));
      return 'SESSION_EXPIRED';
    }
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await db.update(s.sessions).set({ lastSeenAt: now }).where(eq(s.sessions.id, row.session.id));
    }
    return {
      id: row.user.id,
      role: row.user.role,
      storeId: row.user.storeId,
      isStore: row.user.isStore,
      adminStores: row.adminStores,
      via: 'session',
      sessionId: row.session.id,
    };
  }

  app.decorate('verifyCredential', { session: fromSession, token: fromApiToken } satisfies CredentialVerifier);

  async function authenticate(request: FastifyRequest, reply: FastifyReply, authorization: string | undefined, cookie: string | undefined) {
    // CSRF: a state-changing request carrying the session cookie must come from our own pages.
    if (!SAFE_METHODS.has(request.method) && cookie && !authorization) {
      const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
      if (!origin || !config.allowedOrigins.includes(origin)) throw new AppError('ORIGIN_MISMATCH');
    }

    let result: Principal | CredentialError | null = null;
    if (authorization) {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization);
      result = match ? await fromApiToken(match[1]!) : 'INVALID_TOKEN';
    } else if (cookie) {
      result = await fromSession(cookie);
      // An ended session's cookie goes, but a deactivated user's stays (their session is revoked): every
      // request the page had in flight, or sends next, then says USER_INACTIVE, not an unexplained 401.
      if (result === 'SESSION_EXPIRED') reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
    if (typeof result === 'string') request.authError = result;
    else request.principal = result;
    checkRouteAccess(request);
  }

  // Access is decided before the body is even parsed: a stranger gets 401, not a validation error. A request
  // without credentials has nothing to look up and stays synchronous (decision 0024: most cache hits).
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const authorization = request.headers.authorization;
    const cookie = request.cookies[SESSION_COOKIE];
    if (authorization === undefined && cookie === undefined) {
      checkRouteAccess(request);
      return done();
    }
    return authenticate(request, reply, authorization, cookie);
  });
});

function checkRouteAccess(request: FastifyRequest) {
  const access = request.routeOptions.config?.access;
  if (access) checkAccess(request, access);
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
