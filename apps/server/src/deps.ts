import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { ResponseCache } from './lib/response-cache.ts';
import type { CatalogSearch } from './modules/search/search-index.ts';

/**
 * What every plugin and route module is given: `buildApp` (app.ts) assembles it, modules import only
 * this type, so no module imports app.ts and app.ts imports the modules without a circle.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  /** Hot catalogue reads; every catalogue write invalidates it. */
  cache: ResponseCache;
  /** Product search per store in memory, marked stale by every invalidation of `cache` (decision 0009). */
  search: CatalogSearch;
}
