import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { SYSTEM_NOTIFICATION_EVENT, type SystemNotificationPayload } from '@rewards/shared/notifications';
import { FEED_EVENT, type FeedEventPayload } from '@rewards/shared/constants';
import { Role } from '@rewards/shared/enums';
import type { ErrorCode } from '@rewards/shared/errors';
import type { ServerContext } from '../server-context.ts';
import type { Database } from '../db/client.ts';
import { SESSION_COOKIE, type Principal } from './auth.ts';

/**
 * Socket.IO on the API's own HTTP server (docs/decisions/0006-realtime-notifications.md).
 *
 * - Websocket transport only, path /socket.io/. A browser authenticates with its session cookie (and
 *   must come from one of our origins, like any cookie-carrying write); an integration with a personal
 *   API token in the handshake's `auth.token`. Both go through the same checks as every HTTP request.
 * - Each socket joins `user:{id}` and `session:{id}` or `token:{id}`, the peer recognition feed's room `feed`,
 *   and for administrators `admin:{storeId}` of each store they run (super administrators `admin:all`).
 * - The database announces, after commit, new notifications (`rs_notifications`: a range of ids) and
 *   ended credentials (`rs_revocations`: a session, token or user); every instance LISTENs on its own
 *   connection and acts on the sockets it holds (`io.local`). With REDIS_URL the Redis adapter carries
 *   whatever else is emitted to a room between instances.
 * - The peer recognition feed is announced by the instance that wrote, once the write has committed
 *   (`announceFeed`), to the rooms allowed, through the adapter: every instance's sockets with Redis, this
 *   one's without (then there is one instance); so are a give's notifications to its recipients. No NOTIFY:
 *   it would make committing gives queue behind one another (docs/architecture.md A6.16, decision 0048).
 */

export const NOTIFICATIONS_CHANNEL = 'rs_notifications';
export const REVOCATIONS_CHANNEL = 'rs_revocations';
const SWEEP_INTERVAL_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface Realtime {
  io: Server;
  /** Resolves once this instance LISTENs to the database (new sockets are accepted before that). */
  ready: Promise<void>;
  /** Tells the sockets allowed, on every instance, of a committed write to a recognition (`feed`). */
  announceFeed(announcement: FeedAnnouncement): void;
}

/**
 * A committed write to a recognition and who may hear of it (docs/architecture.md A6.16): a public one every
 * signed-in socket; a private one its giver and recipients (`audience`) and the administrators of their
 * stores (`stores`) and super administrators.
 */
export interface FeedAnnouncement {
  kind: FeedEventPayload['kind'];
  recognitionId: number;
  private: boolean;
  audience: readonly number[];
  stores: readonly number[];
  /**
   * The people this write gave a notification to, when the database did not announce it (a give: rs_give
   * switches the NOTIFY off): their sockets, on every instance, get `systemNotification` here.
   */
  notified?: readonly number[];
}

/** The rooms a feed announcement goes to; a socket in several of them gets it once. */
export function feedRooms(a: FeedAnnouncement): string[] {
  if (!a.private) return ['feed'];
  return [...new Set([...a.audience.map((id) => `user:${id}`), ...a.stores.map((id) => `admin:${id}`), 'admin:all'])];
}

/**
 * What the features give the transport (the composition root plugs them in): who a range of new
 * notifications is for, and which of the given sessions and tokens no longer sign anyone in.
 */
export interface RealtimeSources {
  notificationReceivers(min: number, max: number): Promise<number[]>;
  endedCredentials(p: { sessionIds: number[]; tokenIds: number[]; now: Date }): Promise<{ sessions: number[]; tokens: number[] }>;
}

interface SocketData {
  principal: Principal;
}

type Unlisten = () => Promise<void>;
type ListenHandlers = Record<string, (payload: string) => void>;

/**
 * LISTENs to `channels` on a connection of its own: PGlite's in-process `listen`, or a dedicated `pg`
 * client (a pooled connection cannot hold a LISTEN) that reconnects after a drop and then calls
 * `onReconnect`, since announcements sent while it was away are lost.
 */
async function listenDatabase(
  database: Database,
  handlers: ListenHandlers,
  log: FastifyInstance['log'],
  onReconnect: () => void,
): Promise<Unlisten> {
  const client: unknown = database.db.$client;
  if (!(client instanceof pg.Pool)) {
    const lite = database.db.$client as unknown as {
      listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
    };
    const stops = await Promise.all(Object.entries(handlers).map(([channel, cb]) => lite.listen(channel, cb)));
    return async () => {
      await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
    };
  }
  const pool = client;
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (first: boolean): Promise<void> => {
    const c = new pg.Client(pool.options);
    c.on('notification', (msg) => {
      const cb = handlers[msg.channel];
      if (cb && msg.payload !== undefined) cb(msg.payload);
    });
    const lost = (err?: Error) => {
      if (closed || current !== c) return;
      current = null;
      log.warn({ err }, 'realtime: database listener lost, reconnecting');
      c.end().catch(() => undefined);
      retry = setTimeout(() => void connect(false).catch(() => lost()), 1000);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    current = c;
    try {
      await c.connect();
      for (const channel of Object.keys(handlers)) await c.query(`LISTEN ${channel}`);
    } catch (err) {
      if (first) {
        current = null;
        await c.end().catch(() => undefined);
        throw err;
      }
      lost(err as Error);
      return;
    }
    if (!first) onReconnect();
  };
  await connect(true);
  return async () => {
    closed = true;
    clearTimeout(retry);
    await current?.end().catch(() => undefined);
  };
}

function handshakeError(code: ErrorCode): Error {
  return Object.assign(new Error(code), { data: { code } });
}

export const realtimePlugin = fp(async (app: FastifyInstance, opts: { deps: ServerContext; sources: RealtimeSources }) => {
  const { config, database, clock } = opts.deps;
  const { notificationReceivers, endedCredentials } = opts.sources;
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(app.server, {
    path: '/socket.io/',
    transports: ['websocket'],
    serveClient: false,
    // The web app is served from our own origin; the handshake checks it below for cookie sign-in.
    cors: undefined,
    connectTimeout: 20_000,
  });

  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (config.redisUrl) {
    pub = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
    sub = pub.duplicate();
    // The adapter publishes a room's emit without waiting for it: while Redis is away that publish fails, and
    // the failure is logged here instead of ending the process (the local sockets still get the event).
    const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
    Object.assign(pub, {
      publish: (channel: string, message: string | Buffer) => {
        const sent = publish(channel, message);
        sent.catch((err: unknown) => app.log.warn({ err }, 'realtime: redis publish failed'));
        return sent;
      },
    });
    pub.on('error', (err) => app.log.warn({ err }, 'realtime: redis publisher'));
    sub.on('error', (err) => app.log.warn({ err }, 'realtime: redis subscriber'));
    io.adapter(createAdapter(pub, sub, { key: 'rewards-io' }));
  }

  io.use((socket, next) => {
    void (async () => {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      let result: Principal | ErrorCode;
      if (typeof auth?.token === 'string' && auth.token) {
        result = await app.verifyCredential.token(auth.token);
      } else {
        const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
        const session = cookies[SESSION_COOKIE];
        if (!session) return next(handshakeError('UNAUTHENTICATED'));
        // A cookie rides along with any page's request: only our own pages may use it (cross-site hijacking).
        const origin = socket.handshake.headers.origin;
        if (!origin || !config.allowedOrigins.includes(origin)) return next(handshakeError('ORIGIN_MISMATCH'));
        result = await app.verifyCredential.session(session);
      }
      if (typeof result === 'string') return next(handshakeError(result));
      socket.data.principal = result;
      next();
    })().catch((err: unknown) => {
      app.log.error({ err }, 'realtime: handshake failed');
      next(handshakeError('INTERNAL_ERROR'));
    });
  });

  io.on('connection', (socket: Socket) => {
    const p = (socket.data as SocketData).principal;
    const rooms = [`user:${p.id}`, 'feed'];
    if (p.sessionId) rooms.push(`session:${p.sessionId}`);
    if (p.tokenId) rooms.push(`token:${p.tokenId}`);
    if (p.role === Role.SuperAdmin) rooms.push('admin:all');
    else if (p.role === Role.Admin) for (const storeId of p.adminStores) rooms.push(`admin:${storeId}`);
    void socket.join(rooms);
  });

  // New notifications: ranges of ids, read in one query per batch that arrives while the last one runs.
  const pending: [number, number][] = [];
  let draining = false;
  let lastMax = 0;
  const localRooms = io.of('/').adapter.rooms;
  async function drain() {
    if (draining) return;
    draining = true;
    try {
      while (pending.length) {
        const batch = pending.splice(0, 200);
        // Nobody connected here: nothing to read.
        if (io.engine.clientsCount === 0) continue;
        const users = new Set<number>();
        for (const [min, max] of batch) for (const u of await notificationReceivers(min, max)) users.add(u);
        for (const userId of users) {
          const room = `user:${userId}`;
          if (!localRooms.has(room)) continue;
          io.local.to(room).emit(SYSTEM_NOTIFICATION_EVENT, { userId } satisfies SystemNotificationPayload);
        }
      }
    } catch (err) {
      app.log.error({ err }, 'realtime: reading new notifications failed');
    } finally {
      draining = false;
    }
  }
  function onNotifications(payload: string) {
    const range = parseRange(payload);
    if (!range) return;
    lastMax = Math.max(lastMax, range[1]);
    pending.push(range);
    void drain();
  }
  // The feed: a public item to every signed-in socket, a private one to its giver's and recipients' sockets
  // and to the administrators of their stores (and super administrators), on every instance (the adapter).
  function announceFeed(a: FeedAnnouncement) {
    const event: FeedEventPayload = { kind: a.kind, recognitionId: a.recognitionId };
    io.to(feedRooms(a)).emit(FEED_EVENT, event);
    for (const userId of a.notified ?? [])
      io.to(`user:${userId}`).emit(SYSTEM_NOTIFICATION_EVENT, { userId } satisfies SystemNotificationPayload);
  }
  function onRevocation(payload: string) {
    const msg = parseRevocation(payload);
    if (msg) io.local.in(`${msg.kind}:${msg.id}`).disconnectSockets(true);
  }
  // After a lost listener: whatever was written meanwhile is announced again (a revocation missed meanwhile
  // is caught by the periodic check below).
  async function catchUp() {
    const { rows } = await database.db.$client.query<{ max: number | null }>('select max(id) as max from notifications');
    const max = rows[0]?.max ?? 0;
    if (max > lastMax) onNotifications(JSON.stringify({ min: lastMax + 1, max }));
  }

  let unlisten: Unlisten | null = null;
  const ready = (async () => {
    const { rows } = await database.db.$client.query<{ max: number | null }>('select max(id) as max from notifications');
    lastMax = rows[0]?.max ?? 0;
    unlisten = await listenDatabase(
      database,
      { [NOTIFICATIONS_CHANNEL]: onNotifications, [REVOCATIONS_CHANNEL]: onRevocation },
      app.log,
      () => void catchUp().catch((err: unknown) => app.log.error({ err }, 'realtime: catch-up failed')),
    );
  })();
  ready.catch((err: unknown) => app.log.error({ err }, 'realtime: could not listen to the database'));
  await ready;

  // Credentials also end without a write that announces it (absolute or idle expiry of a session, a token's
  // expiry): once a minute the sockets this instance holds are checked against the database.
  const sweep = setInterval(() => {
    void endExpired().catch((err: unknown) => app.log.warn({ err }, 'realtime: credential check failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  async function endExpired() {
    const sessionIds = new Set<number>();
    const tokenIds = new Set<number>();
    for (const socket of io.of('/').sockets.values()) {
      const p = (socket.data as SocketData).principal;
      if (p?.sessionId) sessionIds.add(p.sessionId);
      if (p?.tokenId) tokenIds.add(p.tokenId);
    }
    const ended = await endedCredentials({ sessionIds: [...sessionIds], tokenIds: [...tokenIds], now: clock.now() });
    for (const id of ended.sessions) io.local.in(`session:${id}`).disconnectSockets(true);
    for (const id of ended.tokens) io.local.in(`token:${id}`).disconnectSockets(true);
  }

  app.decorate('realtime', { io: io as unknown as Server, ready, announceFeed } satisfies Realtime);

  // Open websockets would keep the HTTP server from closing. Their transports are closed, not the sockets:
  // a Socket.IO "server disconnect" tells a client its credential ended and not to come back, while a
  // closed transport makes it reconnect (through the proxy, to another instance) and re-read its list
  // (faults/rolling-restart.fault.ts: a rolling restart).
  app.addHook('preClose', async () => {
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await unlisten?.();
    // The adapter (and its Redis subscriptions); the HTTP server is Fastify's to close.
    await io.of('/').adapter.close();
    await pub?.quit().catch(() => undefined);
    await sub?.quit().catch(() => undefined);
  });
});

function parseRange(payload: string): [number, number] | null {
  try {
    const v = JSON.parse(payload) as { min?: unknown; max?: unknown };
    if (Number.isInteger(v.min) && Number.isInteger(v.max) && (v.min as number) <= (v.max as number))
      return [v.min as number, v.max as number];
  } catch {
    /* not ours */
  }
  return null;
}

function parseRevocation(payload: string): { kind: 'session' | 'token' | 'user'; id: number } | null {
  try {
    const v = JSON.parse(payload) as { kind?: unknown; id?: unknown };
    if ((v.kind === 'session' || v.kind === 'token' || v.kind === 'user') && Number.isInteger(v.id))
      return { kind: v.kind, id: v.id as number };
  } catch {
    /* not ours */
  }
  return null;
}
