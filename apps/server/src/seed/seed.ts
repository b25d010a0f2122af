import { count } from 'drizzle-orm';
import { Role } from '@rewards/shared/enums';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { areaData, bannerData, categoryData, productData, rewardData, storeData } from './catalog-data.ts';
import { demoAccounts } from './demo-accounts.ts';
import { productSearchText, slugify } from '../lib/search-text.ts';
import { moveStock } from '../modules/inventory/inventory.service.ts';
import { postPoints } from '../modules/points/points.service.ts';
import { bannerSvg, drawingSvg, productSvg, writePicture } from './images.ts';

export interface SeedOptions {
  uploadsDir: string;
  /** Draw the product pictures with sharp (off in API tests, where only the rows matter). */
  images: boolean;
}

/** Products of the first store that the other two offices also carry. */
const SHARED_PRODUCTS = 20;
const SHOPPER_POINTS = 5000;

/** Fills an empty database with the demo data; does nothing when stores exist. */
export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(s.stores);
  if ((row?.n ?? 0) > 0) return false;

  let n = 0;
  const picture = async (folder: string, svg: () => string) =>
    opts.images ? writePicture(opts.uploadsDir, folder, svg()) : `/uploads/${folder}/seed-${++n}-1200.webp`;

  // Pictures are drawn before the transaction: PGlite runs one query at a time.
  const categoryPictures = await Promise.all(categoryData.map((c, i) => picture('categories', () => drawingSvg(c.icon, i + 3, 600))));
  // Each product shows the drawing made for it (a hammock, not its category's tent).
  const productPictures = await Promise.all(productData.map((p, i) => picture('products', () => productSvg(p.drawing, i))));
  const bannerPictures = await Promise.all(
    [0, 1, 2].flatMap((store) => bannerData.map((b, i) => picture('banners', () => bannerSvg(b, b.icons, store + i * 5)))),
  );

  await db.transaction(async (tx) => {
    const stores = await tx
      .insert(s.stores)
      .values(storeData.map((d) => ({ ...d })))
      .returning();
    const byKind = Object.fromEntries(demoAccounts.map((a) => [a.kind, a]));
    const first = stores[0]!;
    const users = await tx
      .insert(s.users)
      .values([
        { ...byKind.shopper!, email: byKind.shopper!.email, storeId: first.id, role: Role.User, is: 'IS-1001' },
        { ...byKind.store!, storeId: first.id, role: Role.Admin, isStore: true, is: 'IS-9001' },
        { ...byKind.admin!, storeId: first.id, role: Role.Admin, is: 'IS-2001' },
        { ...byKind.super!, storeId: first.id, role: Role.SuperAdmin, is: 'IS-3001' },
        { email: 'luis@rewards.test', name: 'Luis', lastName: 'Martínez', storeId: stores[1]!.id, is: 'IS-1002' },
        { email: 'maria@rewards.test', name: 'María', lastName: 'López', storeId: stores[2]!.id, is: 'IS-1003' },
        { email: 'inactivo@rewards.test', name: 'Iván', lastName: 'Inactivo', storeId: first.id, is: 'IS-1099', active: 0 },
      ])
      .returning();
    const [, storeAccount, admin, superAdmin] = users;
    await tx.insert(s.userAdminStores).values([
      { userId: storeAccount!.id, storeId: first.id },
      { userId: admin!.id, storeId: first.id },
    ]);
    // Every balance comes from the ledger, through its owner (users.points = SUM(point_transactions.value)).
    const opening = new Map([
      [byKind.shopper!.email, SHOPPER_POINTS],
      ['luis@rewards.test', 1200],
      ['maria@rewards.test', 800],
    ]);
    await postPoints(tx, {
      entries: users.filter((u) => opening.has(u.email)).map((u) => ({ userId: u.id, value: opening.get(u.email)! })),
      kind: 'load',
      description: 'Carga inicial de puntos',
      descriptionKey: 'initial',
      descriptionValues: {},
      createdBy: superAdmin!.id,
      now: new Date(),
    });
    await tx.insert(s.profiles).values(users.map((u) => ({ userId: u.id })));

    for (const [storeIndex, store] of stores.entries()) {
      const audit = { createdBy: admin!.id, modifiedBy: admin!.id };
      const categories = await tx
        .insert(s.categories)
        .values(
          categoryData.map((c, i) => ({
            storeId: store.id,
            title: c.title,
            titleEn: c.titleEn,
            slug: c.slug,
            description: c.description,
            descriptionEn: c.descriptionEn,
            picture: categoryPictures[i]!,
            ...audit,
          })),
        )
        .returning();
      const items = storeIndex === 0 ? productData : productData.slice(0, SHARED_PRODUCTS);
      const products = await tx
        .insert(s.products)
        .values(
          items.map((p, i) => {
            const category = categories.find((c) => c.slug === p.category)!;
            return {
              storeId: store.id,
              categoryId: category.id,
              name: p.name,
              nameEn: p.nameEn,
              slug: slugify(p.name) + (storeIndex === 0 ? '' : `-${store.sedeId!.toLowerCase()}`),
              description: p.description,
              descriptionEn: p.descriptionEn,
              searchText: productSearchText(p.name, category.title, p.description, {
                name: p.nameEn,
                categoryTitle: category.titleEn,
                description: p.descriptionEn,
              }),
              price: p.price,
              featured: p.featured ?? false,
              views: (i * 37) % 101,
              ...audit,
            };
          }),
        )
        .returning();
      await tx.insert(s.productImages).values(products.map((p, i) => ({ productId: p.id, url: productPictures[i]!, position: 0 })));
      // Initial stock is a movement like any other (stock = SUM(inventory_movements.delta)).
      const now = new Date();
      for (const [i, p] of products.entries()) {
        const stock = items[i]!.stock;
        if (stock > 0) await moveStock(tx, { productId: p.id, delta: stock, reason: 'Inventario inicial', actorId: admin!.id, now });
      }
      await tx.insert(s.banners).values(
        bannerData.map((b, i) => ({
          storeId: store.id,
          title: b.title,
          titleEn: b.titleEn,
          picture: bannerPictures[storeIndex * bannerData.length + i]!,
          position: i,
          ...audit,
        })),
      );
      const areas = await tx
        .insert(s.areas)
        .values(areaData.map((a) => ({ ...a, storeId: store.id, ...audit })))
        .returning();
      await tx.insert(s.rewards).values(
        rewardData.map((r) => ({
          storeId: store.id,
          areaId: areas[r.code === 'customer-voice' ? 2 : ['biometric', 'class', 'webinar'].includes(r.code) ? 1 : 0]!.id,
          code: r.code,
          name: r.name,
          nameEn: r.nameEn,
          description: r.description,
          descriptionEn: r.descriptionEn,
          points: r.points,
          frequencyLimit: r.limit,
          frequencyPeriod: r.period,
          activityKind: 'activity' in r ? r.activity : null,
          ...audit,
        })),
      );
    }
  });
  return true;
}
