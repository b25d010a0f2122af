import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { ResponseCache } from './lib/response-cache.ts';

/**
 * What the composition root (app.ts) hands every plugin and route module: settings, the database, the
 * clock and the response cache. Nothing of a feature: a module that needs another feature's object gets it
 * as an option of its own (docs/architecture.md A3, walls).
 */
export interface ServerContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  /** Hot catalogue reads; every catalogue write invalidates it. */
  cache: ResponseCache;
}
