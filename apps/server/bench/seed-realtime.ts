// Seeds the realtime benchmark (bench/realtime.mjs): the demo data and N employees of the first store,
// each with a personal API token for their Socket.IO client. Prints the administrator's token, the
// recognition to load and the employees (e-mail, id, token) as JSON.
import { and, eq, like, sql } from 'drizzle-orm';
import * as s from '../src/db/schema/index.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { createApiToken } from '../src/modules/auth/auth.service.ts';

const url = process.argv[2];
const count = Number(process.argv[3] ?? 2_000);
if (!url) throw new Error('usage: seed-realtime.ts DATABASE_URL [EMPLOYEES]');
const database = await openDatabase({ url });
await seedIfEmpty(database.db, { uploadsDir: '/tmp/rs-bench-uploads', images: false });
const db = database.db;

await db.execute(sql`
  insert into users (email, name, last_name, store_id)
  select 'listener' || g || '@realtime.bench', 'Listener', 'N' || g, 1 from generate_series(1, ${count}) g`);
const [admin] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'admin@rewards.test'));
const now = new Date();
const { token } = await createApiToken(db, { userId: admin!.id, name: 'bench', now });
const listeners = await db
  .select({ id: s.users.id, email: s.users.email })
  .from(s.users)
  .where(like(s.users.email, '%@realtime.bench'))
  .orderBy(s.users.id);
const users = [];
for (const u of listeners) users.push({ ...u, token: (await createApiToken(db, { userId: u.id, name: 'bench socket', now })).token });
const [reward] = await db
  .select({ id: s.rewards.id })
  .from(s.rewards)
  .where(and(eq(s.rewards.storeId, 1), eq(s.rewards.code, 'collaboration')));
await db.execute(sql`analyze`);
console.log(JSON.stringify({ token, storeId: 1, rewardId: reward!.id, users }));
await database.close();
