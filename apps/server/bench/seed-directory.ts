// Seeds the directory benchmark (bench/directory.mjs): the demo data only (its three stores are the offices the
// directory names). Prints the super administrator's personal API token, made by the service `npm run admin --
// token` uses, and the stores (id, title, site code) as JSON.
import { eq, sql } from 'drizzle-orm';
import * as s from '../src/db/schema/index.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { createApiToken } from '../src/modules/auth/auth.service.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: seed-directory.ts DATABASE_URL');
const database = await openDatabase({ url });
await seedIfEmpty(database.db, { uploadsDir: '/tmp/rs-bench-uploads', images: false });
const db = database.db;

const [superAdmin] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'super@rewards.test'));
const { token } = await createApiToken(db, { userId: superAdmin!.id, name: 'bench', now: new Date() });
const stores = await db.select({ id: s.stores.id, title: s.stores.title, sedeId: s.stores.sedeId }).from(s.stores).orderBy(s.stores.id);
await db.execute(sql`analyze`);
console.log(JSON.stringify({ token, stores }));
await database.close();
