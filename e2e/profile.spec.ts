import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// The profile (decision 0007). Nora (nueva@rewards.test) exists only in the bundled directory, so her first
// sign-in creates her; no other journey uses her. The browser starts without a position (no permission):
// she gets the default store, then the nearest one once the browser tells where it is.

const MONTERREY = { latitude: 25.6866, longitude: -100.3161 };

async function signInAsNora(page: Page) {
  await page.goto('/');
  await page.getByTestId('access-button').click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByRole('button', { name: /nueva@rewards\.test/ }).click();
  await page.waitForURL(/signin=(new|ok)|\/myProfile$/);
}

test('a new user verifies the profile, saves preferences kept across sign-ins, in both languages; the nearest store is picked', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'es-MX' });
  const page = await context.newPage();
  await signInAsNora(page);

  // First sign-in: the verify-your-data message, then /myProfile after 1000 ms.
  await expect(page.getByText('¡Bienvenido! Tu cuenta fue creada. Por favor verifica tus datos.')).toBeVisible();
  await expect(page).toHaveURL(/\/myProfile$/);
  await expect(page.getByTestId('profile-name')).toHaveText('Nora Nueva');
  await expect(page.getByTestId('profile-email')).toHaveText('nueva@rewards.test');
  // Her work photo: the bundled directory's portrait, stored at sign-in, in the header and on the page.
  for (const photo of [page.getByTestId('account-menu').getByTestId('avatar-photo'), page.getByTestId('avatar-photo').last()]) {
    await expect(photo).toHaveAttribute('src', /^\/uploads\/avatars\/[0-9a-f-]+-300\.webp$/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  // No position at sign-in: the default store.
  await expect(page.getByTestId('profile-store')).toHaveText('Oficina Ciudad de México');

  const form = page.getByTestId('preferences-form');
  await expect(form).toBeVisible();
  await expect(page.getByText('¡Bienvenido! Verifica tus datos y dinos cómo contactarte y qué te gusta.')).toBeVisible();

  // Validation next to each field, in Spanish.
  await form.getByRole('button', { name: 'Guardar preferencias' }).click();
  await expect(form.getByRole('alert').first()).toHaveText('Campo obligatorio');
  await form.getByLabel('Ciudad', { exact: true }).fill('Monterrey');
  await form.getByLabel('Estado', { exact: true }).fill('Nuevo León');
  await form.getByLabel('Dirección completa', { exact: true }).fill('Av. Constitución 100, Centro');
  await form.getByLabel('Código postal', { exact: true }).fill('64#00');
  await form.getByRole('button', { name: 'Guardar preferencias' }).click();
  await expect(form.getByText('Escribe un código postal válido (letras, dígitos, espacios o guiones)')).toBeVisible();
  await form.getByLabel('Código postal', { exact: true }).fill('64000');
  await form.getByRole('radio', { name: 'Correo' }).check();
  await form.getByLabel('Categoría preferida', { exact: true }).selectOption({ label: 'Mochilas' });
  await form.getByLabel('Hay una oficina de la empresa en mi ciudad', { exact: true }).check();
  await form.getByRole('button', { name: 'Guardar preferencias' }).click();
  await expect(page.getByText('Perfil guardado')).toBeVisible();

  // The browser now knows where it is (a new visit asks again): the nearest store replaces the default one.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(MONTERREY);
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(page.getByText('Tu tienda ahora es Oficina Monterrey, la más cercana a ti.')).toBeVisible();
  await expect(page.getByTestId('profile-store')).toHaveText('Oficina Monterrey');
  // The preferred category follows her to the new store.
  await expect(form.getByLabel('Categoría preferida', { exact: true }).locator('option:checked')).toHaveText('Mochilas');

  // Signed out and in again: everything is kept.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page.getByTestId('access-button')).toBeVisible();
  await signInAsNora(page);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/myProfile');
  await expect(form.getByLabel('Ciudad', { exact: true })).toHaveValue('Monterrey');
  await expect(form.getByLabel('Estado', { exact: true })).toHaveValue('Nuevo León');
  await expect(form.getByLabel('Dirección completa', { exact: true })).toHaveValue('Av. Constitución 100, Centro');
  await expect(form.getByLabel('Código postal', { exact: true })).toHaveValue('64000');
  await expect(form.getByRole('radio', { name: 'Correo' })).toBeChecked();
  await expect(form.getByTestId('teams-unavailable')).toHaveText('Teams no está disponible en esta instalación: te escribimos por correo.');
  await expect(form.getByLabel('Hay una oficina de la empresa en mi ciudad', { exact: true })).toBeChecked();
  await expect(form.getByLabel('Tienda', { exact: true }).locator('option:checked')).toHaveText('Oficina Monterrey');
  await expect(page.getByText('Cómo te contactamos y qué te gusta. Puedes cambiarlas cuando quieras.')).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The page in English: labels, options and messages.
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Preferences' })).toBeVisible();
  await expect(form.getByLabel('City', { exact: true })).toHaveValue('Monterrey');
  await expect(form.getByRole('radio', { name: 'E-mail' })).toBeChecked();
  await expect(form.getByLabel('Preferred category', { exact: true }).locator('option:checked')).toHaveText('Backpacks');
  await form.getByLabel('Full address', { exact: true }).fill('');
  await form.getByRole('button', { name: 'Save preferences' }).click();
  await expect(form.getByText('Required field')).toBeVisible();
  await form.getByLabel('Full address', { exact: true }).fill('Av. Constitución 200, Centro');
  // Teams is not configured on this server: offered, but disabled, with the reason (decision 0030).
  await expect(form.getByRole('radio', { name: 'Teams' })).toBeDisabled();
  await expect(form.getByTestId('teams-unavailable')).toHaveText('Teams is not available in this installation: we write to you by e-mail.');
  await form.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Full address', { exact: true })).toHaveValue('Av. Constitución 200, Centro');
  await expect(form.getByRole('radio', { name: 'E-mail' })).toBeChecked();
  await page.getByRole('button', { name: 'es', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Mi perfil' })).toBeVisible();
  await context.close();
});

test('an administrator reads the e-mail outbox', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-MX' });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByTestId('access-button').click();
  await page.getByRole('button', { name: /super@rewards\.test/ }).click();
  await page.waitForURL(/signin=(new|ok)|\/myProfile$/);
  await page.goto('/admin/');
  await page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Correo' }).click();
  await expect(page).toHaveURL(/\/admin\/mail$/);
  await expect(page.getByRole('heading', { name: 'Bandeja de salida de correo' })).toBeVisible();
  // Without SMTP configured the outbox keeps every message: the demo loads' notifications are there.
  await page.getByLabel('Estado').selectOption('pending');
  await expect(page.getByTestId('outbox-row').first()).toContainText('Pendiente');
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'E-mail outbox' })).toBeVisible();
  await expect(page.getByTestId('outbox-row').first()).toContainText('Pending');
  await page.getByRole('button', { name: 'es', exact: true }).first().click();
  await context.close();
});
