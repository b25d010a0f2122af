// Seeds the benchmark database: the demo data, then 10,000 products in 50 categories over 3 stores.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: seed-bench.ts DATABASE_URL');
const database = await openDatabase({ url });
await seedIfEmpty(database.db, { uploadsDir: '/tmp/rs-bench-uploads', images: false });
const db = database.db;

// 50 categories: the 42 seeded (14 per store) and 8 more, spread over the stores.
await db.execute(sql`
  insert into categories (store_id, title, slug, description, picture)
  select 1 + (g % 3), 'Colección ' || g, 'coleccion-' || g, 'Colección especial número ' || g || ' de artículos.', '/uploads/categories/x-1200.webp'
  from generate_series(1, 8) g`);
const cats = (await db.execute(sql`select id, store_id, title from categories order by id`)).rows as {
  id: number;
  store_id: number;
  title: string;
}[];

const nouns = [
  'Taza',
  'Termo',
  'Mochila',
  'Libreta',
  'Audífonos',
  'Cargador',
  'Bocina',
  'Playera',
  'Sudadera',
  'Gorra',
  'Botella',
  'Lámpara',
  'Manta',
  'Maleta',
  'Linterna',
  'Balón',
  'Tapete',
  'Cartera',
  'Bolígrafo',
  'Reloj',
];
const adjectives = [
  'ejecutiva',
  'clásica',
  'térmica',
  'deportiva',
  'ecológica',
  'compacta',
  'premium',
  'portátil',
  'inalámbrica',
  'orgánica',
  'urbana',
  'plegable',
  'metálica',
  'ligera',
  'edición café',
];
const colors = ['azul', 'roja', 'negra', 'blanca', 'verde', 'gris', 'naranja', 'morada', 'rosa', 'café'];

// 10,000 products minus the 86 seeded, named from the word lists, with accents, in their category's store.
const total = 10_000 - 86;
const batch = 2000;
for (let start = 0; start < total; start += batch) {
  const rows = [];
  for (let i = start; i < Math.min(total, start + batch); i++) {
    const cat = cats[i % cats.length]!;
    const name = `${nouns[i % nouns.length]} ${adjectives[Math.floor(i / nouns.length) % adjectives.length]} ${colors[Math.floor(i / 300) % colors.length]} ${i}`;
    const description = `${name}: artículo de la tienda de recompensas con garantía de un año.`;
    const search = `${name} ${cat.title} ${description}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    rows.push(
      sql`(${cat.store_id}, ${cat.id}, ${name}, ${`bench-${i}`}, ${description}, ${search}, ${100 + ((i * 37) % 4900)}, ${i % 23 === 0}, ${(i * 13) % 997}, now() - (${i % 400} || ' days')::interval)`,
    );
  }
  await db.execute(
    sql`insert into products (store_id, category_id, name, slug, description, search_text, price, featured, views, created_at) values ${sql.join(rows, sql`, `)}`,
  );
}
// Stock (i % 17) through the stock ledger's one owner, as everywhere (migration 0005).
await db.execute(
  sql`select count(rs_move_stock(id, split_part(slug, '-', 2)::int % 17, 'Inventario inicial', null, now())) from products
      where slug like 'bench-%' and split_part(slug, '-', 2)::int % 17 > 0`,
);
await db.execute(
  sql`insert into product_images (product_id, url, position) select id, '/uploads/products/bench-1200.webp', 0 from products where slug like 'bench-%'`,
);
await db.execute(sql`analyze`);
const counts = (
  await db.execute(
    sql`select (select count(*) from products)::int as products, (select count(*) from categories)::int as categories, (select count(*) from stores)::int as stores`,
  )
).rows[0];
console.log(JSON.stringify(counts));
await database.close();
