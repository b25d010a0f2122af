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
  // The profile shows the account from GET /api/users/profile, to be verified.
  await expect(page.getByRole('heading', { name: 'Mi perfil' })).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('Ana García');
  await expect(page.getByTestId('profile-email')).toHaveText('ana@rewards.test');
  await expect(page.getByTestId('profile-role')).toHaveText('Usuario');
  await expect(page.getByTestId('profile-points')).toHaveText('5,000');
  await expect(page.getByTestId('profile-store')).not.toBeEmpty();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
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
  await expect(page.getByTestId('profile-details')).toContainText('E-mail');
  await expect(page.getByTestId('profile-role')).toHaveText('User');
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
  await expect(page.getByTestId('category-title')).toHaveText('Termos y tazas');

  // Search: Enter goes to /results/{text}, and the text stays in the box there.
  const search = page.getByRole('combobox', { name: 'Buscar productos' });
  await search.fill('café');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/results\/caf%C3%A9$/);
  await expect(search).toHaveValue('café');

  // Sign-out is a button of the account menu (a POST): home, with the toast, signed out.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Cerraste sesión.')).toBeVisible();
  await expect(page.getByTestId('access-button')).toBeVisible();
  const profile = await page.request.get('/api/users/profile');
  expect(profile.status()).toBe(401);
  // A signed-in page now sends the visitor to sign in.
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fcart$/);
});

test('the administrator reaches /admin/ and the admin layout', async ({ page }) => {
  // A first sign-in lands on /myProfile, a later one where it started (another journey may sign this
  // administrator in first): signInAs waits for either.
  await signInAs(page, 'admin@rewards.test');
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Administración' }).click();
  await expect(page).toHaveURL(/\/admin\/$/);
  await expect(page.getByRole('heading', { name: 'Panel' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Secciones de administración' })).toBeVisible();
  await page.getByTestId('admin-store-card').first().click();
  await expect(page).toHaveURL(/\/admin\/inventory\/1$/);
  await page.getByRole('link', { name: 'Usuarios' }).click();
  await page.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill('ana@rewards.test');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('cell', { name: 'ana@rewards.test' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'luis@rewards.test' })).toHaveCount(0);
});

test('an inactive user is refused with the message of docs/architecture.md P8', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-button').click();
  await page.getByLabel('Otra cuenta registrada').fill('inactivo@rewards.test');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?error=USER_INACTIVE$/);
  await expect(page.getByRole('alert')).toContainText('Este usuario está inactivo');
});

test('the sign-in page shows any known error code by its message, and a generic one otherwise', async ({ page }) => {
  await page.goto('/login?error=IDENTITY_PROVIDER_UNAVAILABLE');
  await expect(page.getByRole('alert')).toContainText('El servicio de inicio de sesión de tu empresa no responde');
  await page.goto('/login?error=SESSION_EXPIRED');
  await expect(page.getByRole('alert')).toHaveText('Tu sesión ha expirado, inicia sesión de nuevo');
  await page.goto('/login?error=constructor');
  await expect(page.getByRole('alert')).toHaveText('No se pudo completar el inicio de sesión, inténtalo de nuevo');
  await page.goto('/login');
  await expect(page.getByRole('alert')).toHaveCount(0);
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

test('a session revoked elsewhere is noticed by the app at once or on the next action, without a reload', async ({
  page,
  request,
  baseURL,
}) => {
  await signInAs(page, 'super@rewards.test');
  // Start from a settled page: whether this is the account's first sign-in depends on the specs run before.
  await page.goto('/faq');
  await expect(page.getByTestId('points-balance')).toBeVisible();
  // Revoked from somewhere else (another device): the browser keeps its now-dead cookie.
  const session = (await page.context().cookies()).find((c) => c.name === 'rs_session');
  const out = await request.post('/api/auth/logout', { headers: { origin: baseURL!, cookie: `rs_session=${session!.value}` } });
  expect(out.status()).toBe(200);
  // The server closes the tab's realtime connection and the app checks its session at once; if the
  // connection was not up yet, a normal click does it: its next call answers 401 SESSION_EXPIRED.
  const noticed = await page
    .waitForURL(/\/login\?error=SESSION_EXPIRED/, { timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (!noticed) await page.getByTestId('points-balance').click();
  await expect(page).toHaveURL(/\/login\?error=SESSION_EXPIRED&returnTo=%2F(faq|account)$/);
  await expect(page.getByRole('alert')).toContainText('Tu sesión ha expirado, inicia sesión de nuevo');
  await expect(page.getByTestId('access-button')).toBeVisible();
  await expect(page.getByTestId('points-balance')).toHaveCount(0);
});

test('signing out in another tab is noticed when this tab comes back into view', async ({ page, context }) => {
  await signInAs(page, 'super@rewards.test');
  await expect(page.getByTestId('points-balance')).toBeVisible();
  const other = await context.newPage();
  await other.goto('/');
  await other.getByTestId('account-menu').click();
  await other.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(other.getByTestId('access-button')).toBeVisible();
  await other.close();
  // The first tab becomes visible again: its session check answers "signed out".
  await page.evaluate(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    }
  });
  await expect(page).toHaveURL(/\/login\?error=SESSION_EXPIRED&returnTo=%2F$/);
  await expect(page.getByRole('alert')).toContainText('Tu sesión ha expirado');
});

test('opening /logout asks first: a link from another site signs nobody out', async ({ page, baseURL }) => {
  await signInAs(page, 'ana@rewards.test');
  await expect(page.getByTestId('points-balance')).toBeVisible();
  // Another site links to /logout and embeds it as an image.
  await page.route('http://elsewhere.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<img src="${baseURL}/logout" alt=""><a href="${baseURL}/logout">Sign out of Rewards Store</a>`,
    }),
  );
  await page.goto('http://elsewhere.test/');
  await page.getByRole('link', { name: 'Sign out of Rewards Store' }).click();
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByRole('heading', { name: '¿Cerrar sesión?' })).toBeVisible();
  await expect(page.getByText('Iniciaste sesión como ana@rewards.test')).toBeVisible();
  expect((await page.request.get('/api/users/profile')).status()).toBe(200);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Cancel goes home, still signed in.
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('points-balance')).toBeVisible();

  // English, and by keyboard: the button signs out, goes home with the toast.
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: 'Sign out?' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('You have signed out.')).toBeVisible();
  await expect(page.getByTestId('access-button')).toBeVisible();
  expect((await page.request.get('/api/users/profile')).status()).toBe(401);
  // Signed out, /logout has nothing to ask: home.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown page says so, the footer links nowhere outside, and every admin section is reachable', async ({ page }) => {
  await signInAs(page, 'super@rewards.test');
  await expect(page.getByTestId('points-balance')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId('footer-full')).toBeVisible();
  await expect(page.locator('footer a[href^="http"]')).toHaveCount(0);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await page.goto('/admin/');
  const nav = page.getByRole('navigation', { name: 'Secciones de administración' });
  for (const section of ['Panel', 'Inventario', 'Reconocimientos', 'Retos', 'Pedidos', 'Cargas', 'Usuarios', 'Tiendas', 'Correo']) {
    await expect(nav.getByRole('link', { name: section })).toBeVisible();
  }
});

test("challenges (decision 0008) have their pages: the header links to /challenge, the admin area to each store's", async ({ page }) => {
  await signInAs(page, 'super@rewards.test');
  // A first sign-in goes on to /myProfile; let it, then use the header from there.
  await page.waitForURL(/signin=(new|ok)|\/myProfile$/);
  if (page.url().includes('signin=new')) await page.waitForURL(/\/myProfile$/);
  await page.getByRole('navigation', { name: 'Tu cuenta' }).getByRole('link', { name: 'Retos' }).click();
  await expect(page).toHaveURL(/\/challenge$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reto sorpresa' })).toBeVisible();
  await page.goto('/admin/');
  const nav = page.getByRole('navigation', { name: 'Secciones de administración' });
  await nav.getByRole('link', { name: 'Retos' }).click();
  await expect(page).toHaveURL(/\/admin\/challenge\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Retos · / })).toBeVisible();
});

test('a store account goes to /admin after signing in', async ({ page }) => {
  await signInAs(page, 'tienda@rewards.test');
  // First sign-in: verify your data first, like every new user.
  await expect(page).toHaveURL(/\/myProfile$/);
  await page.goto('/logout');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signInAs(page, 'tienda@rewards.test');
  await expect(page).toHaveURL(/\/admin\/$/);
  await expect(page.getByRole('heading', { name: 'Panel' })).toBeVisible();
});
