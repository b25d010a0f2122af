import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, test } from './support.ts';

// The shop as a new user meets it, on a 390x844 phone and on a desktop, in Spanish and in English: the
// home's first screen shows products (docs/architecture.md A6.9), the language switch works from the first
// paint and a first visit follows the browser's language (P2), buy now asks first (A6.6), the wishlist
// button shows its state and toggles, the live indicator never says offline on a normal visit, the header's
// search box is usable on a phone and keeps its search, the account's period control fits, and order
// statuses are told apart (decisions 0026, 0028, 0045).

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 720 } };
const screens = [
  ['phone', phone],
  ['desktop', desktop],
] as const;

/** The product links of a home row that are on the first screen, each a card and not a skeleton. */
async function expectRowOnFirstScreen(page: Page, row: Locator, where: string) {
  await expect(row, where).toBeVisible();
  await expect(row.locator('.animate-pulse'), where).toHaveCount(0);
  const first = row.getByTestId('product-card').first();
  await expect(first, where).toHaveAttribute('href', /^\/product\?slug=/);
  // At least half of the first card is on screen, with the page not scrolled.
  await expect(first, where).toBeInViewport({ ratio: 0.5 });
  expect(await page.evaluate(() => scrollY), where).toBe(0);
}

/** What the page asks the API from now on (a page's first data comes with its HTML: it asks none of it). */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
  });
  return calls;
}

for (const [name, device] of screens) {
  test.describe(`on a ${name}`, () => {
    test.use(device);

    test('the home shows products on its first screen, signed out and in, with no skeleton', async ({ page, signInAs }) => {
      const asked = apiCalls(page);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido a Rewards Store' })).toBeVisible();
      await expectRowOnFirstScreen(page, page.getByTestId('row-featured'), `${name}, signed out`);
      await expect(page.getByTestId('home-welcome')).toBeVisible();
      // The first screen's rows came with the page.
      expect(asked.filter((u) => u.startsWith('/api/products/stats/'))).toEqual([]);
      await expectNoSeriousViolations(page, `home ${name} signed out`);

      await signInAs(page, 'ana@rewards.test');
      asked.length = 0;
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
      await expectRowOnFirstScreen(page, page.getByTestId('row-featured'), `${name}, signed in`);
      await expect(page.getByTestId('home-balance')).toBeInViewport();
      expect(asked.filter((u) => u.startsWith('/api/products/stats/'))).toEqual([]);
      // Rows below the fold still load as they near the screen.
      await page.getByTestId('row-views').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('row-views').getByTestId('product-card').first()).toBeVisible();
    });

    test('the first click on the language switch, right after the page opens, switches', async ({ page, signInAs }) => {
      // Where the switch is, frame by frame from the first paint: it must not move under a finger.
      await page.addInitScript(() => {
        const w = window as unknown as { switchAt: string[] };
        w.switchAt = [];
        const frame = () => {
          const button = Array.from(document.querySelectorAll<HTMLElement>('button[lang="en"]')).find((b) => b.offsetParent);
          const box = button?.getBoundingClientRect();
          const at = box && `${Math.round(box.x)},${Math.round(box.y)}`;
          if (at && w.switchAt.at(-1) !== at) w.switchAt.push(at);
          if (performance.now() < 7_000) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      const switchAt = () => page.evaluate(() => (window as unknown as { switchAt: string[] }).switchAt);
      await page.goto('/');
      // No waiting for anything to settle: the switch works from the first paint.
      await page.getByRole('button', { name: 'en', exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Rewards Store' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('button', { name: 'en', exact: true }).first()).toHaveAttribute('aria-pressed', 'true');
      // And back, at once, on another page opened by its address.
      await page.goto('/faq');
      await page.getByRole('button', { name: 'es', exact: true }).first().click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('combobox', { name: 'Buscar productos' })).toBeVisible();

      // Signed in, where the header holds the most: the same, and the switch stays where it first painted
      // while the page settles (the header's menus load after a few seconds).
      await signInAs(page, 'ana@rewards.test');
      await page.goto('/account');
      await page.getByRole('button', { name: 'en', exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page.waitForTimeout(6_500);
      expect(await switchAt()).toHaveLength(1);
      await page.getByRole('button', { name: 'es', exact: true }).first().click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    });

    test('the header search box is usable and keeps its search on the results page, also after a reload', async ({ page }) => {
      for (const [lang, label] of [
        ['es', 'Buscar productos'],
        ['en', 'Search products'],
      ] as const) {
        await page.goto('/');
        if (lang === 'en') await page.getByRole('button', { name: 'en', exact: true }).first().click();
        const box = page.getByRole('combobox', { name: label });
        const width = (await box.boundingBox())!.width;
        expect(width, `${name} ${lang}: the box is ${width} px wide`).toBeGreaterThanOrEqual(name === 'phone' ? 200 : 300);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(device.viewport.width);
        await box.fill('taza');
        await box.press('Enter');
        await expect(page).toHaveURL(/\/results\/taza$/);
        await expect(box).toHaveValue('taza');
        await page.reload();
        await expect(page.getByRole('combobox', { name: label })).toHaveValue('taza');
        // Another page empties it.
        await page.getByTestId('product-card').first().click();
        await expect(page).toHaveURL(/\/product\?slug=/);
        await expect(page.getByRole('combobox', { name: label })).toHaveValue('');
      }
      await page.getByRole('button', { name: 'es', exact: true }).first().click();
    });

    test('buy now asks first; cancel and Escape place no order', async ({ page, signInAs }) => {
      await signInAs(page, 'ana@rewards.test');
      const orders = async () => (await (await page.request.get('/api/orders/user?pageSize=1')).json()).totalCount as number;
      const before = await orders();
      const balance = Number((await page.getByTestId('points-balance').innerText()).replace(/\D/g, ''));
      await page.goto('/product?slug=taza-de-cafe-de-ceramica');
      await page.getByTestId('quantity').selectOption('2');
      const buyNow = page.getByRole('button', { name: 'Comprar ahora' });
      await buyNow.click();
      const dialog = page.getByRole('dialog', { name: 'Confirma tu compra' });
      await expect(dialog).toBeVisible();
      const price = Number((await page.getByTestId('product-page-price').innerText()).replace(/\D/g, ''));
      const pts = (n: number) => `${n.toLocaleString('en-US')} puntos`;
      await expect(dialog.getByTestId('summary-product')).toHaveText('Taza de café de cerámica');
      await expect(dialog.getByTestId('summary-quantity')).toHaveText('2');
      await expect(dialog.getByTestId('summary-price')).toHaveText(pts(price));
      await expect(dialog.getByTestId('summary-total')).toHaveText(pts(2 * price));
      await expect(dialog.getByTestId('summary-balance')).toHaveText(pts(balance));
      await expect(dialog.getByTestId('summary-after')).toHaveText(pts(balance - 2 * price));
      await expectNoSeriousViolations(page, `buy now dialog ${name}`);
      // Keyboard: focus stays in the dialog, Escape closes it and gives the focus back.
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(buyNow).toBeFocused();
      // Cancel closes it too.
      await buyNow.click();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/product\?slug=/);
      expect(await orders()).toBe(before);
      await expect(page.getByTestId('points-balance')).toContainText(balance.toLocaleString('en-US'));
    });

    test('the wishlist button shows the state and toggles both ways, with no refusal or console error', async ({ page, signInAs }) => {
      const problems: string[] = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
      await signInAs(page, 'ana@rewards.test');
      await page.goto('/product?slug=gorra-bordada');
      const button = page.getByTestId('wishlist-button');
      await expect(button).toBeEnabled();
      const wasIn = (await button.getAttribute('data-in-wishlist')) === '1';
      const [addLabel, removeLabel] = ['Agregar a favoritos', 'Quitar de favoritos'];
      await expect(button).toHaveText(wasIn ? removeLabel : addLabel);
      await button.click();
      await expect(button).toHaveText(wasIn ? addLabel : removeLabel);
      // Its state comes with the page: the same after a reload.
      await page.reload();
      await expect(page.getByTestId('wishlist-button')).toHaveText(wasIn ? addLabel : removeLabel);
      await page.getByTestId('wishlist-button').click();
      await expect(page.getByTestId('wishlist-button')).toHaveText(wasIn ? removeLabel : addLabel);
      // In English too, as it is now.
      await page.getByRole('button', { name: 'en', exact: true }).first().click();
      await expect(page.getByTestId('wishlist-button')).toHaveText(wasIn ? 'Remove from wishlist' : 'Add to wishlist');
      await page.getByRole('button', { name: 'es', exact: true }).first().click();
      expect(problems).toEqual([]);
    });

    test('the live indicator says connecting, then live, and never offline on a normal visit', async ({ page, signInAs }) => {
      await signInAs(page, 'ana@rewards.test');
      // Every status the indicator shows, from the first paint.
      await page.addInitScript(() => {
        const seen: string[] = ((window as unknown as { statuses: string[] }).statuses = []);
        new MutationObserver(() => {
          const status = document.querySelector('[data-testid="realtime-status"]')?.getAttribute('data-status');
          if (status && seen.at(-1) !== status) seen.push(status);
        }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      });
      await page.goto('/notifications');
      const indicator = page.getByTestId('realtime-status');
      await expect(indicator).toHaveText('En vivo');
      await page.waitForTimeout(1_000);
      const statuses = await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
      expect(statuses).not.toContain('offline');
      expect(statuses.at(-1)).toBe('online');
      // In English, after a reload.
      await page.getByRole('button', { name: 'en', exact: true }).first().click();
      await page.reload();
      await expect(indicator).toHaveText('Live');
      expect(await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses)).not.toContain('offline');
      await page.getByRole('button', { name: 'es', exact: true }).first().click();
    });

    test("the account's period control fits its row, its options whole and in even rows", async ({ page, signInAs }) => {
      await signInAs(page, 'ana@rewards.test');
      for (const lang of ['es', 'en'] as const) {
        await page.goto('/account');
        if (lang === 'en') await page.getByRole('button', { name: 'en', exact: true }).first().click();
        const group = page.getByRole('radiogroup');
        await expect(group.getByRole('radio')).toHaveCount(4);
        await expect(group.getByRole('radio').first()).toHaveText(lang === 'es' ? 'Este año del programa' : 'This program year');
        const box = (await group.boundingBox())!;
        const panel = (await page.getByTestId('movements-panel').boundingBox())!;
        const radios = await group.getByRole('radio').evaluateAll((els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return {
              top: Math.round(r.top),
              left: r.left,
              right: r.right,
              height: Math.round(r.height),
              cut: e.scrollWidth > e.clientWidth,
            };
          }),
        );
        const where = `${name} ${lang}`;
        // Inside the control, the control inside its panel, nothing wider than the screen.
        for (const r of radios) expect(r.left >= box.x - 1 && r.right <= box.x + box.width + 1, where).toBe(true);
        expect(box.x + box.width, where).toBeLessThanOrEqual(panel.x + panel.width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(device.viewport.width);
        // Each option whole on one line; one row on a desktop, two even rows at most on a phone (no option alone).
        expect(
          radios.map((r) => r.cut),
          where,
        ).toEqual([false, false, false, false]);
        expect(new Set(radios.map((r) => r.height)).size, where).toBe(1);
        const rows = [...new Set(radios.map((r) => r.top))];
        expect(rows.length, where).toBe(name === 'phone' ? 2 : 1);
        for (const top of rows) expect(radios.filter((r) => r.top === top).length, where).toBe(4 / rows.length);
      }
      await page.getByRole('button', { name: 'es', exact: true }).first().click();
    });
  });
}

/** Relative luminance contrast of two CSS colours (WCAG 2). */
function contrast(a: number[], b: number[]): number {
  const lum = (c: number[]) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

async function newPage(browser: Browser, locale: string) {
  return (await browser.newContext({ locale })).newPage();
}

test.describe('language of a first visit', () => {
  test.describe('an English browser', () => {
    test.use({ locale: 'en-US' });
    test('starts in English, and a choice is remembered over the browser', async ({ page }) => {
      const asked = apiCalls(page);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Rewards Store' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('button', { name: 'Sign in to see your points' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Sign in to see your points' })).toBeVisible();
      // The page's HTML was made in the same language: its first data was used, none asked again.
      expect(asked.filter((u) => /^\/api\/(banners|products\/stats|categories)\//.test(u))).toEqual([]);
      await page.getByRole('button', { name: 'es', exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido a Rewards Store' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido a Rewards Store' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    });
  });

  test('a Spanish browser starts in Spanish, and a browser in neither language too', async ({ browser }) => {
    for (const locale of ['es-MX', 'fr-FR']) {
      const page = await newPage(browser, locale);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido a Rewards Store' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await page.context().close();
    }
  });
});

test('order statuses are told apart: pending amber, canceled grey and struck, both readable', async ({ page, browser, signInAs }) => {
  // Two orders of one mug each: one stays pending, the administrator cancels the other (its points come back).
  await signInAs(page, 'ana@rewards.test');
  const origin = new URL(page.url()).origin;
  const product = (await (await page.request.get('/api/products/slug/taza-de-cafe-de-ceramica')).json()).data as { id: number };
  const place = async () =>
    (
      await (
        await page.request.post('/api/orders', {
          headers: { origin, 'idempotency-key': `first-visit-${Date.now()}-${Math.random()}` },
          data: { lines: [{ productId: product.id, quantity: 1 }] },
        })
      ).json()
    ).data.id as number;
  const pending = await place();
  const canceled = await place();
  const admin = await newPage(browser, 'es-MX');
  await signInAs(admin, 'admin@rewards.test');
  const moved = await admin.request.put(`/api/orders/${canceled}`, { headers: { origin }, data: { status: 5, cause: 'Prueba' } });
  expect(moved.status()).toBe(200);
  await admin.context().close();

  await page.goto('/myOrders');
  const badge = (id: number) =>
    page
      .getByTestId('order')
      .filter({ has: page.getByRole('heading', { name: `Pedido #${id}`, exact: true }) })
      .getByTestId('order-status');
  await expect(badge(pending)).toHaveText('Pendiente');
  await expect(badge(canceled)).toHaveText('Cancelado');
  const look = (l: Locator) =>
    l.evaluate((e) => {
      // The colours as sRGB, whatever the style sheet wrote them in (oklch here): painted on a canvas.
      const rgb = (color: string) => {
        const canvas = Object.assign(document.createElement('canvas'), { width: 1, height: 1 });
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = color;
        ctx.fillRect(0, 0, 1, 1);
        return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
      };
      const label = getComputedStyle(e.querySelector('span') ?? e);
      return { bg: rgb(getComputedStyle(e).backgroundColor), fg: rgb(label.color), line: label.textDecorationLine };
    });
  const [p, c] = [await look(badge(pending)), await look(badge(canceled))];
  expect(p.bg).not.toEqual(c.bg);
  expect(c.line).toContain('line-through');
  expect(p.line).not.toContain('line-through');
  for (const x of [p, c]) expect(contrast(x.fg, x.bg)).toBeGreaterThanOrEqual(4.5);
  await expectNoSeriousViolations(page, 'my orders');
});
