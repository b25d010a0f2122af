import { expect, expectNoSeriousViolations, test } from './support.ts';

// README "Integrate": a shopper makes a personal API token on their profile, an integration calls the API
// with it, and once revoked it is refused. María (seeded) has no token; no other journey makes her one.
const email = 'maria@rewards.test';

test('a shopper creates an API token, uses it, and revokes it; in both languages', async ({ page, context, request, signInAs }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, email);
  await page.goto('/myProfile');
  const section = page.getByRole('region', { name: 'Tokens de API' });
  await expect(section.getByTestId('api-tokens-empty')).toContainText('No tienes tokens de API');
  await expect(section.getByTestId('api-tokens-empty')).toContainText('Recursos Humanos');

  // Created from the keyboard: the button, the name, Enter; the validity stays at 90 days.
  await section.getByRole('button', { name: 'Nuevo token' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Nuevo token de API' });
  await expect(form.getByLabel('Vigencia (días)')).toHaveValue('90');
  await form.getByLabel('Nombre').focus();
  await page.keyboard.type('Sistema de RR. HH.');
  await page.keyboard.press('Enter');

  // The secret, once, with its warning; copied to the clipboard.
  const shown = page.getByRole('dialog', { name: 'Tu nuevo token' });
  await expect(shown.getByText(/no se volverá a mostrar/)).toBeVisible();
  const secret = await shown.getByLabel('Token «Sistema de RR. HH.»').inputValue();
  expect(secret).toMatch(/^rs_[\w-]{20,}$/);
  await shown.getByRole('button', { name: 'Copiar el token' }).click();
  await expect(shown.getByText('Copiado al portapapeles.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoSeriousViolations(page, 'secret dialog');
  await shown.getByRole('button', { name: 'Listo, ya lo guardé' }).click();
  await expect(shown).toBeHidden();

  const row = page.getByTestId('api-token-row').filter({ hasText: 'Sistema de RR. HH.' });
  await expect(row).toContainText(`${secret.slice(0, 8)}…`);
  await expect(row).toContainText('Activo');
  await expect(row).toContainText('Nunca');
  expect(await page.content()).not.toContain(secret);

  // An integration uses it: no cookie, only the token.
  const asIntegration = { headers: { Authorization: `Bearer ${secret}` } };
  const profile = await request.get('/api/users/profile', asIntegration);
  expect(profile.status()).toBe(200);
  expect(((await profile.json()) as { data: { email: string } }).data.email).toBe(email);
  await page.reload();
  await expect(row).toContainText('Activo');
  await expect(row).not.toContainText('Nunca'); // its last use is recorded
  await expectNoSeriousViolations(page, 'tokens list');

  // Revoked after the confirmation (Escape first: nothing happens).
  await row.getByRole('button', { name: 'Revocar el token Sistema de RR. HH.' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Revocar este token?' });
  await expect(confirm).toContainText('«Sistema de RR. HH.» dejará de funcionar');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Activo');
  await row.getByRole('button', { name: 'Revocar el token Sistema de RR. HH.' }).click();
  await confirm.getByRole('button', { name: 'Revocar' }).click();
  await expect(page.getByText('Token revocado')).toBeVisible();
  await expect(row).toContainText('Revocado');
  await expect(row.getByRole('button')).toHaveCount(0);
  expect((await request.get('/api/users/profile', asIntegration)).status()).toBe(401);

  // The section in English.
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  const english = page.getByRole('region', { name: 'API tokens' });
  await expect(english.getByRole('heading', { name: 'API tokens' })).toBeVisible();
  await expect(english).toContainText('A personal token lets another system call');
  await expect(english.getByRole('button', { name: 'New token' })).toBeVisible();
  await expect(row).toContainText('Revoked');
  for (const label of ['Created', 'Last used', 'Expires']) await expect(row).toContainText(label);
});
