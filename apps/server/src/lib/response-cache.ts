import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Redis } from 'ioredis';

const CHANNEL = 'rewards:catalog-invalidate';

/** Aged answers refreshed at once in the background, at most (`ResponseCache.body`). */
const MAX_REFRESHES = 4;

/** Smaller bodies are sent as they are: compressing them saves less than the header it adds. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * One cached answer: its JSON bytes, and the brotli and gzip variants made the first time a client asks
 * for them, then kept with it (decision 0024: a cache hit compresses nothing).
 */
export class CachedBody {
  readonly body: Buffer;
  private br?: Buffer;
  private gzip?: Buffer;
  /** The server's front keeps the header list of each encoding here (lib/hot-answers.ts). */
  frontHeaders?: Partial<Record<'identity' | 'br' | 'gzip', string[]>>;

  constructor(json: string) {
    this.body = Buffer.from(json);
  }

  get text(): string {
    return this.body.toString();
  }

  /** The body in the best encoding `accept-encoding` allows (brotli, then gzip), else as it is. */
  encoded(acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
    if (!acceptEncoding || this.body.length < COMPRESS_FROM_BYTES) return { body: this.body };
    const coding = preferredCoding(acceptEncoding);
    if (coding === 'br') {
      this.br ??= brotliCompressSync(this.body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.body.length },
      });
      return { body: this.br, encoding: 'br' };
    }
    if (coding === 'gzip') {
      this.gzip ??= gzipSync(this.body, { level: 6 });
      return { body: this.gzip, encoding: 'gzip' };
    }
    return { body: this.body };
  }
}

/**
 * The coding a cached body goes out in for an Accept-Encoding header: brotli, then gzip, else none.
 * Browsers send one of a handful of headers, so the answer is remembered per header (a few dozen at most).
 */
const codings = new Map<string, 'br' | 'gzip' | undefined>();
function preferredCoding(header: string): 'br' | 'gzip' | undefined {
  if (codings.has(header)) return codings.get(header);
  const coding = accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : undefined;
  if (codings.size >= 64) codings.clear();
  codings.set(header, coding);
  return coding;
}

/** Whether an Accept-Encoding header takes `coding` (named with a non-zero q, or `*`). */
export function accepts(header: string, coding: 'br' | 'gzip'): boolean {
  let star = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding) return allowed;
    if (name === '*') star = allowed;
  }
  return star;
}

/** Sends a cached answer as JSON, compressed when the client allows it; `Vary` tells shared caches why. */
export function sendCachedBody(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  const { body, encoding } = cached.encoded(request.headers['accept-encoding']);
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The response-cache key of this request, named from the raw request (before validation), or undefined
     * when it cannot be; with `answerFromCache`, a fresh answer held under it is sent before validation.
     */
    cachedAnswer?: (request: FastifyRequest) => string | undefined;
  }
}

/**
 * A `preValidation` hook that sends the cached answer before the query is validated and the handler runs,
 * for routes whose config names their key (`cachedAnswer`) when a fresh answer is held under it (decision
 * 0024, fourth pass). Only answers a handler stored are found, and the handler stores them under the same key
 * after validating the same URL, so what was refused once is never answered here; access, session expiry,
 * rate limits and security headers run before this hook (onRequest).
 */
export function answerFromCache(cache: ResponseCache) {
  return function cachedAnswer(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const key = request.routeOptions.config.cachedAnswer?.(request);
    if (key === undefined) return done();
    // Fresh, or aged while the handler could only answer the same (its refresh is running, or every refresh
    // slot is taken); otherwise the handler answers it and starts the refresh.
    const body = cache.held(key);
    if (!body) return done();
    // A request without credentials gets the same answer for the same URL: the server's front answers the
    // next ones itself, under the same rule (lib/hot-answers.ts, `urlAnswer`).
    if (request.method === 'GET' && withoutCredentials(request.headers))
      cache.rememberUrl(request.url, request.routeOptions.url ?? '', key);
    // Answered here: the hook ends without `done`, so validation and the handler do not run.
    sendCachedBody(request, reply, body);
  };
}

/** The name of the session cookie (plugins/auth.ts), repeated here so that this module needs no plugin. */
const SESSION_COOKIE_PREFIX = 'rs_session=';

/** A request that carries neither a bearer token nor a session cookie (other cookies, like the language, do not count). */
export function withoutCredentials(headers: { authorization?: string; cookie?: string }): boolean {
  return headers.authorization === undefined && (headers.cookie === undefined || !headers.cookie.includes(SESSION_COOKIE_PREFIX));
}

/**
 * How long a URL is answered by the server's front without going through Fastify again, at most (and only
 * while its key holds a fresh answer): as long as the default store, the one thing besides the URL that the
 * key of a request without credentials depends on, is remembered by the stores service (shopStoreId). Every write forgets them.
 */
const URL_ANSWER_MS = 30_000;

/** A URL answered from the cache for requests without credentials: its cache key and its route pattern. */
export interface UrlAnswer {
  key: string;
  route: string;
  until: number;
}

/**
 * Serialized responses of hot catalogue reads (lists, product pages, search). Any catalogue write
 * clears it at once; with Redis, every other instance clears too. A short TTL bounds staleness if a
 * message is lost. The same signal marks the search index stale (`onInvalidate`, decision 0009).
 */
/** An answer already serialised: the cache keeps its text as it is instead of calling JSON.stringify. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** When an answer is kept: on its first request, or on its second (answers most people ask once, like searches). */
export type Admission = 'first' | 'second';

type Entry = { body: CachedBody; expires: number };

/**
 * What a write that changes cached reads is given: it raises the invalidation itself, after its transaction
 * commits (docs/architecture.md A6.9; every instance through Redis, decision 0015).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The app's response cache (tests hand it to services as their cache signal). */
    responseCache: ResponseCache;
  }
}

export interface CacheInvalidation {
  invalidate(): void;
}

/** Awaits a write that changes cached reads, then raises their invalidation (a write that failed changed nothing). */
export async function invalidating<T>(cache: CacheInvalidation, write: Promise<T>): Promise<T> {
  const result = await write;
  cache.invalidate();
  return result;
}

export class ResponseCache implements CacheInvalidation {
  /** Answers admitted on their first request (pages, product lists): most of the room. */
  private readonly entries = new Map<string, Entry>();
  /**
   * Answers admitted on their second request (searches), in a room of their own (a fifth of the size): a
   * stream of searches each asked twice pushes out older searches, never a product page or a category.
   */
  private readonly repeated = new Map<string, Entry>();
  /** Raw URLs of requests without credentials that were answered from the cache (`rememberUrl`). */
  private readonly urls = new Map<string, UrlAnswer>();
  /** Bumped by every invalidation: a read that began before a write does not store its result. */
  private generation = 0;
  private subscriber?: Redis;
  /** Other holders of catalogue data (the search index) told of every invalidation, local or from another instance. */
  private readonly listeners: (() => void)[] = [];

  /**
   * `jitter`: each answer's TTL is drawn within ±jitter of `ttlMs` (0.25: 45 to 75 s), so the answers cached
   * together after a write or a restart do not all age, and go back to the database, in the same second.
   */
  constructor(private readonly opts: { maxEntries: number; ttlMs: number; jitter?: number; now?: () => number; redis?: Redis }) {}

  async start() {
    if (!this.opts.redis) return;
    this.subscriber = this.opts.redis.duplicate();
    this.subscriber.on('message', () => this.clear());
    // Without Redis the cache goes on in this process alone; what other instances changed meanwhile was
    // not heard, so when the subscription is back everything cached is dropped (faults/redis-loss.fault.ts).
    let lost = false;
    this.subscriber.on('close', () => (lost = true));
    this.subscriber.on('error', () => undefined); // the main client logs Redis connection errors (app.ts)
    this.subscriber.on('ready', () => {
      if (!lost) return;
      lost = false;
      this.clear();
    });
    // Redis down at start does not keep the server from starting (GET /api/ready says so): ioredis
    // subscribes again once it connects.
    await this.subscriber.subscribe(CHANNEL).catch(() => undefined);
  }

  async stop() {
    await this.subscriber?.quit();
  }

  private now() {
    return this.opts.now ? this.opts.now() : Date.now();
  }

  get(key: string): string | undefined {
    return this.hit(key)?.text;
  }

  /** The answer held for `key` if it has not aged; nothing is produced, refreshed or dropped. */
  fresh(key: string): CachedBody | undefined {
    const entry = this.entry(key);
    return entry && entry.expires > this.now() ? entry.body : undefined;
  }

  /**
   * What `body(key)` would give right now without starting anything: the fresh answer, or the aged one
   * while `staleWhileRefreshing` gives it. What the `answerFromCache` hook and the server's front answer.
   */
  held(key: string): CachedBody | undefined {
    return this.fresh(key) ?? this.staleWhileRefreshing(key);
  }

  /**
   * The aged answer `body(key)` would give right now without starting anything: held for less than twice
   * the TTL, and its refresh already running or no refresh slot free. Undefined otherwise.
   */
  staleWhileRefreshing(key: string): CachedBody | undefined {
    const entry = this.entry(key);
    if (!entry || entry.expires + this.opts.ttlMs <= this.now()) return undefined;
    return this.inFlight.has(key) || this.refreshing >= MAX_REFRESHES ? entry.body : undefined;
  }

  /**
   * Remembers that a request without credentials for `url` was answered from `key` (by `answerFromCache`,
   * after Fastify matched, authorised and keyed it), for 30 s at most. Every invalidation forgets them all,
   * with the entries.
   */
  rememberUrl(url: string, route: string, key: string) {
    if (this.urls.size >= this.opts.maxEntries) this.urls.clear();
    this.urls.set(url, { key, route, until: this.now() + URL_ANSWER_MS });
  }

  /**
   * The answer of the key remembered for `url` (`rememberUrl`), with its route, while the URL holds: what
   * `held` gives, as the route's hook would.
   */
  urlAnswer(url: string): { body: CachedBody; route: string } | undefined {
    const hit = this.urls.get(url);
    if (hit === undefined) return undefined;
    if (hit.until <= this.now()) {
      this.urls.delete(url);
      return undefined;
    }
    const body = this.held(hit.key);
    return body && { body, route: hit.route };
  }

  private entry(key: string): Entry | undefined {
    return this.entries.get(key) ?? this.repeated.get(key);
  }

  private forget(key: string, entry: Entry) {
    if (this.entries.get(key) === entry) this.entries.delete(key);
    if (this.repeated.get(key) === entry) this.repeated.delete(key);
  }

  private hit(key: string): CachedBody | undefined {
    const hit = this.entry(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.forget(key, hit);
      return undefined;
    }
    return hit.body;
  }

  private readonly inFlight = new Map<string, Promise<CachedBody>>();
  /** Background refreshes of aged answers running now (at most MAX_REFRESHES). */
  private refreshing = 0;

  /** Serves `key` from memory, or produces, stores and returns its JSON; concurrent misses share one producer. */
  async json(key: string, produce: () => Promise<unknown>): Promise<string> {
    return (await this.body(key, produce)).text;
  }

  /**
   * `json` as the cached answer itself, ready for `sendCachedBody`. An entry past its TTL but within one
   * more TTL is still answered while one request's producer refreshes it in the background (stale while
   * revalidate): a hot page never waits for the database because its entry aged out, and what the TTL
   * bounds (an invalidation message lost) stays bounded by twice the TTL. Writes still clear everything at once.
   */
  body(key: string, produce: () => Promise<unknown>, admit: Admission = 'first'): Promise<CachedBody> {
    const entry = this.entry(key);
    if (entry) {
      const now = this.now();
      if (entry.expires > now) return Promise.resolve(entry.body);
      if (entry.expires + this.opts.ttlMs > now) {
        // At most a few refreshes at once: answers cached together (a warm-up, a quiet hour) age together,
        // and hundreds of reads and serialisations at once would hold every hit behind them. The others
        // answer stale meanwhile and are refreshed by a later request.
        if (!this.inFlight.has(key) && this.refreshing < MAX_REFRESHES) {
          this.refreshing++;
          // Refreshed into the room it was in.
          this.produce(key, produce, this.repeated.get(key) === entry ? 'refresh-repeated' : 'first')
            .catch(() => {
              // The refresh failed: forget the stale answer, so the next request produces it and sees the error.
              this.forget(key, entry);
            })
            .finally(() => this.refreshing--);
        }
        return Promise.resolve(entry.body);
      }
      this.forget(key, entry);
    }
    return this.inFlight.get(key) ?? this.produce(key, produce, admit);
  }

  /**
   * Keys asked once, for answers admitted on their second request: a search typed once (most of them) is
   * answered without pushing a category page or a product out of the cache, and without the garbage of
   * thousands of answers nobody asks for again. Forgotten wholesale when it grows past the cache's size.
   */
  private readonly askedOnce = new Set<string>();

  /** Runs `produce` for `key` once (concurrent callers share it) and stores its answer unless a write came meanwhile. */
  private produce(key: string, produce: () => Promise<unknown>, admit: Admission | 'refresh-repeated' = 'first'): Promise<CachedBody> {
    const generation = this.generation;
    const work = produce()
      .then((value) => {
        const body = new CachedBody(value instanceof RawJson ? value.text : JSON.stringify(value));
        if (generation === this.generation && (admit === 'refresh-repeated' || this.admits(key, admit)))
          this.set(admit === 'first' ? this.entries : this.repeated, key, body);
        return body;
      })
      .finally(() => {
        if (this.inFlight.get(key) === work) this.inFlight.delete(key);
      });
    this.inFlight.set(key, work);
    return work;
  }

  private admits(key: string, admit: Admission): boolean {
    if (admit === 'first' || this.askedOnce.delete(key)) return true;
    if (this.askedOnce.size >= this.opts.maxEntries) this.askedOnce.clear();
    this.askedOnce.add(key);
    return false;
  }

  private clear() {
    this.generation++;
    this.entries.clear();
    this.repeated.clear();
    this.urls.clear();
    this.inFlight.clear();
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` on every invalidation: this instance's writes and, with Redis, every other instance's. */
  onInvalidate(listener: () => void) {
    this.listeners.push(listener);
  }

  private set(room: Map<string, Entry>, key: string, body: CachedBody) {
    room.delete(key); // a refreshed entry goes to the end of the eviction order
    const max = room === this.repeated ? Math.max(1, Math.floor(this.opts.maxEntries / 5)) : this.opts.maxEntries;
    if (room.size >= max) {
      // Drop the oldest insertion (Map keeps insertion order).
      const first = room.keys().next().value;
      if (first !== undefined) room.delete(first);
    }
    const jitter = this.opts.jitter ? (Math.random() * 2 - 1) * this.opts.jitter : 0;
    room.set(key, { body, expires: this.now() + this.opts.ttlMs * (1 + jitter) });
  }

  /** Called after every committed catalogue write. */
  invalidate() {
    this.clear();
    if (this.opts.redis) void this.opts.redis.publish(CHANNEL, '1').catch(() => undefined);
  }

  get size() {
    return this.entries.size + this.repeated.size;
  }
}
