import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, test } from './support.ts';

// The admin area on a 390 x 844 phone and on a desktop, in Spanish and English (docs/architecture.md P2, P8,
// A5): admin lists are cards below `md` with every action a button in the card and nothing laid over
// anything; tab bars that do not fit show that they scroll and keep the current tab in view; another
// store's page says it is not theirs; an adjustment below zero is worded for the administrator. It signs in
// the demo administrator of the first store and only reads (the adjustments it tries are refused).

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

const texts = {
  es: {
    nav: 'Secciones de administración',
    tabs: 'Secciones del inventario',
    products: 'Productos',
    categories: 'Categorías',
    category: 'Categoría',
    stock: 'Stock',
    noAccess: 'No administras esta tienda',
    yours: 'Las tiendas que administras',
    search: 'Buscar por nombre o correo',
    searchButton: 'Buscar',
    points: 'Puntos',
    description: 'Descripción',
    save: 'Guardar puntos',
    below: (name: string, balance: string) => `Este ajuste dejaría a ${name} con un saldo negativo (saldo actual ${balance})`,
    number: new Intl.NumberFormat('es-MX'),
  },
  en: {
    nav: 'Administration sections',
    tabs: 'Inventory sections',
    products: 'Products',
    categories: 'Categories',
    category: 'Category',
    stock: 'Stock',
    noAccess: 'You do not run this store',
    yours: 'The stores you run',
    search: 'Search by name or e-mail',
    searchButton: 'Search',
    points: 'Points',
    description: 'Description',
    save: 'Save points',
    below: (name: string, balance: string) => `This adjustment would leave ${name} with a negative balance (current balance ${balance})`,
    number: new Intl.NumberFormat('en-US'),
  },
} as const;

type Box = { x: number; y: number; width: number; height: number };
const intersect = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of what a row shows (its visible cells), for checking that nothing lies over anything. */
async function cellBoxes(row: Locator): Promise<Box[]> {
  return row.locator(':scope > td').evaluateAll((cells) =>
    cells
      .filter((c) => getComputedStyle(c).display !== 'none')
      .map((c) => {
        const r = c.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
  );
}

/** The first administered store and another one, as the API tells the signed-in administrator. */
async function stores(page: Page) {
  const session = (await (await page.request.get('/api/auth/session')).json()).data as { adminStores: number[] };
  const all = (await (await page.request.get('/api/stores/?pageSize=100')).json()).data as { id: number; title: string }[];
  const mine = all.find((s) => session.adminStores.includes(s.id))!;
  const other = all.find((s) => !session.adminStores.includes(s.id))!;
  return { mine, other };
}

for (const lang of ['es', 'en'] as const) {
  const t = texts[lang];
  for (const [device, viewport] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    test.describe(`${device}, ${lang}`, () => {
      test.use({ viewport, isMobile: device === 'phone', hasTouch: device === 'phone', locale: lang === 'es' ? 'es-MX' : 'en-US' });

      test.beforeEach(async ({ page, signInAs }) => {
        await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
        await signInAs(page, 'admin@rewards.test');
      });

      test('inventory: cards with their actions on a phone, a table on a desktop, nothing over anything', async ({ page }, testInfo) => {
        const { mine } = await stores(page);
        await page.goto(`/admin/inventory/${mine.id}`);
        const rows = page.getByTestId('product-row');
        // A loaded machine can take a while for the first list.
        await expect(rows.first()).toBeVisible({ timeout: 30_000 });
        await page.screenshot({ path: testInfo.outputPath(`inventory-${device}-${lang}.png`) });
        // Nothing wider than the screen: no sideways scrolling of the page.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        const count = Math.min(await rows.count(), 6);
        for (let i = 0; i < count; i++) {
          const row = rows.nth(i);
          const boxes = await cellBoxes(row);
          for (let a = 0; a < boxes.length; a++)
            for (let b = a + 1; b < boxes.length; b++) expect(intersect(boxes[a]!, boxes[b]!), `row ${i}: cells ${a} and ${b}`).toBe(false);
          // Every action is a button of the row, whole on the screen.
          const actions = row.getByRole('button');
          await expect(actions).toHaveCount(4);
          for (const button of await actions.all()) {
            await button.scrollIntoViewIfNeeded();
            const box = (await button.boundingBox())!;
            expect(box.x).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
          }
        }
        const first = rows.first();
        const category = first.locator('td[data-label]').first();
        const label = await category.evaluate((td) => getComputedStyle(td, '::before').content);
        const rowBox = (await first.boundingBox())!;
        if (device === 'phone') {
          // A card: as wide as the screen allows, its fields labelled, one above the other.
          expect(rowBox.width).toBeLessThanOrEqual(viewport.width - 16);
          await expect(category).toHaveAttribute('data-label', t.category);
          expect([`"${t.category}"`, 'attr(data-label)']).toContain(label);
          const [name, cat] = await cellBoxes(first);
          expect(cat!.y).toBeGreaterThanOrEqual(name!.y + name!.height - 1);
          await expect(page.getByRole('columnheader', { name: t.category })).toBeHidden();
        } else {
          // A table: headings shown, the fields side by side, no labels repeated in the cells.
          await expect(page.getByRole('columnheader', { name: t.category })).toBeVisible();
          expect(label).toBe('none');
          const boxes = await cellBoxes(first);
          expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
        }
        // An action of a card works: the stock dialog opens for that product.
        await first.getByRole('button', { name: t.stock, exact: true }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
        await expectNoSeriousViolations(page, `inventory ${device} ${lang}`);

        // The page's own tabs: the arrow keys move between them and select.
        const tabs = page.getByRole('tablist', { name: t.tabs });
        await tabs.getByRole('tab', { name: t.products }).focus();
        await page.keyboard.press('ArrowRight');
        await expect(tabs.getByRole('tab', { name: t.categories })).toHaveAttribute('aria-selected', 'true');
        await expect(tabs.getByRole('tab', { name: t.categories })).toBeFocused();
        await expect(page).toHaveURL(/tab=1/);
        await page.keyboard.press('Home');
        await expect(tabs.getByRole('tab', { name: t.products })).toHaveAttribute('aria-selected', 'true');
      });

      test('the sections bar shows that it scrolls where it does not fit, and keeps the current one in view', async ({
        page,
      }, testInfo) => {
        const { mine } = await stores(page);
        await page.goto(`/admin/inventory/${mine.id}`);
        const nav = page.getByRole('navigation', { name: t.nav });
        const frame = nav.locator('[data-scroll-hidden]');
        const links = nav.getByRole('link');
        await expect(links.first()).toBeVisible();
        if (device === 'desktop') {
          // Wide enough for most sections (all in English; Spanish's longer names may leave the last ones to the
          // right): nothing hidden before the first, and the current one in view.
          await expect(frame).toHaveAttribute('data-scroll-hidden', /^(none|after)$/);
          await expect(nav.getByTestId('scroll-before')).toHaveCount(0);
          const box = (await nav.locator('[aria-current="page"]').boundingBox())!;
          const bar = (await nav.boundingBox())!;
          expect(box.x >= bar.x - 1 && box.x + box.width <= bar.x + bar.width + 1).toBe(true);
          return;
        }
        // More sections to the right: that edge fades and has a button; the current one is in view.
        await expect(frame).toHaveAttribute('data-scroll-hidden', /after/);
        await expect(nav.getByTestId('scroll-after')).toBeVisible();
        const current = nav.locator('[aria-current="page"]');
        const navBox = (await nav.boundingBox())!;
        const inView = async (link: Locator) => {
          const box = (await link.boundingBox())!;
          return box.x >= navBox.x - 1 && box.x + box.width <= navBox.x + navBox.width + 1;
        };
        expect(await inView(current)).toBe(true);
        await nav.getByTestId('scroll-after').click();
        await expect(frame).toHaveAttribute('data-scroll-hidden', /before/);
        await expect(nav.getByTestId('scroll-before')).toBeVisible();
        // The keyboard: the arrows and End move between sections, bringing each into view.
        await current.focus();
        await page.keyboard.press('End');
        const last = links.last();
        await expect(last).toBeFocused();
        await expect.poll(() => inView(last)).toBe(true);
        await page.keyboard.press('ArrowLeft');
        await expect(links.nth((await links.count()) - 2)).toBeFocused();
        await page.screenshot({
          path: testInfo.outputPath(`sections-${lang}.png`),
          clip: { x: 0, y: 0, width: viewport.width, height: 200 },
        });
        // A section at the far end, opened by its address, is in view at once.
        await page.goto('/admin/mail');
        await expect(nav.locator('[aria-current="page"]')).toBeVisible();
        expect(await inView(nav.locator('[aria-current="page"]'))).toBe(true);
        await expect(frame).toHaveAttribute('data-scroll-hidden', /before/);
      });

      test("another store's pages say they are not theirs and lead to their own", async ({ page }) => {
        const { mine, other } = await stores(page);
        await page.goto(`/admin/inventory/${other.id}`);
        await expect(page.getByRole('heading', { level: 1, name: t.noAccess })).toBeVisible();
        const notice = page.getByTestId('no-store-access');
        await expect(notice).toContainText(other.title);
        await expect(notice.getByRole('heading', { name: t.yours })).toBeVisible();
        // No empty table, no "New product", no alert over the page.
        await expect(page.getByTestId('product-row')).toHaveCount(0);
        await expect(page.getByTestId('new-product')).toHaveCount(0);
        await expect(page.getByRole('alert')).toHaveCount(0);
        await expectNoSeriousViolations(page, `no access ${device} ${lang}`);
        // Every page that takes a store says the same.
        for (const path of [
          `/admin/banners/${other.id}`,
          `/admin/rewards/${other.id}`,
          `/admin/challenge/${other.id}`,
          `/admin/loads/consolidated/${other.id}`,
          `/admin/loads?storeId=${other.id}`,
        ]) {
          await page.goto(path);
          await expect(page.getByTestId('no-store-access'), path).toBeVisible();
        }
        // Their own store's link opens the same section for it.
        await page.goto(`/admin/inventory/${other.id}`);
        await page.getByTestId('no-store-access').getByRole('link', { name: mine.title }).click();
        await expect(page).toHaveURL(new RegExp(`/admin/inventory/${mine.id}$`));
        await expect(page.getByTestId('product-row').first()).toBeVisible();
      });

      test('an adjustment below zero names the person and their balance', async ({ page }) => {
        await page.goto('/admin/users/');
        await page.getByRole('searchbox', { name: t.search }).fill('ana@rewards.test');
        await page.getByRole('button', { name: t.searchButton, exact: true }).click();
        const row = page.getByTestId('user-row').filter({ hasText: 'ana@rewards.test' });
        await expect(row).toHaveCount(1);
        await row.getByRole('button', { name: t.points, exact: true }).click();
        const dialog = page.getByRole('dialog');
        const balance = Number((await dialog.getByTestId('points-current').textContent())!.replace(/\D/g, ''));
        await dialog.getByLabel(t.points, { exact: true }).fill(String(-(balance + 1)));
        await dialog.getByLabel(t.description).fill('Prueba e2e');
        await dialog.getByRole('button', { name: t.save }).click();
        await expect(dialog.getByText(t.below('Ana García', t.number.format(balance)))).toBeVisible();
        await page.keyboard.press('Escape');

        // The server words the same refusal for the administrator, in the language asked for.
        const ana = (await (await page.request.get('/api/users/all?search=ana%40rewards.test')).json()).data[0] as {
          id: number;
          points: number;
        };
        const res = await page.request.post('/api/users/points', {
          headers: { origin: new URL(page.url()).origin, 'accept-language': lang },
          data: { userId: ana.id, value: -(ana.points + 1), description: 'Prueba e2e' },
        });
        expect(res.status()).toBe(422);
        expect(await res.json()).toMatchObject({
          code: 'ADJUSTMENT_BELOW_ZERO',
          message: t.below('Ana García', t.number.format(ana.points)),
        });
      });
    });
  }
}
