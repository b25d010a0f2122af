import { type Browser, type Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, reservedByJourneys, test } from './support.ts';

// Notifications live (decision 0006). A shopper keeps /notifications open while an administrator, in another
// browser, credits points from the users page: the header count, the list and the balance change without
// a reload; the shopper marks it as seen; the same page in English. The shopper is a demo employee of the
// first store that no other journey uses; the points are taken back at the end.

let shopperEmail = '';
let shopperId = 0;
let credited = 0;

async function newPage(browser: Browser) {
  return (await browser.newContext({ locale: 'es-MX' })).newPage();
}

const badge = (page: Page) => page.getByTestId('badge-notifications');
async function badgeCount(page: Page): Promise<number> {
  return (await badge(page).count()) ? Number(await badge(page).textContent()) : 0;
}

test.afterAll(async ({ browser, signInAs }) => {
  if (!credited || !shopperId) return;
  const page = await newPage(browser);
  await signInAs(page, 'admin@rewards.test');
  const origin = new URL(page.url()).origin;
  await page.request.post('/api/users/points', {
    headers: { origin },
    data: { userId: shopperId, value: -credited, description: 'Restaurar' },
  });
  await page.context().close();
});

test('a shopper sees a new notification live, marks it as seen, and reads the list in English', async ({ page, browser, signInAs }) => {
  // The administrator picks a shopper of their store whom no other journey signs in as.
  const admin = await newPage(browser);
  await signInAs(admin, 'admin@rewards.test');
  const users = (await (await admin.request.get('/api/users/all?role=1&active=true&pageSize=100&search=.')).json()).data as {
    id: number;
    email: string;
    storeId: number;
  }[];
  const adminStore = (await (await admin.request.get('/api/auth/session')).json()).data.adminStores[0] as number;
  const shopper = users.filter((u) => u.storeId === adminStore && !reservedByJourneys.test(u.email)).at(-1)!;
  shopperEmail = shopper.email;
  shopperId = shopper.id;
  const accrualOpen = (await (await admin.request.get('/api/program')).json()).data.accrual.open as boolean;

  // The shopper has the notifications page open.
  await signInAs(page, shopperEmail);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-online', '1');
  await expect(page.getByTestId('realtime-status')).toHaveText('En vivo');
  // Wait for the list (or its empty state) before reading the count.
  await expect(page.getByTestId('notifications-list').or(page.getByTestId('notifications-empty'))).toBeVisible();
  const before = await badgeCount(page);
  const balanceBefore = await page.getByTestId('points-balance').textContent();
  await expectNoSeriousViolations(page, 'notifications');

  // The administrator credits points from the users page (a correction of -1 outside the accrual window).
  const value = accrualOpen ? 40 : -1;
  const reason = `Premio en vivo ${Date.now().toString(36).slice(-4)}`;
  await admin.goto('/admin/users/');
  await admin.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill(shopperEmail);
  await admin.getByRole('button', { name: 'Buscar', exact: true }).click();
  await admin.getByTestId('user-row').filter({ hasText: shopperEmail }).getByRole('button', { name: 'Puntos' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Puntos', { exact: true }).fill(String(value));
  await dialog.getByLabel('Descripción').fill(reason);
  await dialog.getByRole('button', { name: 'Guardar puntos' }).click();
  await expect(admin.getByText(/Puntos guardados/)).toBeVisible();
  credited = value;

  // Without a reload: the header count, the first entry of the list and the balance.
  const entry = page.getByTestId('notification').filter({ hasText: reason });
  await expect(entry).toBeVisible({ timeout: 5000 });
  await expect(page.getByTestId('notification').first()).toContainText(`Puntos: ${reason}`);
  await expect(entry).toHaveAttribute('data-active', '1');
  await expect(badge(page)).toHaveText(String(before + 1));
  await expect(page.getByTestId('points-balance')).not.toHaveText(balanceBefore!);

  // The header dropdown lists it too, with a link to all of them.
  await page.getByTestId('notifications-menu').click();
  const dropdown = page.getByTestId('notifications-dropdown');
  await expect(dropdown.getByTestId('notification').first()).toContainText(reason);
  await expect(dropdown.getByRole('link', { name: 'Ver todas' })).toHaveAttribute('href', '/notifications');
  await page.keyboard.press('Escape');

  // Mark as seen.
  await entry.getByRole('button', { name: 'Marcar como vista' }).click();
  await expect(page.getByText('La notificación se abrió correctamente')).toBeVisible();
  await expect(entry).toHaveAttribute('data-active', '0');
  if (before === 0) await expect(badge(page)).toHaveCount(0);
  else await expect(badge(page)).toHaveText(String(before));

  // English.
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByTestId('realtime-status')).toHaveText('Live');
  await expect(page.getByRole('button', { name: 'Mark all as seen' })).toBeVisible();
  await expect(entry).toContainText(`Points: ${reason}`);
  await expect(page.getByRole('tab', { name: /^New \(\d+\)$/ })).toBeVisible();
  // The entry leads to the account statement.
  await entry.getByRole('link').click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole('button', { name: 'es', exact: true }).first().click();
  await admin.context().close();
});
