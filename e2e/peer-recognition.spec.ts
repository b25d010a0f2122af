import { type Browser, type Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, test } from './support.ts';

/**
 * Peer recognition (docs/architecture.md A6.16): an employee gives to two colleagues from the header's
 * dialog, with a value when the office has any; a third colleague, who has the feed open, sees it appear
 * without a reload, comments and adds points from the recognition's page; the giver, on the feed, sees both
 * live. Over the allowance and giving to oneself are refused with their messages. In Spanish and English.
 *
 * The people are demo employees of the first store that no other journey signs in as
 * (apps/server/src/seed/demo-loads.ts).
 */
const giverEmail = 'ignacio.escobar@rewards.test';
const first = { email: 'daniela.escobar', name: 'Daniela Escobar' };
const second = { email: 'eduardo.escobar', name: 'Eduardo Escobar' };
const watcherEmail = 'fernanda.escobar@rewards.test';
const suffix = Date.now().toString(36).slice(-5);
const message = `Gracias por sacar adelante la mudanza ${suffix}`;
const comment = `¡Enhorabuena a los dos! ${suffix}`;

async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  return (await browser.newContext({ locale: 'es-MX', viewport })).newPage();
}

/**
 * Resolves once the page's realtime connection is open and connected (Socket.IO's connect packet, `40`):
 * it opens once the page has loaded and settled. Call before the page is opened.
 */
function connected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.startsWith('40')) resolve();
      });
    });
  });
}

async function choose(dialog: ReturnType<Page['getByRole']>, email: string) {
  const box = dialog.getByRole('combobox');
  await box.fill(email);
  await expect(dialog.getByTestId('person-option').first()).toBeVisible();
  await box.press('Enter');
}

test('an employee recognizes two colleagues; a third sees it live, comments and adds points; the giver sees both live; refusals in Spanish and English', async ({
  browser,
  signInAs,
}) => {
  // A colleague keeps the feed open.
  const watcher = await newPage(browser);
  await signInAs(watcher, watcherEmail);
  const watcherLive = connected(watcher);
  await watcher.goto('/feed');
  await expect(watcher.getByRole('heading', { level: 1, name: 'Reconocimientos' })).toBeVisible();
  await expect(watcher.getByTestId('feed').or(watcher.getByTestId('feed-empty'))).toBeVisible();
  await watcherLive;

  // The giver opens the dialog from the header, which shows what is left to give.
  const giver = await newPage(browser);
  await signInAs(giver, giverEmail);
  await giver.goto('/');
  const allowance = (await (await giver.request.get('/api/recognitions/allowance')).json()).data as {
    remaining: number;
    minMessage: number;
    valuesRequired: boolean;
  };
  expect(allowance.remaining).toBeGreaterThanOrEqual(40);
  await expect(giver.getByTestId('give-allowance').locator('visible=true')).toHaveText(
    new Intl.NumberFormat('es-MX').format(allowance.remaining),
  );
  // The header's button (in the search row on a phone, among the links from sm up).
  await giver.getByTestId('give-button').locator('visible=true').click();
  const dialog = giver.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Reconocer a tus compañeros' })).toBeVisible();
  await expect(dialog.getByTestId('give-allowance-summary')).toContainText(`Te quedan`);
  await choose(dialog, first.email);
  await choose(dialog, second.email);
  await expect(dialog.getByTestId('give-recipients').getByRole('listitem')).toHaveCount(2);

  // Over the allowance: said at once, nothing sent.
  const over = Math.floor(allowance.remaining / 2) + 1;
  await dialog.getByTestId('give-points').fill(String(over));
  await dialog.getByTestId('give-message').fill(message);
  const value = dialog.getByTestId('give-values').getByRole('button').first();
  if (allowance.valuesRequired) await value.click();
  await dialog.getByTestId('give-review').click();
  await expect(dialog.getByTestId('give-error-points')).toHaveText(
    `Esto cuesta ${new Intl.NumberFormat('es-MX').format(over * 2)} puntos y te quedan ${new Intl.NumberFormat('es-MX').format(allowance.remaining)}.`,
  );
  await expectNoSeriousViolations(giver, 'give dialog');

  // Within it: 10 each, confirmed, sent.
  await dialog.getByTestId('give-points').fill('10');
  await expect(dialog.getByTestId('give-cost')).toHaveText('10 puntos × 2 personas = 20 puntos de tu saldo para dar');
  await dialog.getByTestId('give-review').click();
  await expect(dialog.getByTestId('give-confirm')).toContainText(`${first.name}, ${second.name}`);
  await dialog.getByTestId('give-send').click();
  await expect(giver.getByText('Reconocimiento enviado a 2 personas')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(giver.getByTestId('give-allowance').locator('visible=true')).toHaveText(
    new Intl.NumberFormat('es-MX').format(allowance.remaining - 20),
  );

  // The colleague's open feed shows it on top, without a reload.
  const card = watcher.getByTestId('recognition').filter({ hasText: message });
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(watcher.getByTestId('recognition').first()).toContainText(message);
  await expect(card.getByTestId('recognition-points')).toHaveText('10 puntos a cada uno');
  await expect(card.getByTestId('recognition-total')).toHaveText('20 puntos en total');

  // The giver watches the feed meanwhile.
  const giverLive = connected(giver);
  await giver.goto('/feed');
  const mine = giver.getByTestId('recognition').filter({ hasText: message });
  await expect(mine).toBeVisible();
  await giverLive;

  // The colleague opens it, comments and adds points.
  await card.getByTestId('recognition-link').click();
  await expect(watcher).toHaveURL(/\/recognition\/\d+$/);
  await watcher.getByTestId('comment-input').fill(comment);
  await watcher.getByTestId('comment-send').click();
  await expect(watcher.getByTestId('recognition-comments')).toContainText(comment);
  await watcher.getByTestId('addon-points').fill('5');
  await expect(watcher.getByTestId('addon-cost')).toContainText('5 puntos × 2 personas = 10 puntos');
  await watcher.getByTestId('addon-send').click();
  await expect(watcher.getByTestId('recognition-addons')).toContainText('+5');
  await expectNoSeriousViolations(watcher, 'recognition page');

  // The giver sees both without a reload.
  await expect(mine.getByTestId('recognition-comments')).toContainText(comment, { timeout: 10_000 });
  await expect(mine.getByTestId('recognition-addons')).toContainText('+5');
  await expect(mine.getByTestId('recognition-total')).toHaveText('30 puntos en total');
  await expectNoSeriousViolations(giver, 'feed');

  // Giving to oneself is refused with its message (the dialog never offers oneself: the API says it).
  const origin = new URL(giver.url()).origin;
  const session = (await (await giver.request.get('/api/auth/session')).json()).data as { id: number };
  const self = await giver.request.post('/api/recognitions', {
    headers: { origin, 'idempotency-key': crypto.randomUUID(), 'accept-language': 'es' },
    data: { recipients: [session.id], points: 1, message, values: [] },
  });
  expect(self.status()).toBe(422);
  expect(await self.json()).toMatchObject({ code: 'GIVE_TO_SELF', message: 'No puedes reconocerte a ti mismo: elige a tus compañeros' });

  // In English: the feed, the card, the dialog and its refusals.
  await giver.getByRole('button', { name: 'en', exact: true }).locator('visible=true').first().click();
  await expect(giver.locator('html')).toHaveAttribute('lang', 'en');
  await expect(giver.getByRole('heading', { level: 1, name: 'Recognitions' })).toBeVisible();
  await expect(mine.getByTestId('recognition-points')).toHaveText('10 points each');
  await giver.getByTestId('feed-give').click();
  const en = giver.getByRole('dialog');
  await expect(en.getByRole('heading', { name: 'Recognize your colleagues' })).toBeVisible();
  await choose(en, first.email);
  await en.getByTestId('give-points').fill(String(allowance.remaining));
  await en.getByTestId('give-message').fill('ok');
  await en.getByTestId('give-review').click();
  await expect(en.getByTestId('give-error-points')).toContainText('you have');
  if (allowance.minMessage > 2)
    await expect(en.getByTestId('give-error-message')).toHaveText(`Write at least ${allowance.minMessage} characters.`);
  await en.getByRole('button', { name: 'Cancel' }).click();
  const selfEn = await giver.request.post('/api/recognitions', {
    headers: { origin, 'idempotency-key': crypto.randomUUID(), 'accept-language': 'en' },
    data: { recipients: [session.id], points: 1, message, values: [] },
  });
  expect((await selfEn.json()).message).toBe('You cannot recognize yourself: choose colleagues');

  await watcher.context().close();
  await giver.context().close();
});
