import { expect, inLanguage, test, expectNoSeriousViolations } from './support.ts';

/**
 * Once per activity (decision 0036): the seeded "Webinar" recognition is given once per webinar. An
 * administrator loads two different webinars of the same day for one demo employee (both credited), then
 * the first one again typed with other capitals and accents: the review refuses it and names the webinar,
 * in Spanish and English. The titles carry a suffix of their own, so a rerun on the same database is
 * another pair of webinars; no other journey loads webinars.
 */
const suffix = Date.now().toString(36).slice(-5);
const first = `Seguridad digital ${suffix}`;
const second = `Finanzas personales ${suffix}`;
// A demo employee of the first store (apps/server/src/seed/demo-loads.ts): Hilda Flores.
const receiver = 'hilda.flores@rewards.test';

test('/about says once per class, trivia and webinar, in Spanish and English', async ({ page, signInAs }) => {
  await signInAs(page, 'admin@rewards.test');
  await page.goto('/about');
  const table = page.getByRole('region', { name: 'Resumen de puntos' });
  await expect(table.getByRole('row', { name: /Webinar/ })).toContainText('Una vez por webinar');
  await expect(table.getByRole('row', { name: /Clase/ })).toContainText('Una vez por clase');
  await expect(table.getByRole('row', { name: /Trivia/ })).toContainText('Una vez por trivia');
  await expect(table.getByRole('row', { name: /Colaboración/ })).toContainText('Hasta 2 al año');
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  const en = page.getByRole('region', { name: 'Points overview' });
  await expect(en.getByRole('row', { name: /Webinar/ })).toContainText('Once per webinar');
  // The recognitions' names in English too (docs/architecture.md P10).
  await expect(en.getByRole('row', { name: /Class/ })).toContainText('Once per class');
  await expect(en.getByRole('row', { name: /Trivia/ })).toContainText('Once per trivia');
  await page.getByRole('button', { name: 'es', exact: true }).first().click();
  await expect(page.getByRole('region', { name: 'Resumen de puntos' })).toBeVisible();
});

test('two webinars on one day are both credited; the same webinar again is refused and named (es, en)', async ({
  page,
  browser,
  signInAs,
}, testInfo) => {
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await signInAs(page, 'admin@rewards.test');

  /** Steps 1 and 2 of the wizard for the receiver and the webinar `title`, dated today; ends on the review. */
  async function webinarLoad(title: string, checkErrors = false) {
    await page.goto('/admin/loads/new');
    await page.getByLabel('Pega los correos').fill(receiver);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByTestId('load-step-2')).toBeVisible();
    const webinar = page.getByRole('radio', { name: /Webinar/ });
    await expect(webinar.locator('xpath=ancestor::label')).toContainText('Una vez por webinar');
    await expect(page.getByLabel('Título de la actividad')).toHaveCount(0);
    await webinar.check();
    const activity = page.getByTestId('load-activity');
    await expect(activity).toContainText('Cada persona recibe este reconocimiento una vez por webinar');
    await inLanguage(page, 'Motivo').fill('Asistencia e2e');
    const date = page.getByLabel('Fecha de la actividad');
    await expect(date).toHaveAttribute('data-max', /^\d{4}-\d{2}-\d{2}$/);
    const today = (await date.getAttribute('data-max'))!;
    if (checkErrors) {
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await expect(activity.getByText('Escribe un título de 2 a 120 caracteres.')).toBeVisible();
      await expect(activity.getByText('Elige la fecha de la actividad.')).toBeVisible();
      await expect(page.getByLabel('Título de la actividad')).toHaveAttribute('aria-invalid', 'true');
      await shot('1-activity-errors');
      await expectNoSeriousViolations(page, 'activity step with errors');
    }
    await page.getByLabel('Título de la actividad').fill(title);
    await date.fill(today);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByTestId('load-review-summary')).toBeVisible();
    return today;
  }

  /** Confirms the reviewed load; its report shows the activity. */
  async function confirmAndReport(title: string) {
    await expect(page.getByTestId('load-correct-count')).toHaveText('1 correcto');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    const summary = page.getByTestId('load-summary');
    await expect(summary.getByText('Actividad', { exact: true }).locator('+ dd')).toContainText(title);
    await page.getByRole('button', { name: 'Confirmar carga' }).click();
    const done = page.getByTestId('load-done');
    await expect(done).toContainText(/Carga \d+ registrada: 1 personas recibieron 100 puntos\./);
    await done.getByRole('link', { name: 'Ver reporte' }).click();
    const report = page.getByTestId('load-report');
    await expect(report.getByText('Actividad', { exact: true }).locator('+ dd')).toContainText(title);
    await expect(report.getByText('Correctos', { exact: true }).locator('+ dd')).toHaveText('1');
  }

  // --- The first webinar: the activity is asked, with clear errors ---
  await webinarLoad(first, true);
  await confirmAndReport(first);
  await shot('2-first-report');

  // --- Another webinar the same day: credited too ---
  const today = await webinarLoad(second);
  await confirmAndReport(second);
  await expectNoSeriousViolations(page, 'report with an activity');

  // --- The first one again, with other capitals, accents and spaces: refused, naming it ---
  await webinarLoad(`  SEGURIDAD   DIGITÁL ${suffix.toUpperCase()}`);
  await expect(page.getByTestId('load-correct-count')).toHaveText('0 correctos');
  const reason = page.getByTestId('load-incorrect-reason');
  await expect(reason).toHaveText(new RegExp(`^Ya lo recibió por “${first}” del .+$`));
  await expect(page.getByText('Ningún correo puede recibir puntos.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  await shot('3-refused');
  await expectNoSeriousViolations(page, 'refused activity');

  // The same refusal in English.
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  await page.getByRole('button', { name: 'Review again' }).click();
  await expect(page.getByTestId('load-incorrect-reason')).toHaveText(new RegExp(`^Already received it for “${first}” of .+$`));
  await expect(page.getByText('No e-mail can receive points.')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('load-activity')).toContainText('Each person receives this recognition once per webinar');
  await expect(page.getByLabel('Activity date')).toHaveValue(today);
  await page.getByRole('button', { name: 'es', exact: true }).first().click();

  // --- The receiver: both webinars on the statement ---
  const person = await (await browser.newContext({ locale: 'es-MX' })).newPage();
  await signInAs(person, receiver);
  await person.goto('/account');
  await expect(person.getByText(`Webinar (${first}): Asistencia e2e`)).toBeVisible();
  await expect(person.getByText(`Webinar (${second}): Asistencia e2e`)).toBeVisible();
  await person.screenshot({ path: testInfo.outputPath('4-receiver.png'), fullPage: true });
});
