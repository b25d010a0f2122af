import sharp from 'sharp';
import { expect, inLanguage, test } from './support.ts';

const picture = async (color: string, name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 480, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer(),
});

test('an administrator stocks a new product; a shopper finds it in both languages and in every ordering', async ({ browser, signInAs }) => {
  // --- the administrator: a category, then a product with two pictures ---
  const admin = await (await browser.newContext({ locale: 'es-MX' })).newPage();
  await signInAs(admin, 'super@rewards.test');
  await admin.goto('/admin/inventory/1?tab=1');
  await admin.getByTestId('new-category').click();
  const dialog = admin.getByRole('dialog');
  await inLanguage(dialog, 'Título').fill('Café de especialidad');
  await inLanguage(dialog, 'Descripción').fill('Café de origen, molido y en grano.');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Campo obligatorio')).toBeVisible(); // the picture is required
  await dialog.getByLabel('Imagen').setInputFiles(await picture('#7c2d12', 'cafe.png'));
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(admin.getByRole('dialog')).toBeHidden();
  await expect(admin.getByText('Café de especialidad', { exact: true })).toBeVisible();

  await admin.getByRole('tab', { name: 'Productos' }).click();
  await admin.getByTestId('new-product').click();
  const form = admin.getByRole('dialog');
  await inLanguage(form, 'Nombre').fill('Café molido orgánico');
  await inLanguage(form, 'Descripción').fill('Café orgánico de altura, tostado medio, bolsa de 500 g.');
  await form.getByLabel('Categoría').selectOption({ label: 'Café de especialidad' });
  await form.getByLabel('Precio (puntos)').fill('321');
  await form.getByLabel('Stock').fill('9');
  await form.getByLabel('Imágenes').setInputFiles([await picture('#92400e', 'bolsa.png'), await picture('#b45309', 'taza.png')]);
  await expect(form.locator('figure')).toHaveCount(2);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(admin.getByRole('dialog')).toBeHidden();
  await expect(admin.getByRole('cell', { name: 'Café molido orgánico' })).toBeVisible();
  // A second product in the same category, so the orderings have something to order.
  await admin.getByTestId('new-product').click();
  await inLanguage(form, 'Nombre').fill('Café en grano tostado');
  await inLanguage(form, 'Descripción').fill('Café en grano de tueste oscuro, bolsa de 1 kg.');
  await form.getByLabel('Categoría').selectOption({ label: 'Café de especialidad' });
  await form.getByLabel('Precio (puntos)').fill('654');
  await form.getByLabel('Stock').fill('4');
  await form.getByLabel('Imágenes').setInputFiles([await picture('#451a03', 'grano.png')]);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(admin.getByRole('cell', { name: 'Café en grano tostado' })).toBeVisible();

  // --- the shopper: accent-free search in Spanish, then English ---
  const shopper = await (await browser.newContext({ locale: 'es-MX' })).newPage();
  await signInAs(shopper, 'nuevo@rewards.test'); // created at this first sign-in, in the default store
  // A first sign-in lands on /myProfile; the header's box is emptied on each page but the results.
  await expect(shopper.getByRole('heading', { level: 1, name: 'Mi perfil' })).toBeVisible();
  const search = shopper.getByRole('combobox', { name: 'Buscar productos' });
  await search.fill('cafe molido');
  await search.press('Enter');
  await expect(shopper.getByRole('heading', { name: 'Resultados para «cafe molido»' })).toBeVisible();
  await expect(shopper.getByTestId('product-card').first()).toContainText('Café molido orgánico');

  await shopper.getByRole('button', { name: 'en', exact: true }).first().click();
  const searchEn = shopper.getByRole('combobox', { name: 'Search products' });
  await searchEn.fill('ORGANICO');
  await searchEn.press('Enter');
  await expect(shopper.getByRole('heading', { name: 'Results for “ORGANICO”' })).toBeVisible();
  await shopper.getByTestId('product-card').filter({ hasText: 'Café molido orgánico' }).click();
  await expect(shopper.getByRole('heading', { name: 'Café molido orgánico' })).toBeVisible();
  await expect(shopper.getByTestId('product-page-price')).toHaveText('321 points');
  await expect(shopper.getByTestId('availability')).toHaveText('9 available');
  await expect(shopper.getByTestId('quantity').locator('option')).toHaveCount(5);
  await expect(shopper.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await expect(shopper.getByRole('button', { name: 'Show picture 2' })).toBeVisible();

  // --- the category page, in each ordering ---
  await shopper.getByRole('link', { name: 'Café de especialidad' }).click();
  await expect(shopper).toHaveURL(/\/category\/cafe-de-especialidad$/);
  const cards = shopper.locator('main ul').first().getByTestId('product-card');
  const order = async (value: string, first: string) => {
    await shopper.getByTestId('sort-select').selectOption(value);
    await expect(shopper).toHaveURL(new RegExp(`order=${value}`));
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText(first);
  };
  await order('price_asc', 'Café molido orgánico');
  await order('price_desc', 'Café en grano tostado');
  await order('date', 'Café en grano tostado');
  await order('featured', 'Café en grano tostado');
  await shopper.getByRole('button', { name: 'es', exact: true }).first().click();
  await expect(shopper.getByTestId('sort-select')).toContainText('Destacados');
});
