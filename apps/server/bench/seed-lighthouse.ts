// Seeds the pages benchmark (bench/lighthouse.mjs): the demo data with its pictures written to
// UPLOADS_DIR (as a running server outside production has it), its employees, loads and challenges, and
// in the first store each product seven more times (every category then fills two pages of 20, as a real
// catalogue does). Prints a session for the shopper and the super administrator, and the slugs and ids the
// benchmark visits, as JSON.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { prepareDatabase } from '../src/seed/prepare.ts';
import { createSession } from '../src/modules/auth/auth.service.ts';

const [url, uploadsDir] = process.argv.slice(2);
if (!url || !uploadsDir) throw new Error('usage: seed-lighthouse.ts DATABASE_URL UPLOADS_DIR');
const database = await openDatabase({ url });
const db = database.db;
await prepareDatabase(db, { seedDemoData: true, uploadsDir, bootstrapSuperAdminEmail: undefined }, { images: true });

await db.execute(sql`
  with copies as (
    insert into products (store_id, category_id, name, slug, description, search_text, price, featured, views, created_at)
    select p.store_id, p.category_id, p.name || ' ' || g, p.slug || '-' || g, p.description, p.search_text || ' ' || g,
           p.price + g * 10, false, (p.views + g * 7) % 101, p.created_at - make_interval(days => g)
    from products p cross join generate_series(2, 8) g
    where p.store_id = 1
    returning id, slug
  )
  insert into product_images (product_id, url, position)
  select c.id, i.url, 0 from copies c
  join products p on p.store_id = 1 and c.slug = p.slug || '-' || right(c.slug, 1)
  join product_images i on i.product_id = p.id and i.position = 0`);
// Stock through the stock ledger's one owner, as everywhere (docs/architecture.md A6.4).
await db.execute(
  sql`select count(rs_move_stock(id, 30, 'Inventario inicial', null, now())) from products where store_id = 1 and stock = 0 and slug ~ '-[0-9]$'`,
);

const ttlMs = 12 * 3600_000;
const userId = async (email: string) => ((await db.execute(sql`select id from users where email = ${email}`)).rows[0] as { id: number }).id;
const shopper = await createSession(db, { userId: await userId('ana@rewards.test'), now: new Date(), ttlMs });
const admin = await createSession(db, { userId: await userId('super@rewards.test'), now: new Date(), ttlMs });
const category = (
  await db.execute(sql`
    select c.slug from categories c join products p on p.category_id = c.id
    where c.store_id = 1 group by c.id order by count(*) desc, c.id limit 1`)
).rows[0] as { slug: string };
const product = (await db.execute(sql`select id, slug from products where store_id = 1 and featured order by id limit 1`)).rows[0] as {
  id: number;
  slug: string;
};
const others = (await db.execute(sql`select id from products where store_id = 1 and stock > 0 order by id limit 4 offset 1`)).rows as {
  id: number;
}[];
// The recognition page measured: a public one of the first store from the demo's four weeks (seed/demo-peer.ts),
// the one with the most comments (the fullest page), else none when the demo gave nothing (outside accrual).
const recognition = (
  await db.execute(sql`
    select r.id from peer_recognitions r left join peer_comments c on c.recognition_id = r.id
    where not r.private and r.store_id = 1 group by r.id order by count(c.id) desc, r.id desc limit 1`)
).rows[0] as { id: number } | undefined;
await db.execute(sql`analyze`);
console.log(
  JSON.stringify({
    shopperSession: shopper.token,
    adminSession: admin.token,
    categorySlug: category.slug,
    productSlug: product.slug,
    productIds: [product.id, ...others.map((o) => o.id)],
    searchText: 'taza',
    recognitionId: recognition?.id ?? null,
  }),
);
await database.close();
