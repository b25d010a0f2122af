import sharp from 'sharp';
import { type Browser, type Page } from '@playwright/test';
import { expect, inLanguage, test } from './support.ts';

// Journeys no other file covers. Banners in /admin/banners (create, reorder, deactivate) and the home
// page following them, with the wide picture variants of decision 0032; the shop's header and footer at the
// breakpoints of docs/architecture.md P2 and P9 on a phone and a tablet; the global loading overlay; the success messages of the wishlist
// and of admin actions. Every journey shares one server and database with the other spec files: what this file
// creates it deletes (afterAll), and what it changes it puts back.

const suffix = Date.now().toString(36).slice(-5);
const bannerTitle = `Banner e2e ${suffix}`;

async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  return (await browser.newContext({ locale: 'es-MX', ...options })).newPage();
}

/** The home carousel's banners in the order it shows them (its dots name them). */
async function homeBanners(page: Page): Promise<string[]> {
  const dots = page.getByRole('button', { name: /^Mostrar anuncio \d+: / });
  const labels = await dots.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.map((l) => l.replace(/^Mostrar anuncio \d+: /, ''));
}

/** Reloads the visitor's home until the carousel shows `expected` (the response cache follows each change). */
async function expectHome(page: Page, expected: string[]) {
  await expect(async () => {
    await page.goto('/');
    await expect(page.locator('[aria-roledescription="carousel"]')).toBeVisible();
    expect(await homeBanners(page)).toEqual(expected);
  }).toPass({ timeout: 15_000 });
}

/** A wide photograph-like PNG: an upload wider than 1920 gets every variant up to 2560 as a banner. */
const widePicture = () =>
  sharp({ create: { width: 2600, height: 780, channels: 3, background: '#1d4ed8' } })
    .composite([{ input: Buffer.from('<svg width="2600" height="780"><circle cx="1300" cy="390" r="300" fill="#fbbf24"/></svg>') }])
    .png()
    .toBuffer();

test.afterAll(async ({ browser, signInAs }) => {
  const page = await newPage(browser);
  await signInAs(page, 'admin@rewards.test');
  const headers = { origin: new URL(page.url()).origin };
  const banners = (await (await page.request.get('/api/banners/admin/?storeId=1&pageSize=100')).json()).data as {
    id: number;
    title: string;
  }[];
  for (const b of banners.filter((x) => x.title.includes(suffix))) await page.request.delete(`/api/banners/delete/${b.id}`, { headers });
  await page.context().close();
});

test('an administrator creates, reorders and deactivates a banner, and the home page follows', async ({ page, browser, signInAs }) => {
  const visitor = await newPage(browser);
  await expectHome(visitor, ['Canjea tus puntos', 'Reto sorpresa']);

  await signInAs(page, 'admin@rewards.test');
  await page.goto('/admin/banners/1');
  await page.getByRole('button', { name: 'Nuevo banner' }).click();
  const dialog = page.getByRole('dialog');
  await inLanguage(dialog, 'Título').fill(bannerTitle);
  await dialog.getByLabel('Orden').fill('0');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await widePicture() });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Creado', { exact: true })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: bannerTitle });
  await expect(row).toContainText('Orden 0');
  // Same position as the first seeded banner: the older one goes first.
  await expectHome(visitor, ['Canjea tus puntos', bannerTitle, 'Reto sorpresa']);

  // The wide upload has variants up to 2560, and the home's picture offers them all.
  await visitor.getByRole('button', { name: `Mostrar anuncio 2: ${bannerTitle}` }).click();
  const srcset = await visitor.getByRole('img', { name: bannerTitle }).getAttribute('srcset');
  expect(srcset).toMatch(/-300\.webp 300w, .*-600\.webp 600w, .*-1200\.webp 1200w, .*-1920\.webp 1920w, .*-2560\.webp 2560w$/);

  // Reorder: after both seeded banners.
  await row.getByRole('button', { name: 'Editar' }).click();
  await dialog.getByLabel('Orden').fill('2');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Actualizado', { exact: true })).toBeVisible();
  await expect(row).toContainText('Orden 2');
  await expectHome(visitor, ['Canjea tus puntos', 'Reto sorpresa', bannerTitle]);

  // Deactivate, after confirming: gone from the home page, still listed for the administrator.
  await row.getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.getByText(`El banner «${bannerTitle}» dejará de mostrarse en el inicio.`)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.getByText('Desactivado', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Activar' })).toBeVisible();
  await expectHome(visitor, ['Canjea tus puntos', 'Reto sorpresa']);
  await visitor.context().close();
});

test('a phone fetches the small banner variant, dense laptops the wide ones (decision 0032)', async ({ browser, signInAs }) => {
  // A banner of its own, active, placed first so it is the picture the home page paints first.
  const admin = await newPage(browser);
  await signInAs(admin, 'admin@rewards.test');
  const headers = { origin: new URL(admin.url()).origin };
  const created = await admin.request.post('/api/banners', {
    headers,
    multipart: {
      title: `Ancho ${suffix}`,
      storeId: '1',
      position: '0',
      picture: { name: 'wide.png', mimeType: 'image/png', buffer: await widePicture() },
    },
  });
  expect(created.status()).toBe(201);
  const banner = (await created.json()).data as { id: number; picture: string };
  // It shares position 0 with a seeded banner, so it is shown by its dot.
  const fetched = async (viewport: { width: number; height: number }, deviceScaleFactor: number) => {
    const page = await newPage(browser, { viewport, deviceScaleFactor, isMobile: viewport.width < 768 });
    const widths: number[] = [];
    const base = banner.picture.replace(/-\d+\.webp$/, '');
    page.on('request', (r) => {
      const m = new RegExp(`${base}-(\\d+)\\.webp$`).exec(new URL(r.url()).pathname);
      if (m) widths.push(Number(m[1]));
    });
    await page.goto('/');
    await page.getByRole('button', { name: new RegExp(`^Mostrar anuncio \\d+: Ancho ${suffix}$`) }).click();
    await expect(page.getByRole('img', { name: `Ancho ${suffix}` })).toBeVisible();
    await expect.poll(() => widths.length).toBeGreaterThan(0);
    await page.context().close();
    return widths;
  };
  const phone = await fetched({ width: 390, height: 844 }, 3);
  expect(Math.max(...phone)).toBeLessThanOrEqual(1200);
  // On a desktop the banner is two thirds of the page, beside the balance (decision 0045): 806 CSS px at most.
  const laptop = await fetched({ width: 1440, height: 900 }, 2);
  expect(laptop).toContain(1920);
  const denser = await fetched({ width: 1440, height: 900 }, 3);
  expect(denser).toContain(2560);
  await admin.request.delete(`/api/banners/delete/${banner.id}`, { headers });
  await admin.context().close();
});

test('the header and footer at the documented breakpoints: phone, tablet and desktop', async ({ page, signInAs }) => {
  await signInAs(page, 'ana@rewards.test');
  const search = page.getByRole('search');
  const home = page.getByRole('banner').getByRole('link', { name: 'Inicio de Rewards Store' });
  const rowOf = async () => {
    const [s, h] = [(await search.boundingBox())!, (await home.boundingBox())!];
    return { sameRow: s.y < h.y + h.height && h.y < s.y + s.height, searchBelow: s.y >= h.y + h.height };
  };

  // Phone (below sm 640 and md 768): compact header, the search on its own row under the logo; compact footer with FAQ.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(search).toBeVisible();
  expect(await rowOf()).toEqual({ sameRow: false, searchBelow: true });
  await expect(page.getByTestId('points-balance')).toBeVisible();
  await expect(page.getByTestId('footer-full')).toBeHidden();
  await expect(page.getByTestId('footer-compact-faq')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // At the md breakpoint itself (768), and on a tablet (820, up to lg 1024): one header row that fits, nothing
  // cut off on the right (the language switch is the last thing in it); the footer is still the compact one.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect.poll(async () => (await rowOf()).sameRow).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await expect(page.getByRole('banner').getByRole('button', { name: 'en', exact: true })).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect.poll(async () => (await rowOf()).sameRow).toBe(true);
  await expect(page.getByTestId('footer-full')).toBeHidden();
  await expect(page.getByTestId('footer-compact-faq')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);

  // Desktop (lg 1024 and up): the full footer, no compact FAQ link.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId('footer-full')).toBeVisible();
  await expect(page.getByTestId('footer-compact-faq')).toBeHidden();
  expect(await rowOf()).toEqual({ sameRow: true, searchBelow: false });
});

test('the global loading overlay shows while an order is placed, and the failure is worded', async ({ page, signInAs }) => {
  await signInAs(page, 'ana@rewards.test');
  await page.goto('/product?slug=gorra-bordada');
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(page.getByText('Agregado al carrito con éxito').or(page.getByText('el producto ya está en el carrito'))).toBeVisible();
  await page.goto('/cart');
  // The order request is held for a moment, then the connection drops: no order is placed, nothing is spent.
  await page.route('**/api/orders', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await new Promise((r) => setTimeout(r, 1500));
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Confirmar y pedir' }).click();
  const overlay = page.getByTestId('loading-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveAttribute('role', 'status');
  await expect(overlay).toBeHidden({ timeout: 5000 });
  await expect(page.getByText('No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo')).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await page.unroute('**/api/orders');
  // Put the cart back as it was.
  const line = page.getByTestId('cart-line').filter({ hasText: 'Gorra bordada' });
  await line.getByRole('button', { name: 'Quitar' }).click();
  await expect(line).toHaveCount(0);
});

test('success messages: the wishlist (es and en) and an administrator’s correction of an IS', async ({ page, browser, signInAs }) => {
  await signInAs(page, 'ana@rewards.test');
  await page.goto('/product?slug=libreta-ejecutiva');
  await page.getByRole('button', { name: 'Agregar a favoritos' }).click();
  await expect(page.getByText('Agregado a mis favoritos con éxito')).toBeVisible();
  await page.goto('/wishlist');
  const item = page.getByRole('listitem').filter({ hasText: 'Libreta ejecutiva' });
  await item.getByRole('button', { name: 'Quitar' }).click();
  await expect(page.getByText('Producto eliminado de mis favoritos')).toBeVisible();
  await expect(item).toHaveCount(0);
  // In English.
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  await page.goto('/product?slug=libreta-ejecutiva');
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByText('Successfully added to my wishlist')).toBeVisible();
  await page.goto('/wishlist');
  // The product's English name (docs/architecture.md P10).
  await page.getByRole('listitem').filter({ hasText: 'Executive notebook' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Product removed from my wishlist')).toBeVisible();
  await page.getByRole('button', { name: 'es', exact: true }).first().click();

  // Iván is inactive: signing in is refused with the message, which names the support contact (SUPPORT_CONTACT).
  const ivan = await newPage(browser);
  await ivan.goto('/login');
  await ivan.getByTestId('login-button').click();
  await ivan.getByLabel(/Otra cuenta registrada|Another registered account/).fill('inactivo@rewards.test');
  await ivan.getByRole('button', { name: /^(Iniciar sesión|Sign in)$/ }).click();
  await expect(ivan).toHaveURL(/\/login\?.*error=USER_INACTIVE/);
  const refusal = ivan.getByRole('alert');
  await expect(refusal).toContainText('Este usuario está inactivo. Verifica que tu IS sea correcto');
  await expect(refusal.getByRole('link', { name: 'soporte@rewards.test' })).toHaveAttribute('href', 'mailto:soporte@rewards.test');
  await ivan.context().close();

  // An administrator of his store corrects his IS in /admin/users, then puts the seeded one back.
  const admin = await newPage(browser);
  await signInAs(admin, 'admin@rewards.test');
  await admin.goto('/admin/users');
  await admin.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill('inactivo@rewards.test');
  await admin.getByRole('button', { name: 'Buscar', exact: true }).click();
  const row = admin.getByTestId('user-row').filter({ hasText: 'inactivo@rewards.test' });
  await expect(row.getByTestId('user-is')).toHaveText('IS IS-1099');
  await row.getByRole('button', { name: 'IS', exact: true }).click();
  // Another user's IS is refused next to the field.
  await admin.getByLabel('IS (número de empleado)').fill('is-1001');
  await admin.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
  await expect(admin.getByRole('dialog').getByText('Otro usuario ya tiene este IS (número de empleado)')).toBeVisible();
  await admin.getByLabel('IS (número de empleado)').fill(`IVAN-${suffix}`);
  await admin.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
  await expect(admin.getByText('IS guardado')).toBeVisible();
  await expect(row.getByTestId('user-is')).toHaveText(`IS IVAN-${suffix}`);
  await row.getByRole('button', { name: 'IS', exact: true }).click();
  await admin.getByLabel('IS (número de empleado)').fill('IS-1099');
  await admin.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
  await expect(row.getByTestId('user-is')).toHaveText('IS IS-1099');
  await admin.context().close();
});
