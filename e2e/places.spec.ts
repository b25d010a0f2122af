import { expect, expectNoSeriousViolations, test } from './support';

// Places and time zones (decision 0029). Valeria (viajera@rewards.test) exists only in the bundled directory and
// signs in for the first time from Madrid, with a browser whose own clock is on Mexico City's time: the
// server works out Spain, Europe and Europe/Madrid offline, and the profile shows times in Madrid's zone.

const MADRID = { latitude: 40.4168, longitude: -3.7038 };

test('a profile at Madrid shows Spain, Europe and Europe/Madrid, with times in that zone, in both languages', async ({
  browser,
  signInAs,
}) => {
  const context = await browser.newContext({
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    geolocation: MADRID,
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await signInAs(page, 'viajera@rewards.test');
  await expect(page).toHaveURL(/\/myProfile$/);

  // The layout sent the browser's position: the server kept it with the place it derived.
  const panel = page.getByTestId('place-panel');
  await expect(panel.getByRole('heading', { name: 'Mi ubicación' })).toBeVisible();
  await expect(panel.getByTestId('place-country')).toHaveText('España (ES)');
  await expect(panel.getByTestId('place-continent')).toHaveText('Europa');
  await expect(panel.getByTestId('place-time-zone')).toHaveText('Europe/Madrid');
  // The time there is Madrid's (UTC+1, or +2 in summer), not the browser's Mexico City time (UTC-6).
  await expect(panel.getByTestId('place-local-time')).toHaveText(/GMT\+[12]$/);

  // Saving the current position again, from the button.
  await panel.getByRole('button', { name: 'Actualizar con mi ubicación actual' }).click();
  await expect(page.getByText('Ubicación guardada')).toBeVisible();
  await expect(panel.getByTestId('place-time-zone')).toHaveText('Europe/Madrid');
  await expectNoSeriousViolations(page, 'profile with a place');

  // In English.
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  await expect(panel.getByRole('heading', { name: 'My location' })).toBeVisible();
  await expect(panel.getByTestId('place-country')).toHaveText('Spain (ES)');
  await expect(panel.getByTestId('place-continent')).toHaveText('Europe');
  await expect(panel.getByTestId('place-time-zone')).toHaveText('Europe/Madrid');

  // The session carries the zone the whole site formats dates in.
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.data.timeZone).toBe('Europe/Madrid');

  // Forgetting it, after a confirmation: times go back to the browser's zone.
  await panel.getByRole('button', { name: 'Forget my location' }).click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByText('Location forgotten')).toBeVisible();
  await expect(panel.getByTestId('place-empty')).toContainText("dates and times show in your browser's time zone (America/Mexico_City)");
  expect((await (await page.request.get('/api/auth/session')).json()).data.timeZone).toBeNull();
  await page.getByRole('button', { name: 'es', exact: true }).first().click();
  await context.close();
});
