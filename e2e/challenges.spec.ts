import { type Page } from '@playwright/test';
import { expect, inLanguage, test, expectNoSeriousViolations } from './support.ts';

/**
 * Surprise challenges (decision 0008). The journey runs in the second store (Oficina Guadalajara), run by the
 * super administrator, with one of its demo employees as the shopper: activating a challenge tells every
 * user of its store, and other journeys count the notifications and points of the first store's people
 * (Ana, the loads' receivers). The demo data gives that store an inactive open-ended challenge, which
 * the second activation tries.
 */
const suffix = Date.now().toString(36).slice(-5);
const title = `Trivia de bienestar ${suffix}`;
const shopper = 'sonia.trevino@rewards.test';

/** A datetime-local value on this machine's clock (the browser runs on the same one). */
function localInput(ms: number): string {
  const d = new Date(Date.now() + ms);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

async function points(page: Page): Promise<number> {
  const res = await page.request.get('/api/users/profile');
  return ((await res.json()) as { data: { points: number } }).data.points;
}

async function notifications(page: Page): Promise<number> {
  const res = await page.request.get('/api/users/profile/counters');
  return ((await res.json()) as { data: { notifications: number } }).data.notifications;
}

test('an administrator creates and activates a challenge, a second is refused; the shopper answers once, wins points and a notification; in Spanish and English', async ({
  page,
  browser,
  baseURL,
  signInAs,
}, testInfo) => {
  const shot = (p: Page, name: string) => p.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await signInAs(page, 'super@rewards.test');
  await page.goto('/admin/');
  await page.getByTestId('admin-store-select').selectOption({ label: 'Oficina Guadalajara' });
  await expect(page).toHaveURL(/\/admin\/inventory\/\d+$/);
  // The navigation is a transition: the header shows the new store once the page has rendered.
  await expect(page.getByRole('heading', { level: 1, name: /Oficina Guadalajara/ })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Secciones de administración' });
  await nav.getByRole('link', { name: 'Retos' }).click();
  await expect(page).toHaveURL(/\/admin\/challenge\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Retos · Oficina Guadalajara' })).toBeVisible();
  const rows = page.getByTestId('challenge-row');
  const seeded = rows.filter({ hasText: 'Ideas para una oficina más sana' });
  await expect(seeded).toContainText('Inactivo');

  // --- create: every rule is checked in the form ---
  await page.getByTestId('new-challenge').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Nuevo reto' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Campo obligatorio').first()).toBeVisible();
  await expect(dialog.getByText('Elige una fecha y hora.').first()).toBeVisible();
  await inLanguage(dialog, 'Título').fill(title);
  await inLanguage(dialog, 'Instrucciones').fill('Responde dos preguntas sobre hábitos saludables. Gana quien acierte todas primero.');
  await dialog.getByLabel('Inicio', { exact: true }).fill(localInput(-3_600_000));
  await dialog.getByLabel('Fin', { exact: true }).fill(localInput(-7_200_000));
  await dialog.getByLabel('Número de ganadores').fill('1');
  await dialog.getByLabel('Puntos por ganador').fill('250');
  await expect(dialog.getByTestId('challenge-total')).toContainText('250');
  await inLanguage(dialog, 'Pregunta 1').fill('¿Cuántos vasos de agua al día se recomiendan?');
  await inLanguage(dialog, 'Opción 1 de la pregunta 1').fill('Ocho');
  await inLanguage(dialog, 'Opción 2 de la pregunta 1').fill('Uno');
  await dialog.getByRole('radio', { name: 'La opción 1 de la pregunta 1 es la correcta' }).check();
  await dialog.getByRole('button', { name: 'Agregar pregunta' }).click();
  await inLanguage(dialog, 'Pregunta 2').fill('¿Cuántos minutos de actividad física a la semana?');
  await inLanguage(dialog, 'Opción 1 de la pregunta 2').fill('Diez');
  await inLanguage(dialog, 'Opción 2 de la pregunta 2').fill('Ciento cincuenta');
  await dialog.getByRole('button', { name: 'Agregar opción' }).nth(1).click();
  await inLanguage(dialog, 'Opción 3 de la pregunta 2').fill('Ninguno');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El fin debe ser posterior al inicio.')).toBeVisible();
  await expect(dialog.getByText('Marca exactamente una opción como correcta.')).toBeVisible();
  await dialog.getByLabel('Fin', { exact: true }).fill(localInput(2 * 86_400_000));
  await dialog.getByRole('radio', { name: 'La opción 2 de la pregunta 2 es la correcta' }).check();
  await expectNoSeriousViolations(page, 'challenge form (es)');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Reto creado')).toBeVisible();
  const row = rows.filter({ hasText: title });
  await expect(row).toContainText('Inactivo');
  await expect(row).toContainText('2 preguntas');
  await expect(row).toContainText('Total 250');

  // --- activate it; a second active one is refused with the message ---
  await row.getByRole('button', { name: /^Activar/ }).click();
  await expect(dialog).toContainText(title);
  await dialog.getByTestId('confirm-button').click();
  await expect(page.getByText('Reto activado')).toBeVisible();
  await expect(row).toContainText('Abierto');
  await seeded.getByRole('button', { name: /^Activar/ }).click();
  await dialog.getByTestId('confirm-button').click();
  await expect(page.getByText('Ya existe un registro activo')).toBeVisible();
  await expect(seeded).toContainText('Inactivo');
  await expectNoSeriousViolations(page, 'challenges (es)');
  await shot(page, '1-admin-active');

  // --- the shopper: told it opened, answers every question, once ---
  const shopperPage = await (await browser.newContext({ locale: 'es-MX' })).newPage();
  await signInAs(shopperPage, shopper);
  const startPoints = await points(shopperPage);
  await shopperPage.getByRole('navigation', { name: 'Tu cuenta' }).getByRole('link', { name: 'Retos' }).click();
  await expect(shopperPage).toHaveURL(/\/challenge$/);
  await expect(shopperPage.getByRole('heading', { level: 1, name: 'Reto sorpresa' })).toBeVisible();
  await expect(shopperPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(shopperPage.getByText('Responde dos preguntas sobre hábitos saludables.')).toBeVisible();
  await expect(shopperPage.getByTestId('countdown')).toHaveText(/^1 d 2\d h \d\d min \d\d s$/);
  await expect(shopperPage.getByText('250 puntos para 1 ganador')).toBeVisible();
  await shopperPage.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(shopperPage.getByText('Responde esta pregunta.')).toHaveCount(2);
  const q1 = shopperPage.getByRole('group', { name: /^1\. ¿Cuántos vasos/ });
  const q2 = shopperPage.getByRole('group', { name: /^2\. ¿Cuántos minutos/ });
  await q1.getByRole('radio', { name: 'Ocho' }).check();
  await expect(shopperPage.getByText('Responde esta pregunta.')).toHaveCount(1);
  await q2.getByRole('radio', { name: 'Ciento cincuenta' }).check();
  await expectNoSeriousViolations(shopperPage, 'challenge answers (es)');
  await shopperPage.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(shopperPage.getByRole('dialog')).toContainText('Solo puedes responder una vez');
  await shopperPage.getByRole('dialog').getByTestId('confirm-button').click();
  await expect(shopperPage.getByTestId('challenge-sent')).toContainText('Enviaste tus respuestas');
  await expect(shopperPage.getByTestId('answer-form')).toHaveCount(0);
  await expect(shopperPage.getByRole('region', { name: 'Tus respuestas' })).toContainText('Ciento cincuenta');
  await shopperPage.reload();
  await expect(shopperPage.getByTestId('challenge-sent')).toBeVisible();
  await expect(shopperPage.getByRole('button', { name: 'Enviar respuestas' })).toHaveCount(0);
  // One submission: the API refuses a second with its own message.
  const mine = (await (await shopperPage.request.get('/api/challenges/userChallenge')).json()) as {
    data: { challenge: { id: number; questions: { id: number; options: { id: number }[] }[] } };
  };
  const again = await shopperPage.request.post('/api/challenges/answers', {
    headers: { origin: baseURL! },
    data: {
      challengeId: mine.data.challenge.id,
      values: mine.data.challenge.questions.map((q) => ({ questionId: q.id, optionId: q.options[0]!.id })),
    },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe('Ya respondiste este reto');
  await shot(shopperPage, '2-shopper-sent');
  const beforeAward = await notifications(shopperPage);

  // --- the administrator sees the answers and the automatic winner, and awards once ---
  await row.getByRole('button', { name: /^Participantes/ }).click();
  const panel = page.getByTestId('participants-panel');
  const participant = panel.getByTestId('participant-row').filter({ hasText: shopper });
  await expect(participant).toContainText('Ganador (automático)');
  await expect(participant).toContainText('Ciento cincuenta');
  await expect(participant).toContainText('✓ correcta');
  await panel.getByTestId('award-button').click();
  await expect(dialog).toContainText('El primer participante que respondió bien todas las preguntas recibirá 250 puntos');
  await dialog.getByTestId('confirm-button').click();
  await expect(page.getByText('1 ganador recibió sus puntos (total 250)')).toBeVisible();
  await expect(panel.getByTestId('awarded-note')).toBeVisible();
  await expect(participant).toContainText('Ganador');
  await expect(panel.getByTestId('award-button')).toHaveCount(0);
  await expect(row).toContainText('Premiado');
  await shot(page, '3-admin-awarded');

  // --- the shopper: points, a 'challenge' notification, the statement line ---
  expect(await points(shopperPage)).toBe(startPoints + 250);
  expect(await notifications(shopperPage)).toBe(beforeAward + 1);
  const list = (await (await shopperPage.request.get('/api/notifications/?pageSize=5')).json()) as {
    data: { itemType: string; description: string }[];
  };
  // Content written in both languages is stored as both (docs/architecture.md A6.15); the page words it.
  const won = list.data.find((n) => n.itemType === 'challenge' && n.description.startsWith('{'));
  expect(JSON.parse(won?.description ?? '{}')).toMatchObject({ es: `${title} (+250)` });
  await shopperPage.reload();
  await expect(shopperPage.getByTestId('challenge-won')).toContainText('¡Ganaste! Recibiste 250 puntos.');
  await expect(shopperPage.getByTestId('points-balance')).toContainText(new Intl.NumberFormat('es-MX').format(startPoints + 250));
  await shopperPage.goto('/account');
  await expect(shopperPage.getByText(`Reto: ${title}`)).toBeVisible();

  // --- the same in English ---
  await shopperPage.goto('/challenge');
  await shopperPage.getByRole('button', { name: 'en', exact: true }).first().click();
  await expect(shopperPage.getByRole('heading', { level: 1, name: 'Surprise challenge' })).toBeVisible();
  await expect(shopperPage.getByTestId('challenge-won')).toContainText('You won! You received 250 points.');
  await expect(shopperPage.getByRole('region', { name: 'Your answers' })).toContainText('Ocho');
  await expectNoSeriousViolations(shopperPage, 'challenge won (en)');
  await shopperPage.goto('/account');
  await expect(shopperPage.getByText(`Challenge: ${title}`)).toBeVisible();
  await shot(shopperPage, '4-shopper-en');

  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Challenges · Oficina Guadalajara' })).toBeVisible();
  await expect(row).toContainText('Awarded');
  await expect(panel).toContainText('Winner');
  // The demo challenge is written in both languages: in English its English title.
  const seededEn = rows.filter({ hasText: 'Ideas for a healthier office' });
  await seededEn.getByRole('button', { name: /^Activate/ }).click();
  await expect(dialog).toContainText('Activate «Ideas for a healthier office»?');
  await dialog.getByTestId('confirm-button').click();
  await expect(page.getByText('There is already an active record')).toBeVisible();
  await expectNoSeriousViolations(page, 'challenges (en)');
  // A new one in English: the form speaks it too.
  await page.getByTestId('new-challenge').click();
  await expect(dialog.getByRole('heading', { name: 'New challenge' })).toBeVisible();
  await dialog.getByLabel('Type').selectOption('open');
  await expect(dialog.getByText('Options of question 1')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Choose a date and time.').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Back to Spanish for whoever uses these browser profiles next.
  await page.getByRole('button', { name: 'es', exact: true }).first().click();
  await shopperPage.getByRole('button', { name: 'es', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Retos · Oficina Guadalajara' })).toBeVisible();
});
