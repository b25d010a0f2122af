// Seeds the bulk-load benchmark (bench/loads.mjs): the demo data and 100,000 employees of the first
// store with no points yet. Prints the administrator's API token and the recognition to load as JSON.
import { and, eq, sql } from 'drizzle-orm';
import * as s from '../src/db/schema/index.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { createApiToken } from '../src/modules/auth/auth.service.ts';

const url = process.argv[2];
const count = Number(process.argv[3] ?? 100_000);
if (!url) throw new Error('usage: seed-loads.ts DATABASE_URL [EMPLOYEES]');
const database = await openDatabase({ url });
await seedIfEmpty(database.db, { uploadsDir: '/tmp/rs-bench-uploads', images: false });
const db = database.db;

await db.execute(sql`
  insert into users (email, name, last_name, store_id)
  select 'employee' || g || '@loads.bench', 'Employee', 'N' || g, 1 from generate_series(1, ${count}) g`);
const [admin] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'admin@rewards.test'));
const { token } = await createApiToken(db, { userId: admin!.id, name: 'bench', now: new Date() });
const [reward] = await db
  .select({ id: s.rewards.id })
  .from(s.rewards)
  .where(and(eq(s.rewards.storeId, 1), eq(s.rewards.code, 'collaboration')));
await db.execute(sql`analyze`);
console.log(JSON.stringify({ token, storeId: 1, rewardId: reward!.id, emails: count }));
await database.close();
