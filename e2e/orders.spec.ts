import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, test } from './support.ts';

const points = async (page: Page) => Number((await page.getByTestId('points-balance').innerText()).replace(/\D/g, ''));

test('a shopper fills the cart and the wishlist, orders with points, and sees the order', async ({ page, browser, signInAs }) => {
  await signInAs(page, 'ana@rewards.test');
  const before = await points(page);

  await page.goto('/product?slug=termo-de-acero');
  await page.getByTestId('quantity').selectOption('2');
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(page.getByText('Agregado al carrito con éxito')).toBeVisible();
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(page.getByText('el producto ya está en el carrito')).toBeVisible();

  await page.goto('/product?slug=gorra-bordada');
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(page.getByTestId('badge-cart')).toHaveText('2');
  await page.goto('/product?slug=mochila-ejecutiva');
  await page.getByRole('button', { name: 'Agregar a favoritos' }).click();
  await expect(page.getByTestId('badge-wishlist')).toHaveText('1');

  await page.getByRole('link', { name: /Carrito/ }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  // Termo 2 x 500 + gorra 1 x 300.
  await expect(page.getByTestId('cart-total')).toHaveText('1,300 puntos');
  await page.getByRole('button', { name: 'Confirmar y pedir' }).click();
  await expect(page.getByText('Felicidades, pedido creado')).toBeVisible();
  await expect(page).toHaveURL(/\/myOrders$/);
  await expect(page.getByTestId('order').first()).toContainText('Termo de acero');
  await expect(page.getByTestId('order-status').first()).toHaveText('Pendiente');
  await expect.poll(() => points(page)).toBe(before - 1300);
  await expect(page.getByTestId('badge-cart')).toHaveCount(0);

  // Buy now from the product page leaves the cart alone.
  await page.goto('/wishlist');
  await expect(page.getByText('Mochila ejecutiva')).toBeVisible();
  await page.getByRole('button', { name: 'Mover al carrito' }).click();
  await expect(page.getByTestId('badge-cart')).toHaveText('1');
  await page.goto('/product?slug=libreta-ejecutiva');
  await page.getByRole('button', { name: 'Comprar ahora' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar compra' }).click();
  await expect(page).toHaveURL(/\/myOrders$/);
  await expect(page.getByTestId('order')).toHaveCount(2);
  await expect(page.getByTestId('badge-cart')).toHaveText('1');
  const afterBuyNow = await points(page);

  // The administrator moves the latest order to delivered; the shopper's timeline shows each step.
  const admin = await (await browser.newContext({ locale: 'es-MX' })).newPage();
  await signInAs(admin, 'admin@rewards.test');
  await admin.goto('/admin/orders');
  const latest = admin.getByTestId('admin-order').first();
  await expect(latest).toContainText('Libreta ejecutiva');
  await latest.getByPlaceholder('Comentario para el cliente (opcional)').fill('Listo en recepción');
  await latest.getByRole('button', { name: 'Aprobar' }).click();
  await expect(latest).toContainText('Aprobado');
  await latest.getByRole('button', { name: 'Marcar en camino' }).click();
  await expect(latest).toContainText('En camino');
  await latest.getByRole('button', { name: 'Marcar entregado' }).click();
  await expect(latest).toContainText('Entregado');
  // No move is left after delivery (archiving stays: it is not a move).
  await expect(latest.getByRole('button', { name: /Aprobar|Marcar|Cancelar/ })).toHaveCount(0);
  await expect(latest.getByRole('button')).toHaveText(['Archivar']);

  await page.reload();
  const timeline = page.getByTestId('order').first().getByRole('list', { name: 'Seguimiento' });
  await expect(timeline.getByRole('listitem')).toHaveCount(4);
  await expect(timeline).toContainText('Pendiente');
  await expect(timeline).toContainText('Aprobado');
  await expect(timeline).toContainText('Listo en recepción');
  await expect(timeline).toContainText('Entregado');

  // The administrator finds the shopper's orders, reads one on its own page, and cancels the other with a reason.
  await admin.getByRole('searchbox').fill('ana@rewards');
  await admin.getByRole('button', { name: 'Buscar' }).click();
  await expect(admin.getByTestId('admin-order')).toHaveCount(2);
  await admin
    .getByTestId('admin-order')
    .first()
    .getByRole('link', { name: /Pedido #\d+/ })
    .click();
  await expect(admin).toHaveURL(/\/admin\/orders\/\d+$/);
  await expect(admin.getByRole('list', { name: 'Seguimiento' }).getByRole('listitem')).toHaveCount(4);
  await expect(admin.getByRole('main')).toContainText('Listo en recepción');
  await admin.getByRole('link', { name: /Todos los pedidos/ }).click();
  const first = admin.getByTestId('admin-order').filter({ hasText: 'Termo de acero' });
  await first.getByRole('button', { name: 'Cancelar pedido' }).click();
  await admin.getByTestId('cancel-cause').fill('Sin existencias en la oficina');
  await admin.getByTestId('confirm-button').click();
  await expect(first.getByTestId('admin-order-status')).toHaveText('Cancelado');
  // The shopper gets the 1,300 points back.
  await page.goto('/myOrders');
  await expect.poll(() => points(page)).toBe(afterBuyNow + 1300);

  const canceled = page.getByTestId('order').filter({ hasText: 'Termo de acero' });
  await expect(canceled.getByTestId('order-status')).toHaveText('Cancelado');
  await expect(canceled).toContainText('Sin existencias en la oficina');
  // Buy again puts the canceled order's products back into the cart (the mochila was already there).
  await canceled.getByRole('button', { name: 'Comprar de nuevo' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('2 productos volvieron a tu carrito')).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
});

test('the shopper reads the account page and downloads the statement, in Spanish and in English', async ({ page, signInAs }) => {
  await signInAs(page, 'ana@rewards.test');
  const balance = await points(page);
  await page.getByTestId('points-balance').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Mi cuenta' })).toBeVisible();
  await expect.poll(async () => Number((await page.getByTestId('account-balance').innerText()).replace(/\D/g, ''))).toBe(balance);
  await expect(page.getByTestId('stat-spent')).toContainText(/[1-9]/);
  await expect(page.getByTestId('program-calendar')).toContainText('Último día para canjear tus puntos.');
  const movements = page.getByTestId('movements');
  await expect(movements.getByRole('row').filter({ hasText: /Pedido #\d+/ })).toHaveCount(2);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-statement').click()]);
  // The file is named in the reader's language (estado-de-cuenta_… in Spanish, statement_… in English).
  expect(download.suggestedFilename()).toMatch(/^estado-de-cuenta_\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByText('Estado de cuenta descargado')).toBeVisible();

  // A custom period that ends before it starts is refused on the spot; an empty period says so.
  await page.getByRole('radio', { name: 'Personalizado' }).click();
  await page.getByLabel('Desde').fill('2020-02-01');
  await page.getByLabel('Hasta').fill('2020-01-01');
  await expect(page.getByRole('alert').filter({ hasText: 'La fecha de inicio debe ser igual o anterior' })).toBeVisible();
  await expect(page.getByTestId('download-statement')).toBeDisabled();
  await page.getByLabel('Hasta').fill('2020-03-01');
  await expect(page.getByText('No hay movimientos en este periodo.')).toBeVisible();

  await expectNoSeriousViolations(page, 'account');

  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await page.getByRole('radio', { name: 'All' }).click();
  await expect(movements.getByRole('row').filter({ hasText: /Order #\d+/ })).toHaveCount(2);
  await expect(page.getByTestId('program-calendar')).toContainText('Last day to redeem your points.');
  await page.getByRole('button', { name: 'es', exact: true }).first().click();
});
