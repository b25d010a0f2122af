import { type Browser, type Page } from '@playwright/test';
import { expect, test, expectNoSeriousViolations } from './support.ts';

// Stores and users in the admin area (docs/architecture.md P2, A6.1). Every journey shares one server and database with the
// other spec files, so what this file changes it puts back (afterAll): Luis stays a shopper, María stays
// active with the balance she had, and the store it creates is deleted. The demo accounts are only read.

const suffix = Date.now().toString(36).slice(-5);
const newStore = `Oficina Querétaro ${suffix}`;
/** Points this file has added to María's balance so far (put back at the end). */
let mariaDelta = 0;
const es = (n: number) => new Intl.NumberFormat('es-MX').format(n);
const en = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** Signs in through the bundled identity provider: a listed demo account, or any registered e-mail. */

async function newPage(browser: Browser) {
  return (await browser.newContext({ locale: 'es-MX' })).newPage();
}

/** Searches the users list (in Spanish) by name or e-mail. */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill(text);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
}

const userRow = (page: Page, email: string) => page.getByTestId('user-row').filter({ hasText: email });
const storeRow = (page: Page, title: string) => page.getByTestId('store-row').filter({ hasText: title });

test.afterAll(async ({ browser, signInAs }) => {
  // Put back what the journeys changed, whatever happened to them.
  const page = await newPage(browser);
  await signInAs(page, 'super@rewards.test');
  const origin = new URL(page.url()).origin;
  const headers = { origin };
  const user = async (email: string) =>
    (await (await page.request.get(`/api/users/all?search=${encodeURIComponent(email)}`)).json()).data[0] as {
      id: number;
      role: number;
      active: number;
    };
  const luis = await user('luis@rewards.test');
  const maria = await user('maria@rewards.test');
  if (luis.role !== 1) await page.request.put(`/api/users/${luis.id}`, { headers, data: { role: 1, adminStores: [] } });
  if (maria.active !== 1) await page.request.put(`/api/users/activate/${maria.id}`, { headers });
  if (mariaDelta !== 0) {
    await page.request.post('/api/users/points', { headers, data: { userId: maria.id, value: -mariaDelta, description: 'Restaurar' } });
  }
  const stores = (await (await page.request.get(`/api/stores?status=all&search=${encodeURIComponent(suffix)}`)).json()).data as {
    id: number;
  }[];
  for (const store of stores) await page.request.delete(`/api/stores/delete/${store.id}`, { headers });
  await page.context().close();
});

test('a super administrator creates and edits a store; one in use cannot be deleted, an empty one can', async ({ page, signInAs }) => {
  await signInAs(page, 'super@rewards.test');
  await page.goto('/admin/');
  await page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Tiendas' }).click();
  await expect(page).toHaveURL(/\/admin\/stores$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tiendas' })).toBeVisible();
  await expect(storeRow(page, 'Oficina Guadalajara')).toContainText('Activa');
  await expectNoSeriousViolations(page, 'stores');

  // Create, with the form's validation first.
  await page.getByTestId('new-store').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Nueva tienda' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Campo obligatorio')).toHaveCount(4);
  await dialog.getByLabel('Nombre').fill(newStore);
  await dialog.getByLabel('Dirección').fill('Av. Tecnológico 100, Querétaro');
  await dialog.getByLabel('Latitud').fill('95');
  await dialog.getByLabel('Longitud').fill('-100.39');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('La latitud debe estar entre -90 y 90')).toBeVisible();
  await expectNoSeriousViolations(page, 'store dialog');
  await dialog.getByLabel('Latitud').fill('20.5888');
  await dialog.getByLabel('Código de sede corporativa (opcional)').fill(`QRO-${suffix}`);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('Tienda creada')).toBeVisible();
  await expect(storeRow(page, newStore)).toContainText('Activa');

  // Edit the address and deactivate it from the dialog; the list shows it inactive.
  await storeRow(page, newStore)
    .getByRole('button', { name: /^Editar/ })
    .click();
  await dialog.getByLabel('Dirección').fill('Blvd. Bernardo Quintana 7001, Querétaro');
  await dialog.getByLabel(/^Activa/).uncheck();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tienda actualizada')).toBeVisible();
  await expect(storeRow(page, newStore)).toContainText('Inactiva');
  await page.getByTestId('store-status-filter').selectOption('inactive');
  await expect(page.getByTestId('store-row')).toHaveCount(1);
  await expect(storeRow(page, newStore)).toContainText('Blvd. Bernardo Quintana 7001');
  await page.getByTestId('store-status-filter').selectOption('all');
  // Active again, through the row's own button.
  await storeRow(page, newStore).getByRole('button', { name: 'Activar' }).click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByText('Tienda activada')).toBeVisible();
  await expect(storeRow(page, newStore)).toContainText('Activa');

  // A store in use: 409, said plainly in the dialog, with what it still holds.
  await storeRow(page, 'Oficina Ciudad de México').getByRole('button', { name: 'Eliminar' }).click();
  await expect(dialog.getByText('¿Eliminar «Oficina Ciudad de México»? No se puede deshacer.')).toBeVisible();
  await dialog.getByTestId('confirm-button').click();
  await expect(dialog.getByRole('heading', { name: 'Esta tienda no se puede eliminar' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText(
    'Esta tienda tiene usuarios, productos, categorías o pedidos y no se puede eliminar: desactívala',
  );
  await expect(dialog.getByTestId('store-usage')).toContainText(/\d+ usuarios/);
  await expect(dialog.getByTestId('store-usage')).toContainText(/\d+ productos/);
  await expect(dialog.getByRole('button', { name: 'Desactivar en su lugar' })).toBeVisible();
  await expectNoSeriousViolations(page, 'store in use');
  await dialog.getByRole('button', { name: 'Entendido' }).click();
  await expect(storeRow(page, 'Oficina Ciudad de México')).toContainText('Activa');

  // The empty store goes.
  await storeRow(page, newStore).getByRole('button', { name: 'Eliminar' }).click();
  await dialog.getByTestId('confirm-button').click();
  await expect(page.getByText('Tienda eliminada')).toBeVisible();
  await expect(storeRow(page, newStore)).toHaveCount(0);

  // An administrator has no stores screen.
  const admin = await newPage(page.context().browser()!);
  await signInAs(admin, 'admin@rewards.test');
  await admin.goto('/admin/');
  await expect(admin.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Tiendas' })).toHaveCount(
    0,
  );
  await admin.goto('/admin/stores');
  await expect(admin.getByText('Solo los super administradores gestionan las tiendas.')).toBeVisible();
  await admin.context().close();
});

test('a user promoted to administrator of one store sees only that store', async ({ page, browser, signInAs }) => {
  await signInAs(page, 'super@rewards.test');
  await page.goto('/admin/users/');
  await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
  // The filters: role, status and store.
  await page.getByLabel('Rol', { exact: true }).selectOption({ label: 'Super administrador' });
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(userRow(page, 'super@rewards.test')).toBeVisible();
  // Nobody acts on their own account from here.
  await expect(userRow(page, 'super@rewards.test').getByRole('button')).toHaveCount(0);
  await page.getByRole('button', { name: 'Quitar filtros' }).click();
  await page.getByLabel('Tienda', { exact: true }).selectOption({ label: 'Oficina Guadalajara' });
  await expect(userRow(page, 'luis@rewards.test')).toBeVisible();
  await expect(userRow(page, 'ana@rewards.test')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'users');

  // Luis becomes the administrator of Guadalajara.
  await userRow(page, 'luis@rewards.test').getByRole('button', { name: 'Rol y tiendas' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Rol y tiendas · Luis Martínez' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'Administrador', exact: true }).check();
  await expect(dialog.getByText('Sin tiendas marcadas, este administrador no podrá gestionar ninguna.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Oficina Guadalajara' }).check();
  await expectNoSeriousViolations(page, 'role dialog');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Usuario editado')).toBeVisible();
  await expect(userRow(page, 'luis@rewards.test')).toContainText('Administrador');
  await expect(userRow(page, 'luis@rewards.test')).toContainText('Administra: Oficina Guadalajara');

  // Luis signs in: his admin area has Guadalajara only.
  const luis = await newPage(browser);
  await signInAs(luis, 'luis@rewards.test');
  await luis.getByTestId('account-menu').click();
  await luis.getByRole('menuitem', { name: 'Administración' }).click();
  await expect(luis).toHaveURL(/\/admin\/$/);
  const selector = luis.getByTestId('admin-store-select');
  await expect(selector.locator('option')).toHaveText(['Oficina Guadalajara']);
  const nav = luis.getByRole('navigation', { name: 'Secciones de administración' });
  await expect(nav.getByRole('link', { name: 'Tiendas' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Inventario' }).click();
  await expect(luis).toHaveURL(/\/admin\/inventory\/2$/);
  await expect(luis.getByRole('heading', { level: 1, name: 'Inventario · Oficina Guadalajara' })).toBeVisible();
  await nav.getByRole('link', { name: 'Pedidos' }).click();
  await expect(luis.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
  await nav.getByRole('link', { name: 'Usuarios' }).click();
  await expect(userRow(luis, 'luis@rewards.test')).toBeVisible();
  for (const email of ['ana@rewards.test', 'maria@rewards.test', 'admin@rewards.test']) await expect(userRow(luis, email)).toHaveCount(0);
  await expect(luis.getByLabel('Tienda', { exact: true }).locator('option')).toHaveText(['Todas mis tiendas', 'Oficina Guadalajara']);
  // Other stores stay closed to him, whatever the address says.
  for (const url of ['/api/users/all?storeId=1', '/api/orders/?storeId=1', '/api/productAdmin/?storeId=1']) {
    expect((await luis.request.get(url)).status(), url).toBe(403);
  }

  // Back to a shopper: his admin area closes.
  await userRow(page, 'luis@rewards.test').getByRole('button', { name: 'Rol y tiendas' }).click();
  await dialog.getByRole('radio', { name: 'Usuario', exact: true }).check();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(userRow(page, 'luis@rewards.test')).not.toContainText('Administrador');
  await luis.goto('/admin/');
  await expect(luis).toHaveURL(/\/$/);
  await luis.context().close();
});

test("a deactivated user's session ends at once; activated again, they sign in", async ({ page, browser, signInAs }) => {
  const maria = await newPage(browser);
  await signInAs(maria, 'maria@rewards.test');
  await expect(maria.getByTestId('points-balance')).toBeVisible();

  await signInAs(page, 'super@rewards.test');
  await page.goto('/admin/users/');
  await search(page, 'maria@rewards.test');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await userRow(page, 'maria@rewards.test').getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'María López ya no podrá iniciar sesión y sus sesiones abiertas terminan en este momento.',
  );
  await page.getByTestId('confirm-button').click();
  await expect(page.getByText('Usuario desactivado')).toBeVisible();
  await expect(userRow(page, 'maria@rewards.test')).toContainText('Inactivo');

  // Her session is over: the server closes her realtime connection and her tab checks at once (else her
  // next click does), and the sign-in page says why.
  const noticed = await maria
    .waitForURL(/\/login\?error=USER_INACTIVE/, { timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (!noticed) await maria.getByTestId('points-balance').click();
  await expect(maria).toHaveURL(/\/login\?error=USER_INACTIVE/);
  await expect(maria.getByRole('alert')).toContainText('Este usuario está inactivo');
  expect((await maria.request.get('/api/users/profile')).status()).toBe(401);

  // The status filter finds her; activated again, she signs in.
  await search(page, '');
  await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Inactivo' });
  await expect(userRow(page, 'maria@rewards.test')).toBeVisible();
  await expect(userRow(page, 'inactivo@rewards.test')).toBeVisible();
  await userRow(page, 'maria@rewards.test').getByRole('button', { name: 'Activar' }).click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByText('Usuario activado')).toBeVisible();
  await expect(userRow(page, 'maria@rewards.test')).toHaveCount(0);
  await signInAs(maria, 'maria@rewards.test');
  await expect(maria.getByTestId('points-balance')).toBeVisible();
  await maria.context().close();
});

test('points are loaded and adjusted from the users page, with the rules shown; the same pages in English', async ({
  page,
  browser,
  signInAs,
}) => {
  await signInAs(page, 'super@rewards.test');
  // Other journeys may have moved María's points, and loads are only accepted in the accrual window.
  const accrualOpen = (await (await page.request.get('/api/program')).json()).data.accrual.open as boolean;
  const start = ((await (await page.request.get('/api/users/all?search=maria@rewards.test')).json()).data[0] as { points: number }).points;
  await page.goto('/admin/users/');
  await search(page, 'maria@rewards.test');
  await userRow(page, 'maria@rewards.test').getByRole('button', { name: 'Puntos' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Puntos · María López' })).toBeVisible();
  await expect(dialog.getByTestId('points-current')).toHaveText(es(start));
  await dialog.getByRole('button', { name: 'Guardar puntos' }).click();
  await expect(dialog.getByText('Campo obligatorio')).toHaveCount(2);
  await dialog.getByLabel('Puntos', { exact: true }).fill('250');
  await dialog.getByLabel('Descripción').fill('Reconocimiento especial');
  await expect(dialog.getByTestId('points-after')).toHaveText(`Carga · saldo después: ${es(start + 250)}`);
  await expectNoSeriousViolations(page, 'points dialog');
  await dialog.getByRole('button', { name: 'Guardar puntos' }).click();
  if (accrualOpen) {
    await expect(page.getByText(`Puntos guardados: el saldo de María López ahora es de ${es(start + 250)}`)).toBeVisible();
    mariaDelta += 250;
    await expect(userRow(page, 'maria@rewards.test')).toContainText(es(start + 250));
  } else {
    // Outside the accrual window the server refuses the load, and the dialog says so.
    await expect(dialog.getByRole('alert')).toHaveText('No se pueden acreditar puntos fuera del periodo de acumulación');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  }
  const balance = start + mariaDelta;

  // Below zero is refused in the dialog, before and without any request.
  await userRow(page, 'maria@rewards.test').getByRole('button', { name: 'Puntos' }).click();
  await expect(dialog.getByTestId('points-current')).toHaveText(es(balance));
  await dialog.getByLabel('Puntos', { exact: true }).fill(String(-(balance + 1)));
  await dialog.getByLabel('Descripción').fill('Corrección');
  await dialog.getByRole('button', { name: 'Guardar puntos' }).click();
  // Worded for the administrator: whose balance and what it holds (docs/architecture.md P8).
  await expect(dialog.getByText(`Este ajuste dejaría a María López con un saldo negativo (saldo actual ${es(balance)})`)).toBeVisible();
  if (mariaDelta > 0) {
    await dialog.getByLabel('Puntos', { exact: true }).fill('-250');
    await expect(dialog.getByTestId('points-after')).toHaveText(`Ajuste · saldo después: ${es(start)}`);
    await dialog.getByRole('button', { name: 'Guardar puntos' }).click();
    await expect(page.getByText(`Puntos guardados: el saldo de María López ahora es de ${es(start)}`)).toBeVisible();
    mariaDelta -= 250;
  } else {
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  }

  // An administrator: points and activation for the shoppers of the store, nothing for the other administrators.
  const admin = await newPage(browser);
  await signInAs(admin, 'admin@rewards.test');
  await admin.goto('/admin/users/');
  await search(admin, 'ana@rewards.test');
  await expect(userRow(admin, 'ana@rewards.test').getByRole('button', { name: 'Puntos' })).toBeVisible();
  await expect(userRow(admin, 'ana@rewards.test').getByRole('button', { name: 'Desactivar' })).toBeVisible();
  await expect(userRow(admin, 'ana@rewards.test').getByRole('button', { name: 'Rol y tiendas' })).toHaveCount(0);
  await search(admin, 'maria@rewards.test');
  await expect(admin.getByText('Ningún usuario coincide con estos filtros.')).toBeVisible();
  await search(admin, '');
  await admin.getByLabel('Rol', { exact: true }).selectOption({ label: 'Administrador' });
  await expect(userRow(admin, 'tienda@rewards.test')).toBeVisible();
  await admin.getByLabel('Rol', { exact: true }).selectOption({ label: 'Super administrador' });
  await expect(userRow(admin, 'super@rewards.test')).toBeVisible();
  await admin.getByLabel('Rol', { exact: true }).selectOption({ label: 'Administrador' });
  for (const email of ['tienda@rewards.test', 'admin@rewards.test']) await expect(userRow(admin, email).getByRole('button')).toHaveCount(0);
  await admin.context().close();

  // English.
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByLabel('Role', { exact: true })).toBeVisible();
  await expect(userRow(page, 'maria@rewards.test')).toContainText('Active');
  await userRow(page, 'maria@rewards.test').getByRole('button', { name: 'Points' }).click();
  await expect(dialog.getByRole('heading', { name: 'Points · María López' })).toBeVisible();
  await dialog.getByLabel('Points', { exact: true }).fill(String(-(start + 100)));
  await dialog.getByLabel('Description').fill('Correction');
  await dialog.getByRole('button', { name: 'Save points' }).click();
  await expect(
    dialog.getByText(`This adjustment would leave María López with a negative balance (current balance ${en(start)})`),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'points dialog (en)');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expectNoSeriousViolations(page, 'users (en)');

  await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Stores' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stores' })).toBeVisible();
  await storeRow(page, 'Oficina Ciudad de México').getByRole('button', { name: 'Delete' }).click();
  await dialog.getByTestId('confirm-button').click();
  await expect(dialog.getByRole('heading', { name: 'This store cannot be deleted' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('This store has users, products, categories or orders and cannot be deleted');
  await expect(dialog.getByTestId('store-usage')).toContainText(/\d+ users/);
  await expectNoSeriousViolations(page, 'store in use (en)');
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await page.getByTestId('new-store').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Required field')).toHaveCount(4);
  await dialog.getByLabel('Longitude').fill('200');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The longitude must be between -180 and 180')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expectNoSeriousViolations(page, 'stores (en)');
  await page.getByRole('button', { name: 'es', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tiendas' })).toBeVisible();
});
