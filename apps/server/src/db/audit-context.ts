import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Who is writing, for the audit log (docs/architecture.md A6.19): the audit triggers (db/audit-triggers.ts) read
 * the settings rs.actor ('user:<id>', 'directory:<connection id>'; anything else is system) and
 * rs.request_id. The server runs each request's handler inside `auditContext.run(...)` once it knows the
 * caller (app.ts); the database client (client.ts, through the two functions below) then gives every
 * connection or transaction it uses for that request those settings. Work outside a request (jobs, the
 * CLI, the demo seed) has no context: system.
 */
export interface AuditActor {
  actor: string;
  requestId: string;
}

export const auditContext = new AsyncLocalStorage<AuditActor>();

const SET_SESSION = `select set_config('rs.actor', $1, false), set_config('rs.request_id', $2, false)`;
const SET_LOCAL = `select set_config('rs.actor', $1, true), set_config('rs.request_id', $2, true)`;

/**
 * PostgreSQL: a connection keeps the settings of the last request that used it (session settings), and a
 * connection taken from the pool gets the current request's, or empty ones outside a request, only when
 * they differ from what it holds: one round trip when the connection changes hands between requests,
 * none while it serves the same request or jobs.
 */
export function auditPool(pool: pg.Pool): void {
  const held = new WeakMap<pg.PoolClient, string>();
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const prepare = async (client: pg.PoolClient, ctx: AuditActor | undefined) => {
    const actor = ctx?.actor ?? '';
    const requestId = ctx?.requestId ?? '';
    const key = `${actor}\n${requestId}`;
    if ((held.get(client) ?? '\n') === key) return;
    try {
      await client.query(SET_SESSION, [actor, requestId]);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    held.set(client, key);
  };
  // pg-pool's own query() takes its connection through this.connect(callback), so one wrapper serves both.
  (pool as unknown as { connect: unknown }).connect = (
    callback?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
  ) => {
    const ctx = auditContext.getStore();
    const ready = connect().then(async (client) => {
      await prepare(client, ctx);
      return client;
    });
    if (!callback) return ready;
    ready.then(
      (client) => callback(undefined, client, () => client.release()),
      (err: Error) => callback(err),
    );
    return undefined;
  };
}

/**
 * PGlite: one connection that every request shares, so the settings are the transaction's own: a
 * statement outside a transaction runs, for a request, in a transaction that sets them first, and a
 * transaction a request opens sets them as its first statement. Outside a request nothing changes.
 */
export function auditPglite(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const setLocal = async (tx: { query: PGlite['query'] }, ctx: AuditActor) => {
    await tx.query(SET_LOCAL, [ctx.actor, ctx.requestId]);
  };
  client.transaction = (async (callback: Parameters<PGlite['transaction']>[0]) => {
    const ctx = auditContext.getStore();
    if (!ctx) return transaction(callback);
    return transaction(async (tx) => {
      await setLocal(tx, ctx);
      return callback(tx);
    });
  }) as PGlite['transaction'];
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    const ctx = auditContext.getStore();
    if (!ctx) return query(...args);
    return transaction(async (tx) => {
      await setLocal(tx, ctx);
      return tx.query(...args);
    });
  }) as PGlite['query'];
  client.exec = (async (...args: Parameters<PGlite['exec']>) => {
    const ctx = auditContext.getStore();
    if (!ctx) return exec(...args);
    return transaction(async (tx) => {
      await setLocal(tx, ctx);
      return tx.exec(...args);
    });
  }) as PGlite['exec'];
}
