// Seeds the orders benchmark: the demo data, 1,000 products in the first store with ample stock, and
// 200 shoppers of that store with ledger-backed points and personal API tokens. Prints the tokens and
// product ids as JSON for bench/orders.mjs.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { createApiToken } from '../src/modules/auth/auth.service.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: seed-orders.ts DATABASE_URL');
const database = await openDatabase({ url });
await seedIfEmpty(database.db, { uploadsDir: '/tmp/rs-bench-uploads', images: false });
const db = database.db;

await db.execute(sql`
  insert into products (store_id, category_id, name, slug, description, search_text, price, created_at)
  select 1, c.id, 'Artículo ' || g, 'orders-bench-' || g, 'Artículo de prueba ' || g, 'articulo ' || g, 50 + (g * 37) % 950, now()
  from generate_series(1, 1000) g
  cross join lateral (select id from categories where store_id = 1 order by id offset (g % 14) limit 1) c`);
// Stock through the stock ledger's one owner, as everywhere (migration 0005).
await db.execute(sql`select count(rs_move_stock(id, 1000000, 'Bench stock', null, now())) from products where slug like 'orders-bench-%'`);
const buyers = (
  await db.execute(sql`
    insert into users (email, name, last_name, store_id, points)
    select 'buyer-' || g || '@rewards.test', 'Buyer', 'N' || g, 1, 100000000 from generate_series(1, 200) g
    returning id`)
).rows as { id: number }[];
await db.execute(sql`
  insert into point_transactions (user_id, value, kind, description)
  select id, points, 'load', 'Bench load' from users where email like 'buyer-%'`);
const tokens: string[] = [];
for (const b of buyers) tokens.push((await createApiToken(db, { userId: b.id, name: 'bench', now: new Date() })).token);
const products = (await db.execute(sql`select id from products where slug like 'orders-bench-%' order by id`)).rows as { id: number }[];
await db.execute(sql`analyze`);
console.log(JSON.stringify({ tokens, productIds: products.map((p) => p.id) }));
await database.close();
