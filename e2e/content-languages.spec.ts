import sharp from 'sharp';
import { type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, inLanguage, test } from './support.ts';

/**
 * Content in both languages (docs/architecture.md A6.15): an administrator writes a product in Spanish,
 * then its English name side by side; each reader sees their chosen language, and what was written only in
 * the other one shows with its mark. A bulk load's reason, written in both, reads in each reader's language
 * on the statement. On a desktop and on a phone, in Spanish and in English.
 *
 * The reader is a demo employee of the first store whom the journeys that count points or notifications
 * leave alone (apps/server/src/seed/demo-loads.ts); the load uses a recognition no other journey loads.
 */
const suffix = Date.now().toString(36).slice(-5);
const nameEs = `Botella térmica ${suffix}`;
const nameEn = `Insulated bottle ${suffix}`;
const descriptionEs = 'Botella de acero que mantiene el agua fría todo el día.';
const reasonEs = `Apoyo en la mudanza ${suffix}`;
const reasonEn = `Help with the move ${suffix}`;
const reader = 'gabriel.flores@rewards.test';

const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

async function newPage(browser: Browser, device: BrowserContextOptions): Promise<Page> {
  return (await browser.newContext({ ...device, locale: 'es-MX' })).newPage();
}

/** The header's language switch (the one shown on this screen); the document follows the choice. */
async function chooseLanguage(page: Page, lang: 'es' | 'en') {
  await page.getByRole('button', { name: lang, exact: true }).locator('visible=true').first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

const picture = async () => ({
  name: 'botella.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 480, height: 480, channels: 3, background: '#0e7490' } })
    .png()
    .toBuffer(),
});

let slug = '';

test('an administrator writes a product in Spanish, then its English name side by side; each reader sees their language, the missing one marked', async ({
  browser,
  signInAs,
}) => {
  // --- Desktop: a new product, Spanish only; both languages side by side, each validated on its own ---
  const admin = await newPage(browser, desktop);
  await signInAs(admin, 'admin@rewards.test');
  await admin.goto('/admin/inventory/1');
  await admin.getByTestId('new-product').click();
  const form = admin.getByRole('dialog');
  const name = { es: inLanguage(form, 'Nombre'), en: inLanguage(form, 'Nombre', 'en') };
  await expect(name.es).toHaveAttribute('lang', 'es');
  await expect(name.en).toHaveAttribute('lang', 'en');
  const [es, en] = [(await name.es.boundingBox())!, (await name.en.boundingBox())!];
  expect(Math.abs(es.y - en.y)).toBeLessThan(2);
  expect(en.x).toBeGreaterThanOrEqual(es.x + es.width);
  await expect(form.getByRole('group', { name: 'Nombre', exact: true })).toContainText('Escribe al menos uno de los dos idiomas.');
  await form.getByLabel('Categoría').selectOption({ index: 1 });
  await form.getByLabel('Precio (puntos)').fill('90');
  await form.getByLabel('Stock').fill('7');
  // Neither language written: the Spanish control says the name is required; the English one is left alone.
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(name.es).toHaveAttribute('aria-invalid', 'true');
  await expect(name.en).not.toHaveAttribute('aria-invalid', 'true');
  await name.en.fill('X');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(name.en).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('group', { name: 'Nombre', exact: true }).getByText('¡Muy corto!')).toBeVisible();
  await name.en.fill('');
  await name.es.fill(nameEs);
  await inLanguage(form, 'Descripción').fill(descriptionEs);
  // The file button speaks the app's language, whatever the browser's.
  await expect(form.getByText('Elegir imágenes', { exact: true })).toBeVisible();
  await form.getByLabel('Imágenes').setInputFiles([await picture()]);
  await expect(form.getByText('1 archivo elegido')).toBeVisible();
  await expectNoSeriousViolations(admin, 'product form side by side');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  await expect(admin.getByRole('cell', { name: nameEs, exact: true })).toBeVisible();
  const found = await admin.request.get(`/api/productAdmin/?storeId=1&search=${encodeURIComponent(suffix)}`);
  slug = ((await found.json()) as { data: { slug: string }[] }).data[0]!.slug;
  // The admin list in English: the Spanish name, marked.
  await chooseLanguage(admin, 'en');
  const row = admin.getByRole('row').filter({ hasText: nameEs });
  await expect(row.getByRole('img', { name: 'Only in Spanish' })).toBeVisible();
  await chooseLanguage(admin, 'es');

  // --- The reader in English on a desktop: the Spanish name and description, each marked ---
  const shopper = await newPage(browser, desktop);
  await signInAs(shopper, reader);
  await chooseLanguage(shopper, 'en');
  await shopper.goto(`/product?slug=${slug}`);
  const title = shopper.getByTestId('product-title');
  await expect(title).toHaveText(`ES${nameEs}`);
  await expect(title).toHaveAttribute('lang', 'es');
  await expect(title.getByRole('img', { name: 'Only in Spanish' })).toBeVisible();
  await expect(shopper.getByTestId('product-description').getByRole('img', { name: 'Only in Spanish' })).toBeVisible();
  await expectNoSeriousViolations(shopper, 'product in English, written in Spanish');

  // --- A phone: the administrator adds the English name; the two languages are stacked, each labelled ---
  const adminPhone = await newPage(browser, phone);
  await signInAs(adminPhone, 'admin@rewards.test');
  await adminPhone.goto('/admin/inventory/1');
  await adminPhone.getByRole('row').filter({ hasText: nameEs }).getByRole('button', { name: 'Editar' }).click();
  const edit = adminPhone.getByRole('dialog');
  const phoneName = { es: inLanguage(edit, 'Nombre'), en: inLanguage(edit, 'Nombre', 'en') };
  await expect(phoneName.es).toHaveValue(nameEs);
  await expect(phoneName.en).toHaveValue('');
  const [top, bottom] = [(await phoneName.es.boundingBox())!, (await phoneName.en.boundingBox())!];
  expect(bottom.y).toBeGreaterThan(top.y + top.height);
  expect(Math.abs(bottom.x - top.x)).toBeLessThan(2);
  await expect(edit.getByText('English', { exact: true }).first()).toBeVisible();
  expect(await adminPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phoneName.en.fill(nameEn);
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toBeHidden();

  // --- The English reader now reads the English name, unmarked; the description is still Spanish, marked ---
  await shopper.reload();
  await expect(title).toHaveText(nameEn);
  await expect(title).not.toHaveAttribute('lang', /.+/);
  await expect(title.getByRole('img')).toHaveCount(0);
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(nameEn);
  await expect(shopper.getByTestId('product-description')).toHaveAttribute('lang', 'es');
  await shopper.goto('/');
  const newRow = shopper.locator('section[aria-labelledby="row-new"]');
  await expect(newRow.getByTestId('product-card').filter({ hasText: nameEn })).toBeVisible();
  await chooseLanguage(shopper, 'es');
  await expect(newRow.getByTestId('product-card').filter({ hasText: nameEs })).toBeVisible();

  // --- A phone, in Spanish then English: the home row and the product page, with no mark where written ---
  const readerPhone = await newPage(browser, phone);
  await signInAs(readerPhone, reader);
  await readerPhone.goto('/');
  const phoneRow = readerPhone.locator('section[aria-labelledby="row-new"]');
  await expect(phoneRow.getByTestId('product-card').filter({ hasText: nameEs })).toBeVisible();
  await readerPhone.goto(`/product?slug=${slug}`);
  await expect(readerPhone.getByTestId('product-title')).toHaveText(nameEs);
  await expect(readerPhone.getByTestId('product-description')).not.toHaveAttribute('lang', /.+/);
  await chooseLanguage(readerPhone, 'en');
  await expect(readerPhone.getByTestId('product-title')).toHaveText(nameEn);
  await expect(readerPhone.getByTestId('product-description').getByRole('img', { name: 'Only in Spanish' })).toBeVisible();
  // The mark never widens the page.
  expect(await readerPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await readerPhone.goto('/');
  await expect(phoneRow.getByTestId('product-card').filter({ hasText: nameEn })).toBeVisible();
  await expectNoSeriousViolations(readerPhone, 'home in English on a phone');
  // Back to Spanish for whoever uses this account next.
  await chooseLanguage(readerPhone, 'es');
  for (const p of [admin, shopper, adminPhone, readerPhone]) await p.context().close();
});

test('a load’s reason written in both languages reads in each reader’s language on the statement, and the dates and file follow it', async ({
  browser,
  signInAs,
}) => {
  const admin = await newPage(browser, desktop);
  await signInAs(admin, 'admin@rewards.test');
  const accrualOpen = ((await (await admin.request.get('/api/program')).json()) as { data: { accrual: { open: boolean } } }).data.accrual
    .open;
  if (accrualOpen) {
    // The wizard: the reason in Spanish and in English, side by side.
    await admin.goto('/admin/loads/new');
    await admin.getByLabel('Pega los correos').fill(reader);
    await admin.getByRole('button', { name: 'Siguiente' }).click();
    await admin.getByRole('radio', { name: /Voz de la dirección/ }).check();
    await admin.getByRole('button', { name: 'Siguiente' }).click();
    await expect(inLanguage(admin, 'Motivo')).toHaveAttribute('aria-invalid', 'true');
    await inLanguage(admin, 'Motivo').fill(reasonEs);
    await inLanguage(admin, 'Motivo', 'en').fill(reasonEn);
    await admin.getByRole('button', { name: 'Siguiente' }).click();
    await expect(admin.getByTestId('load-correct-count')).toHaveText('1 correcto');
    await admin.getByRole('button', { name: 'Siguiente' }).click();
    await expect(admin.getByTestId('load-summary')).toContainText(reasonEs);
    await admin.getByRole('button', { name: 'Confirmar carga' }).click();
    await expect(admin.getByTestId('load-done')).toBeVisible();
  }
  await admin.context().close();

  for (const device of [desktop, phone]) {
    const page = await newPage(browser, device);
    await signInAs(page, reader);
    await page.goto('/account');
    const movements = page.getByTestId('movements');
    if (accrualOpen) await expect(movements).toContainText(`Voz de la dirección: ${reasonEs}`);
    const onDesktop = device === desktop;
    if (onDesktop) {
      // A custom period: the date fields and their calendar in Spanish.
      await page.getByRole('radio', { name: 'Personalizado' }).click();
      await expect(page.getByLabel('Desde')).toHaveAttribute('placeholder', 'aaaa-mm-dd');
      await page.getByRole('button', { name: 'Elegir en el calendario' }).first().click();
      await expect(page.getByRole('grid', { name: / de \d{4}$/ })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('grid')).toHaveCount(0);
      await page.getByRole('radio', { name: 'Este año del programa' }).click();
    }

    await chooseLanguage(page, 'en');
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    if (accrualOpen) {
      await expect(movements).toContainText(`Voice of management: ${reasonEn}`);
      await expect(movements).not.toContainText(reasonEs);
    }
    if (onDesktop) {
      await page.getByRole('radio', { name: 'Custom' }).click();
      await expect(page.getByLabel('From')).toHaveAttribute('placeholder', 'yyyy-mm-dd');
      await page.getByRole('button', { name: 'Choose on the calendar' }).first().click();
      await expect(page.getByRole('grid', { name: /^[A-Z][a-z]+ \d{4}$/ })).toBeVisible();
      await page.keyboard.press('Escape');
      await page.getByRole('radio', { name: 'This program year' }).click();
    }
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-statement').click()]);
    expect(download.suggestedFilename()).toMatch(/^statement_\d{4}-\d{2}-\d{2}\.pdf$/);
    await expectNoSeriousViolations(page, 'statement in English');
    await chooseLanguage(page, 'es');
    await page.context().close();
  }
});
