import { type Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, test } from './support.ts';
import type { Dashboard } from '@rewards/shared/dashboard';

/**
 * The dashboard at /admin/. The administrator of this journey is María, a shopper of the third store,
 * made its administrator by the super administrator for the journey and made a shopper again at the
 * end: the seeded administrators' first sign-in belongs to foundation.spec.ts, which runs after this
 * file on the same server. The order she places is canceled at once, so her points and the store's
 * stock end as they were; figures are compared with the API's, whatever the specs before left.
 */

/** A chart's drawing (charts.tsx): its bars, axes and legend, not the table next to it. */
const CHART_DRAWING = '[data-testid="chart-drawing"]';

/** Writes with the session cookie must come from our own pages (CSRF check). */
const sameOrigin = (page: Page) => ({ origin: new URL(page.url()).origin });

async function figures(page: Page, storeId?: number): Promise<Dashboard> {
  const res = await page.request.get(`/api/dashboard${storeId ? `?storeId=${storeId}` : ''}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Dashboard }).data;
}

const number = (lang: 'es' | 'en', n: number) => new Intl.NumberFormat(lang === 'es' ? 'es-MX' : 'en-US').format(n);

async function expectFigures(page: Page, data: Dashboard, lang: 'es' | 'en') {
  await expect(page.getByTestId('figure-issued-value')).toHaveText(number(lang, data.points.issued));
  await expect(page.getByTestId('figure-redeemed-value')).toHaveText(number(lang, data.points.redeemed));
  await expect(page.getByTestId('figure-expired-value')).toHaveText(number(lang, data.points.expired));
  await expect(page.getByTestId('figure-outstanding-value')).toHaveText(number(lang, data.points.outstanding));
  await expect(page.getByTestId('figure-orders-value')).toHaveText(number(lang, data.orders.count));
}

/** María's promotion, undone after the test even when it fails halfway. */
let promoted: { userId: number } | null = null;
test.afterEach(async ({ browser, signInAs }) => {
  if (!promoted) return;
  const page = await (await browser.newContext({ locale: 'es-MX' })).newPage();
  await signInAs(page, 'super@rewards.test');
  const res = await page.request.put(`/api/users/${promoted.userId}`, { data: { role: 1, adminStores: [] }, headers: sameOrigin(page) });
  expect(res.status()).toBe(200);
  promoted = null;
  await page.context().close();
});

test('an administrator reads the figures and charts of their store, as tables too, in Spanish and in English', async ({
  browser,
  signInAs,
}, testInfo) => {
  test.setTimeout(120_000);
  const superPage = await (await browser.newContext({ locale: 'es-MX', reducedMotion: 'reduce' })).newPage();
  await signInAs(superPage, 'super@rewards.test');
  const found = await superPage.request.get('/api/users/all?search=maria%40rewards.test');
  const maria = ((await found.json()) as { data: { id: number; storeId: number }[] }).data[0]!;
  const storeId = maria.storeId;
  const setRole = async (role: number, adminStores: number[]) => {
    const res = await superPage.request.put(`/api/users/${maria.id}`, { data: { role, adminStores }, headers: sameOrigin(superPage) });
    expect(res.status()).toBe(200);
  };
  await setRole(2, [storeId]);
  promoted = { userId: maria.id };
  const page = await (await browser.newContext({ locale: 'es-MX', reducedMotion: 'reduce' })).newPage();
  await signInAs(page, 'maria@rewards.test');

  // An order of her store, canceled at once: counted as canceled, its points out of "redeemed".
  const products = await page.request.get('/api/products/all/?pageSize=50');
  const product = ((await products.json()) as { data: { id: number; price: number; stock: number }[] }).data.find(
    (p) => p.stock > 0 && p.price > 0 && p.price <= 800,
  )!;
  const placed = await page.request.post('/api/orders', {
    data: { lines: [{ productId: product.id, quantity: 1 }] },
    headers: sameOrigin(page),
  });
  // Outside the redemption window (16 to 31 October) there is no order to show; the rest holds.
  if (placed.status() === 201) {
    const order = ((await placed.json()) as { data: { id: number } }).data;
    const canceled = await page.request.put(`/api/orders/${order.id}`, {
      data: { status: 5, cause: 'Prueba del panel' },
      headers: sameOrigin(page),
    });
    expect(canceled.status()).toBe(200);
  } else expect(((await placed.json()) as { code: string }).code).toBe('REDEMPTION_CLOSED');

  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
  await expect(page.getByTestId('dashboard-store')).toHaveValue(String(storeId));
  // An administrator chooses among their stores, never every store.
  await expect(page.getByTestId('dashboard-store').locator('option')).toHaveCount(1);
  const data = await figures(page, storeId);
  expect(data.points.issued).toBeGreaterThan(0);
  await expectFigures(page, data, 'es');
  await expect(page.getByTestId('figure-users-value')).toHaveText(`${data.users.active} de ${data.users.total}`);
  await expect(page.getByTestId('dashboard-period')).toContainText('Año del programa');

  // The credits of the year are a chart, with the same figures as a table for screen readers.
  const credits = page.getByTestId('chart-credits');
  await expect(credits.getByRole('heading', { name: 'Puntos acreditados por mes' })).toBeVisible();
  await expect(credits.locator(CHART_DRAWING)).toBeVisible();
  await expect(credits.getByTestId('chart')).toHaveAttribute('aria-hidden', 'true');
  const creditsTable = credits.getByRole('table', { name: 'Puntos acreditados por mes' });
  await expect(creditsTable).toBeAttached();
  await expect(creditsTable.locator('tbody tr')).toHaveCount(data.loadsOverTime.length);
  const orders = page.getByTestId('chart-orders');
  if (data.orders.count > 0) {
    await expect(orders.locator(CHART_DRAWING)).toBeVisible();
    await expect(orders.getByRole('row', { name: /Cancelado/ })).toBeAttached();
  }
  // No recognitions loaded in this store: an empty state, neither chart nor table.
  if (data.topRecognitions.length === 0) {
    await expect(page.getByTestId('chart-recognitions').getByTestId('chart-empty')).toHaveText('Sin datos en este periodo.');
    await expect(page.getByTestId('chart-recognitions').getByRole('table')).toHaveCount(0);
  }
  await expect(page.getByTestId('low-stock')).toBeVisible();
  if (data.lowStock.products.length > 0)
    await expect(page.getByTestId('low-stock-item').first().getByRole('link')).toHaveAttribute('href', `/admin/inventory/${storeId}`);
  await expectNoSeriousViolations(page, 'dashboard');
  await page.screenshot({ path: testInfo.outputPath('dashboard-es.png'), fullPage: true });

  // The toggle shows the table instead of the chart.
  await credits.getByRole('button', { name: 'Ver como tabla' }).click();
  await expect(credits.getByRole('button', { name: 'Ver como tabla' })).toHaveAttribute('aria-pressed', 'true');
  await expect(credits.locator(CHART_DRAWING)).toHaveCount(0);
  await expect(creditsTable).toBeVisible();
  const total = data.loadsOverTime.reduce((n, r) => n + r.load + r.challenge, 0);
  expect(total).toBeGreaterThan(0);
  await expectNoSeriousViolations(page, 'dashboard');

  // English: texts and numbers follow.
  await page.getByRole('button', { name: 'en', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('figure-issued')).toContainText('Points issued');
  await expectFigures(page, data, 'en');
  await expect(page.getByTestId('figure-users-value')).toHaveText(`${data.users.active} of ${data.users.total}`);
  await expect(credits.getByRole('table', { name: 'Points credited by month' })).toBeVisible();
  await expect(page.getByTestId('dashboard-period')).toContainText('Program year');
  await page.screenshot({ path: testInfo.outputPath('dashboard-en.png'), fullPage: true });

  // A phone: one column, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('figure-issued-value')).toHaveText(number('en', data.points.issued));
  await expect(page.getByTestId('chart-credits').locator(CHART_DRAWING)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('dashboard-phone.png'), fullPage: true });
  await page.getByRole('button', { name: 'es', exact: true }).click();
  await page.context().close();
  await setRole(1, []);
  promoted = null;

  // --- the super administrator: every store, then one, then every store again ---
  // First the server fails (after the client's retries): the error says so and offers another try.
  await superPage.route('**/api/dashboard*', (route) =>
    route.fulfill({
      status: 503,
      json: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'unavailable', requestId: 'e2e' },
    }),
  );
  await superPage.goto('/admin/');
  await expect(superPage.getByTestId('dashboard-error')).toContainText('No se pudieron cargar las cifras.');
  await superPage.unroute('**/api/dashboard*');
  await superPage.getByTestId('dashboard-error').getByRole('button', { name: 'Reintentar' }).click();
  const select = superPage.getByTestId('dashboard-store');
  await expect(select).toHaveValue('all');
  await expect(select.locator('option').first()).toHaveText('Todas las tiendas');
  const all = await figures(superPage);
  await expectFigures(superPage, all, 'es');
  await expect(superPage.getByTestId('chart-credits').locator(CHART_DRAWING)).toBeVisible();
  await select.selectOption({ label: 'Oficina Ciudad de México' });
  await expect(superPage).toHaveURL(/\/admin\/\?store=1$/);
  await expectFigures(superPage, await figures(superPage, 1), 'es');
  await select.selectOption('all');
  await expect(superPage).toHaveURL(/\/admin\/\?store=all$/);
  await expectFigures(superPage, all, 'es');
  // Every store: low-stock products say which store they are in.
  if (all.lowStock.products.length > 0) await expect(superPage.getByTestId('low-stock-item').first()).toContainText('Oficina');
  await expectNoSeriousViolations(superPage, 'dashboard');
  await superPage.screenshot({ path: testInfo.outputPath('dashboard-all-stores.png'), fullPage: true });
});
