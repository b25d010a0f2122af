import { type Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, test } from './support.ts';

// Order administration (decision 0027): an administrator edits an order down (the shopper gets exactly the
// difference back), archives and restores it, cancels and deletes it; in Spanish, with one look in English.
// The shopper is a demo employee of the first store (500 points from a demo load) whom no other journey
// uses: the specs share one server, and Ana's orders and movements are counted by orders.spec.ts.
const shopper = 'julia.castro@rewards.test';

const accountBalance = async (page: Page) => {
  await page.goto('/account');
  const text = await page.getByTestId('account-balance').innerText();
  return Number(text.replace(/\D/g, ''));
};

test('an administrator edits, archives, restores, cancels and deletes a shopper’s order', async ({ page, browser, signInAs }) => {
  // The shopper buys two mugs at once (2 x 200 points).
  await signInAs(page, shopper);
  await page.goto('/product?slug=taza-de-cafe-de-ceramica');
  await page.getByTestId('quantity').selectOption('2');
  await page.getByRole('button', { name: 'Comprar ahora' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar compra' }).click();
  await expect(page).toHaveURL(/\/myOrders$/);
  const mine = page.getByTestId('order').first();
  await expect(mine).toContainText('Taza de café de cerámica');
  const orderId = Number(/#(\d+)/.exec(await mine.getByRole('heading').innerText())![1]);
  const before = await accountBalance(page);

  // The administrator opens it and lowers the quantity to 1, with a reason; the difference shows first.
  const admin = await (await browser.newContext({ locale: 'es-MX' })).newPage();
  await signInAs(admin, 'admin@rewards.test');
  await admin.goto(`/admin/orders/${orderId}`);
  const detail = admin.getByTestId('admin-order');
  await detail.getByRole('button', { name: 'Modificar pedido' }).click();
  const dialog = admin.getByRole('dialog', { name: `Modificar el pedido #${orderId}` });
  await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  await dialog.getByLabel('Cantidad de Taza de café de cerámica').fill('1');
  await expect(dialog.getByTestId('edit-difference')).toHaveText('El cliente recibe 200 puntos de vuelta');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Campo obligatorio')).toBeVisible();
  await dialog.getByLabel('Motivo del cambio').fill('Solo queda una taza en la oficina');
  await expectNoSeriousViolations(admin, 'edit order dialog');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(admin.getByText('Pedido modificado').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const timeline = detail.getByRole('list', { name: 'Seguimiento' });
  const edit = timeline.getByTestId('timeline-edit');
  await expect(edit).toContainText('Pedido modificado');
  await expect(edit).toContainText('Motivo: Solo queda una taza en la oficina');
  await expect(edit).toContainText('Taza de café de cerámica: 2 → 1');
  await expect(edit).toContainText('200 puntos devueltos');
  await expect(edit).toContainText(/por \S+/);
  await expect(detail.getByRole('row').filter({ hasText: 'Taza de café de cerámica' })).toContainText('200');

  // The shopper's balance went up by exactly the difference, and their timeline says why.
  expect(await accountBalance(page)).toBe(before + 200);
  await page.goto('/myOrders');
  const shopperTimeline = page.getByTestId('order').first().getByRole('list', { name: 'Seguimiento' });
  await expect(shopperTimeline).toContainText('Pedido modificado');
  await expect(shopperTimeline).toContainText('Solo queda una taza en la oficina');

  // Archived: gone from the list until the "Archivados" filter, restored from there.
  await detail.getByRole('button', { name: 'Archivar' }).click();
  await admin.getByTestId('confirm-button').click();
  await expect(detail.getByTestId('archived-badge')).toHaveText('Archivado');
  await admin.goto('/admin/orders');
  const row = admin.locator(`[data-testid="admin-order"][data-order-id="${orderId}"]`);
  await expect(admin.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await admin.getByTestId('archived-filter').selectOption('archived');
  await expect(row).toHaveCount(1);
  await expectNoSeriousViolations(admin, 'archived orders');
  // The shopper still sees it.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Pedido #${orderId}` })).toBeVisible();
  await row.getByRole('button', { name: 'Restaurar' }).click();
  await admin.getByTestId('confirm-button').click();
  await expect(admin.getByText('Pedido restaurado')).toBeVisible();
  await expect(row).toHaveCount(0);
  await admin.getByTestId('archived-filter').selectOption('');
  await expect(row).toHaveCount(1);

  // One look in English: the same list and its administration.
  await admin.getByRole('button', { name: 'en', exact: true }).first().click();
  await expect(row.getByRole('button', { name: 'Archive' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Edit order' })).toBeVisible();
  await expect(admin.getByTestId('archived-filter').getByRole('option', { name: 'Archived' })).toBeAttached();
  await admin.getByRole('button', { name: 'es', exact: true }).first().click();

  // Cancel (the rest comes back), then delete: a canceled order only, after a confirmation.
  await row.getByRole('button', { name: 'Cancelar pedido' }).click();
  await admin.getByTestId('cancel-cause').fill('El cliente ya no la quiere');
  await admin.getByTestId('confirm-button').click();
  await expect(row.getByTestId('admin-order-status')).toHaveText('Cancelado');
  expect(await accountBalance(page)).toBe(before + 400);
  await row.getByRole('button', { name: 'Eliminar pedido' }).click();
  await expect(admin.getByRole('dialog', { name: `¿Eliminar el pedido #${orderId}?` })).toBeVisible();
  await admin.getByTestId('confirm-button').click();
  await expect(admin.getByText('Pedido eliminado')).toBeVisible();
  await expect(row).toHaveCount(0);
  await admin.goto(`/admin/orders/${orderId}`);
  await expect(admin.getByRole('main').getByRole('alert')).toHaveText('No encontrado');
  // The ledger keeps the order and its refunds: the balance is whole.
  expect(await accountBalance(page)).toBe(before + 400);
});
