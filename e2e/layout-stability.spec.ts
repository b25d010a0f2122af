import type { Page } from '@playwright/test';
import { expect, test } from './support.ts';

// On a phone nothing moves once painted (decision 0028). The browser's own layout-shift entries (what CLS is made
// of) are summed while a category page loads on a throttled phone, both ways a shopper gets there: opening
// its address (its first data comes with the HTML) and from another page while its products are on the way
// (the skeletons hold their place). A regression in either fails `npm test`.

test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });

/** Every layout shift the page makes, from its first byte, kept in the page (CLS counts those without recent input). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: { value: number; input: boolean; at: number }[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        w.shifts.push({ value: e.value, input: e.hadRecentInput, at: e.startTime });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const unexpectedShift = (page: Page, since = 0) =>
  page.evaluate(
    (from) =>
      (window as unknown as { shifts: { value: number; input: boolean; at: number }[] }).shifts
        .filter((s) => !s.input && s.at >= from)
        .reduce((sum, s) => sum + s.value, 0),
    since,
  );

/** A mid-range phone: 4x slower CPU, 150 ms round trips, 1.6 Mbit/s down (Lighthouse's mobile preset). */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

test('the category grid does not move while its products load, on a throttled phone', async ({ page, signInAs }) => {
  test.slow();
  await recordShifts(page);
  await signInAs(page, 'ana@rewards.test');
  await throttle(page);

  // Opened by its address: the products come with the page, so it asks the API for none of them.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(productsAuth|categories|auth\/session)/.test(r.url())) asked.push(r.url());
  });
  await page.goto('/category/oficina');
  await expect(page.getByRole('heading', { level: 1, name: 'Oficina' })).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  expect(await unexpectedShift(page)).toBeLessThanOrEqual(0.05);

  // From another page, with the products slow to come (the app moves there by itself: no tap, so the
  // browser forgives no shift at all): skeletons of the cards' size hold the grid's place meanwhile.
  await page.goto('/faq');
  await page.waitForLoadState('networkidle');
  await page.route(
    (url) => url.pathname === '/api/productsAuth/',
    async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    },
  );
  const before = await page.evaluate(() => performance.now());
  await page.evaluate(() => {
    history.pushState({}, '', '/category/oficina');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  const skeletons = page.getByTestId('product-card-skeleton');
  await expect(skeletons.first()).toBeVisible();
  // The skeletons hold exactly the place of the cards that replace them (a new card is no "shift" to
  // the browser, so this is measured too): same boxes, to the pixel.
  const boxes = async (cells: typeof skeletons) => Promise.all([0, 1, 2].map(async (i) => await cells.nth(i).boundingBox()));
  const held = await boxes(skeletons);
  const grid = page.locator('ul.grid').first();
  await expect(skeletons).toHaveCount(0, { timeout: 15_000 });
  await expect(grid.getByTestId('product-card').first()).toBeVisible();
  const shown = await boxes(grid.locator('> li'));
  for (const [i, box] of shown.entries()) {
    for (const k of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(box![k] - held[i]![k]), `card ${i} ${k}`).toBeLessThanOrEqual(1);
  }
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  expect(await unexpectedShift(page, before)).toBeLessThanOrEqual(0.05);
});

test('home, search results and the account open without moving, on a throttled phone', async ({ page, signInAs }) => {
  test.slow();
  await recordShifts(page);
  await signInAs(page, 'ana@rewards.test');
  await throttle(page);
  for (const [path, ready] of [
    ['/', page.getByRole('heading', { name: 'Categorías' })],
    ['/results/taza', page.getByTestId('product-card').first()],
    ['/account', page.getByTestId('movements')],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await unexpectedShift(page), path).toBeLessThanOrEqual(0.05);
  }
});
