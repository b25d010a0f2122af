import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function signInAs(page: Page, email: string) {
  await page.goto('/');
  await page.getByTestId('access-button').click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByRole('button', { name: new RegExp(email.replace('.', '\\.')) }).click();
}

test('a shopper signs in, sees name and points, switches language and signs out', async ({ page }) => {
  await signInAs(page, 'ana@rewards.test');
  // First sign-in: the verify-your-data toast, then /myProfile after 1000 ms.
  await expect(page.getByText('¡Bienvenido! Tu cuenta fue creada. Por favor verifica tus datos.')).toBeVisible();
  await expect(page).toHaveURL(/\/myProfile$/);
  await expect(page.getByTestId('points-balance')).toContainText('5,000');
  await expect(page.getByTestId('points-balance')).toContainText('puntos');
  await page.getByTestId('account-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Mi perfil' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Administración' })).toHaveCount(0);
  await expect(page.getByRole('menu')).toContainText('ana@rewards.test');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Carrito' })).toBeVisible();

  // English, remembered across a reload; then back to Spanish.
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  await expect(page.getByTestId('points-balance')).toContainText('points');
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Cart' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'es', exact: true }).first().click();
  await expect(page.getByRole('link', { name: 'Carrito' })).toBeVisible();

  // The header's category dropdown comes from the store's real categories.
  await page.getByRole('button', { name: 'Categorías' }).click();
  await expect(page.getByRole('menuitem', { name: 'Termos y tazas' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Termos y tazas' }).click();
  await expect(page).toHaveURL(/\/category\/termos-y-tazas$/);

  // Search: Enter goes to /results/{text} and the box is cleared.
  const search = page.getByRole('searchbox', { name: 'Buscar productos' });
  await search.fill('café');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/results\/caf%C3%A9$/);
  await expect(search).toHaveValue('');

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('access-button')).toBeVisible();
  const profile = await page.request.get('/api/users/profile');
  expect(profile.status()).toBe(401);
  // A signed-in page now sends the visitor to sign in.
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fcart$/);
});

test('the administrator reaches /admin/ and the admin layout', async ({ page }) => {
  await signInAs(page, 'admin@rewards.test');
  await expect(page).toHaveURL(/\/myProfile$/);
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Administración' }).click();
  await expect(page).toHaveURL(/\/admin\/$/);
  await expect(page.getByRole('heading', { name: 'Panel' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Secciones de administración' })).toBeVisible();
  await page.getByTestId('admin-store-card').first().click();
  await expect(page).toHaveURL(/\/admin\/inventory\/1$/);
  await page.getByRole('link', { name: 'Usuarios' }).click();
  await expect(page.getByRole('cell', { name: 'ana@rewards.test' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'luis@rewards.test' })).toHaveCount(0);
});

test('an inactive user is refused with the spec message', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-button').click();
  await page.getByLabel('Otra cuenta registrada').fill('inactivo@rewards.test');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?error=USER_INACTIVE$/);
  await expect(page.getByRole('alert')).toContainText('Este usuario está inactivo');
});

test('a shopper cannot open the admin area', async ({ page }) => {
  await signInAs(page, 'ana@rewards.test');
  await expect(page.getByTestId('points-balance')).toBeVisible();
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/$/);
});

test('home, login and FAQ have no serious accessibility violations', async ({ page }) => {
  for (const url of ['/', '/login', '/faq', '/about']) {
    await page.goto(url);
    await expect(page.locator('main h1')).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${url}: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
  }
});

test('a revoked session clears the state and goes to /login', async ({ page, baseURL }) => {
  await signInAs(page, 'super@rewards.test');
  await expect(page.getByTestId('points-balance')).toBeVisible();
  // The session is revoked elsewhere (here: a sign-out request from this browser's cookie).
  const out = await page.request.post('/api/auth/logout', { headers: { origin: baseURL! } });
  expect(out.status()).toBe(200);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount$/);
  await expect(page.getByTestId('access-button')).toBeVisible();
});

test('a store account goes to /admin after signing in', async ({ page }) => {
  await signInAs(page, 'tienda@rewards.test');
  // First sign-in: verify your data first, like every new user.
  await expect(page).toHaveURL(/\/myProfile$/);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signInAs(page, 'tienda@rewards.test');
  await expect(page).toHaveURL(/\/admin\/$/);
  await expect(page.getByRole('heading', { name: 'Panel' })).toBeVisible();
});
