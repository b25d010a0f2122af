import type { Redis } from 'ioredis';

const CHANNEL = 'rewards:catalog-invalidate';

/**
 * Serialized responses of hot catalogue reads (lists, product pages, search). Any catalogue write
 * clears it at once; with Redis, every other instance clears too. A short TTL bounds staleness if a
 * message is lost. The same signal marks the search index stale (`onInvalidate`, decision 0009).
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; expires: number }>();
  /** Bumped by every invalidation: a read that began before a write does not store its result. */
  private generation = 0;
  private subscriber?: Redis;
  /** Other holders of catalogue data (the search index) told of every invalidation, local or from another instance. */
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly opts: { maxEntries: number; ttlMs: number; now?: () => number; redis?: Redis }) {}

  async start() {
    if (!this.opts.redis) return;
    this.subscriber = this.opts.redis.duplicate();
    await this.subscriber.subscribe(CHANNEL);
    this.subscriber.on('message', () => this.clear());
  }

  async stop() {
    await this.subscriber?.quit();
  }

  private now() {
    return this.opts.now ? this.opts.now() : Date.now();
  }

  get(key: string): string | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.body;
  }

  private readonly inFlight = new Map<string, Promise<string>>();

  /** Serves `key` from memory, or produces, stores and returns its JSON; concurrent misses share one producer. */
  json(key: string, produce: () => Promise<unknown>): Promise<string> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const work = produce()
      .then((value) => {
        const body = JSON.stringify(value);
        if (generation === this.generation) this.set(key, body);
        return body;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  private clear() {
    this.generation++;
    this.entries.clear();
    this.inFlight.clear();
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` on every invalidation: this instance's writes and, with Redis, every other instance's. */
  onInvalidate(listener: () => void) {
    this.listeners.push(listener);
  }

  set(key: string, body: string) {
    if (this.entries.size >= this.opts.maxEntries) {
      // Drop the oldest insertion (Map keeps insertion order).
      const first = this.entries.keys().next().value;
      if (first !== undefined) this.entries.delete(first);
    }
    this.entries.set(key, { body, expires: this.now() + this.opts.ttlMs });
  }

  /** Called after every committed catalogue write. */
  invalidate() {
    this.clear();
    if (this.opts.redis) void this.opts.redis.publish(CHANNEL, '1').catch(() => undefined);
  }

  get size() {
    return this.entries.size;
  }
}
