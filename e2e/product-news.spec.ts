import { type Browser, type Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, reservedByJourneys, test } from './support.ts';

// Product news (decision 0035). A shopper keeps a wishlist product that ran out; an administrator, in another
// browser, restocks it from the inventory page; the shopper's header count rises without a reload and the
// notification leads to the product, in Spanish and English. The product is one of the administrator's
// store, taken to 0 first and given back its stock by the restock; the wishlist line is removed at the end.

let wishlistLine = 0;
let shopperEmail = '';

async function newPage(browser: Browser) {
  return (await browser.newContext({ locale: 'es-MX' })).newPage();
}

const badge = (page: Page) => page.getByTestId('badge-notifications');
async function badgeCount(page: Page): Promise<number> {
  return (await badge(page).count()) ? Number(await badge(page).textContent()) : 0;
}

async function removeWishlistLine(page: Page) {
  const origin = new URL(page.url()).origin;
  expect((await page.request.delete(`/api/wishlists/delete/${wishlistLine}`, { headers: { origin } })).status()).toBe(200);
  wishlistLine = 0;
}

// When the journey stopped half-way, the shopper's wishlist line still goes.
test.afterAll(async ({ browser, signInAs }) => {
  if (!wishlistLine) return;
  const page = await newPage(browser);
  await signInAs(page, shopperEmail);
  await removeWishlistLine(page);
  await page.context().close();
});

test('a restocked wishlist product notifies its shopper live, and the notification leads to it', async ({ page, browser, signInAs }) => {
  // The administrator picks a shopper of their store whom no other journey signs in as, and a product in stock.
  const admin = await newPage(browser);
  await signInAs(admin, 'admin@rewards.test');
  const origin = new URL(admin.url()).origin;
  const store = (await (await admin.request.get('/api/auth/session')).json()).data.adminStores[0] as number;
  const users = (await (await admin.request.get('/api/users/all?role=1&active=true&pageSize=100&search=.')).json()).data as {
    email: string;
    storeId: number;
  }[];
  shopperEmail = users.filter((u) => u.storeId === store && !reservedByJourneys.test(u.email)).at(-2)!.email;
  const products = (await (await admin.request.get(`/api/productAdmin/?storeId=${store}&active=true&stock=in&pageSize=100`)).json())
    .data as { id: number; name: string; nameEn: string; slug: string; stock: number }[];
  const product = products.at(-1)!;
  expect(product.stock).toBeGreaterThan(0);
  // It runs out (an adjustment through the stock ledger).
  const out = await admin.request.post('/api/inventory', {
    headers: { origin },
    data: { productId: product.id, delta: -product.stock, reason: 'Agotado para la prueba' },
  });
  expect(out.status()).toBe(201);

  // The shopper keeps it in their wishlist, from its page.
  await signInAs(page, shopperEmail);
  await page.goto(`/product?slug=${encodeURIComponent(product.slug)}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar a favoritos' }).click();
  await expect(page.getByText('Agregado a mis favoritos con éxito')).toBeVisible();
  const wishlist = (await (await page.request.get('/api/wishlists/?pageSize=100')).json()).data as { id: number; productId: number }[];
  wishlistLine = wishlist.find((w) => w.productId === product.id)!.id;

  // The shopper waits on the home page, connected.
  await page.goto('/');
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect(page.getByTestId('notifications-menu')).toBeVisible();
  const before = await badgeCount(page);

  // The administrator restocks it from the inventory page.
  await admin.goto(`/admin/inventory/${store}`);
  await admin.getByRole('searchbox', { name: 'Buscar productos' }).fill(product.name);
  await admin.getByRole('button', { name: 'Buscar', exact: true }).click();
  const row = admin.getByRole('row').filter({ has: admin.getByText(product.name, { exact: true }) });
  await row.getByRole('button', { name: 'Stock', exact: true }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByText('Stock actual: 0')).toBeVisible();
  await dialog.getByLabel('Cambio').fill(String(product.stock));
  await dialog.getByLabel('Motivo').fill('Llegó el pedido del proveedor');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(admin.getByText(`Stock registrado: ahora ${product.stock}`)).toBeVisible();

  // Without a reload: the header count rises by one, and the entry names the product.
  await expect(badge(page)).toHaveText(String(before + 1), { timeout: 5000 });
  await page.getByTestId('notifications-menu').click();
  const dropdown = page.getByTestId('notifications-dropdown');
  const entry = dropdown.getByTestId('notification').first();
  await expect(entry).toContainText(`De vuelta en stock: ${product.name}`);
  await expect(entry).toContainText('Producto');
  await expect(entry).toHaveAttribute('data-active', '1');
  await expectNoSeriousViolations(page, 'product news');

  // It leads to the product (opening it marks it seen).
  await entry.getByRole('link', { name: `De vuelta en stock: ${product.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/product\\?slug=${product.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  if (before === 0) await expect(badge(page)).toHaveCount(0);
  else await expect(badge(page)).toHaveText(String(before));

  // English: the list words it in the reader's language.
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  // The product's name in English where it was written (docs/architecture.md P10).
  const listed = page.getByTestId('notification').filter({ hasText: `Back in stock: ${product.nameEn || product.name}` });
  await expect(listed).toBeVisible();
  await expect(listed.getByRole('link')).toHaveAttribute('href', `/product?slug=${product.slug}`);
  await page.getByRole('button', { name: 'es', exact: true }).first().click();
  await removeWishlistLine(page);
  await admin.context().close();
});
