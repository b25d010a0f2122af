import fs from 'node:fs';
import { expect, inLanguage, test, expectNoSeriousViolations } from './support.ts';
import ExcelJS from 'exceljs';

/**
 * Bulk loads (decision 0005). Only the demo employees get points here (apps/server/src/seed/demo-loads.ts):
 * Ana's 5,000 points, stock and the demo accounts stay as other journeys expect them. The seed gave
 * employees 0-9 "Voz del cliente" this month (its limit is 1 a month) and 10-34 "Colaboración".
 */
const firstNames = ['Alejandro', 'Beatriz', 'Carlos', 'Daniela', 'Eduardo', 'Fernanda', 'Gabriel', 'Hilda', 'Ignacio', 'Julia'];
const lastNames = ['Aguilar', 'Benítez', 'Castro', 'Domínguez', 'Escobar', 'Flores'];
const ascii = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** The i-th demo employee of the first store. */
const E = (i: number) => `${ascii(firstNames[i % 10]!)}.${ascii(lastNames[Math.floor(i / 10)]!)}@rewards.test`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => E(from + k));

/** An XLSX as an HR system would send it: a "Correo" column after the names. */
async function employeesXlsx(emails: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Empleados');
  sheet.addRow(['Nombre', 'Correo']);
  emails.forEach((email, i) => sheet.addRow([`Persona ${i + 1}`, email]));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('an administrator loads points with a pasted list and an XLSX, fixes the mistakes, confirms, reports and exports; the receiver sees the points', async ({
  page,
  browser,
  signInAs,
}, testInfo) => {
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await signInAs(page, 'admin@rewards.test');
  await page.goto('/admin/');
  await page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Cargas' }).click();
  await expect(page).toHaveURL(/\/admin\/loads\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva carga de puntos' })).toBeVisible();

  // --- Step 1: 20 pasted e-mails with every kind of mistake, and an XLSX of 50 ---
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Agrega al menos un correo.')).toBeVisible();
  const pasted = [
    ...range(40, 51).map((e, i) => (i === 3 ? `  ${e.toUpperCase()}` : e)),
    'correo-mal',
    E(40).toUpperCase(),
    'nadie@rewards.test',
    'baja.temporal@rewards.test',
    'luis@rewards.test',
    E(0),
    'julia.flores@rewards',
    'sobra@rewards.test',
  ];
  expect(pasted).toHaveLength(20);
  const separators = [', ', '; ', ' ', '\n'];
  await page.getByLabel('Pega los correos').fill(pasted.map((e, i) => e + separators[i % 4]).join(''));
  await expect(page.getByTestId('load-email-count')).toHaveText('20 correos');
  const fromFile = [
    ...range(10, 39),
    ...range(52, 58),
    ...range(1, 9),
    'ricardo.salas@rewards.test',
    E(41),
    'sin-correo',
    'desconocido@rewards.test',
  ];
  expect(fromFile).toHaveLength(50);
  await page.getByLabel('O sube un archivo CSV o Excel (.xlsx)').setInputFiles({
    name: 'empleados.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await employeesXlsx(fromFile),
  });
  await expect(page.getByTestId('load-files')).toContainText('empleados.xlsx: 50 correos');
  await expect(page.getByTestId('load-files')).toContainText('hoja «Empleados» · columna «Correo»');
  await expect(page.getByTestId('load-email-count')).toHaveText('70 correos');
  await shot('1-emails');
  await expectNoSeriousViolations(page, 'step 1');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // --- Step 2: the recognition (required), its points by default, a reason ---
  await expect(page.getByTestId('load-step-2')).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Selecciona un reconocimiento.')).toBeVisible();
  // Keyboard: the recognitions are radio buttons.
  await page.getByRole('radio', { name: /Voz del cliente/ }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /Voz del cliente/ })).toBeChecked();
  await expect(page.getByTestId('load-points')).toHaveValue('300');
  await expect(page.getByText('Del reconocimiento: 300. Puedes indicar otra cantidad.')).toBeVisible();
  await inLanguage(page, 'Motivo').fill('Reconocimiento trimestral e2e');
  await shot('2-recognition');
  await expectNoSeriousViolations(page, 'step 2');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // --- Step 3: the review, each reason in Spanish; one fixed, one dropped, reviewed again ---
  await expect(page.getByTestId('load-review-summary')).toBeVisible();
  await expect(page.getByTestId('load-correct-count')).toHaveText('49 correctos');
  await expect(page.getByTestId('load-incorrect-count')).toHaveText('21 incorrectos');
  const incorrect = page.getByTestId('load-incorrect-row');
  await expect(incorrect).toHaveCount(21);
  const reasonOf = (email: string) =>
    incorrect.filter({ has: page.getByRole('textbox', { name: `Corregir ${email}` }) }).getByTestId('load-incorrect-reason');
  await expect(reasonOf('correo-mal')).toHaveText('No es un correo válido');
  await expect(reasonOf(E(40).toUpperCase())).toHaveText('Repetido en la lista');
  await expect(reasonOf('nadie@rewards.test')).toHaveText('No hay ninguna persona con este correo');
  await expect(reasonOf('baja.temporal@rewards.test')).toHaveText('La persona está inactiva');
  await expect(reasonOf('luis@rewards.test')).toHaveText('La persona pertenece a otra tienda');
  await expect(reasonOf(E(0))).toHaveText('Ya alcanzó el límite de este reconocimiento en el periodo');
  await expect(reasonOf(E(5))).toHaveText('Ya alcanzó el límite de este reconocimiento en el periodo');
  await expect(reasonOf('ricardo.salas@rewards.test')).toHaveText('La persona pertenece a otra tienda');
  await shot('3-review');
  await expectNoSeriousViolations(page, 'step 3');

  const fix = page.getByRole('textbox', { name: 'Corregir julia.flores@rewards' });
  await fix.fill(E(59));
  await fix.press('Enter');
  await expect(reasonOf('julia.flores@rewards.test')).toHaveText('Modificado: revisa de nuevo');
  await page.getByRole('button', { name: 'Quitar sobra@rewards.test de la lista' }).click();
  await expect(page.getByText('Vuelve a revisar la lista antes de continuar.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  await page.getByRole('button', { name: 'Revisar de nuevo' }).click();
  await expect(page.getByTestId('load-correct-count')).toHaveText('50 correctos');
  await expect(page.getByTestId('load-incorrect-count')).toHaveText('19 incorrectos');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // --- Step 4: the summary, then the confirm ---
  const summary = page.getByTestId('load-summary');
  await expect(summary).toContainText('Voz del cliente');
  await expect(summary).toContainText('Reconocimiento trimestral e2e');
  await expect(summary.getByText('Personas que recibirán puntos').locator('+ dd')).toHaveText('50');
  await expect(summary.getByText('Correos que no recibirán puntos').locator('+ dd')).toHaveText('19');
  await expect(summary.getByText('Total de puntos').locator('+ dd')).toHaveText('15,000');
  await shot('4-confirm');
  await page.getByRole('button', { name: 'Confirmar carga' }).click();
  const done = page.getByTestId('load-done');
  await expect(done).toContainText(/Carga \d+ registrada: 50 personas recibieron 300 puntos\./);
  const loadId = Number(/Carga (\d+)/.exec(await done.innerText())![1]);
  await shot('5-done');

  // --- The group report ---
  await done.getByRole('link', { name: 'Ver reporte' }).click();
  await expect(page).toHaveURL(`/admin/loads/report/${loadId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Reporte de la carga ${loadId}` })).toBeVisible();
  const report = page.getByTestId('load-report');
  await expect(report).toContainText('Alberto Admin · admin@rewards.test');
  await expect(report.getByText('Correctos', { exact: true }).locator('+ dd')).toHaveText('50');
  await expect(report.getByText('Incorrectos', { exact: true }).locator('+ dd')).toHaveText('19');
  await expect(report.getByText('Total acreditado').locator('+ dd')).toHaveText('15,000');
  await page.getByRole('tab', { name: 'Incorrectos' }).click();
  await expect(page.getByTestId('load-emails').locator('tbody tr')).toHaveCount(19);
  await expect(page.getByTestId('load-emails')).toContainText('Ya alcanzó el límite de este reconocimiento en el periodo');
  await shot('6-report');
  await expectNoSeriousViolations(page, 'report');
  // The store's list links to it.
  await page.getByRole('link', { name: 'Todas las cargas' }).click();
  await expect(page.getByTestId('load-row').first()).toContainText('Reconocimiento trimestral e2e');
  await page.goto(`/admin/loads/report/${loadId}`);

  // --- The consolidated rows of the load, and their XLSX ---
  await page.getByRole('link', { name: 'Ver consolidado de esta carga' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/loads/consolidated/1\\?loadId=${loadId}$`));
  await expect(page.getByTestId('consolidated-count')).toHaveText('50 registros');
  await expect(page.getByTestId('consolidated-row').first()).toContainText('Voz del cliente');
  await page.getByLabel('Receptor', { exact: true }).fill('JULIA.FLORES');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByTestId('consolidated-count')).toHaveText('1 registro');
  await page.getByRole('button', { name: 'Limpiar' }).click();
  await page.getByLabel('Carga', { exact: true }).fill(String(loadId));
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByTestId('consolidated-count')).toHaveText('50 registros');
  await shot('7-consolidated');
  await expectNoSeriousViolations(page, 'consolidated');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel (.xlsx)' }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    'ID',
    'Carga',
    'Fecha',
    'Reconocimiento',
    'Receptor',
    'Correo del receptor',
    'Oficina del receptor',
    'Emisor',
    'Correo del emisor',
    'Oficina del emisor',
    'Puntos',
  ]);
  expect(sheet.rowCount).toBe(51);
  const received = new Set<string>();
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    expect(row.getCell(2).value).toBe(loadId);
    expect(row.getCell(3).value).toBeInstanceOf(Date);
    expect(row.getCell(4).value).toBe('Voz del cliente');
    expect(row.getCell(10).value).toBe('Oficina Ciudad de México');
    expect(row.getCell(11).value).toBe(300);
    received.add(String(row.getCell(6).value));
  });
  expect([...received].sort()).toEqual([...range(40, 51), E(59), ...range(10, 39), ...range(52, 58)].sort());

  // --- The receiver: the points, the statement line and a notification ---
  const receiver = await (await browser.newContext({ locale: 'es-MX' })).newPage();
  await signInAs(receiver, E(59));
  await expect(receiver.getByTestId('points-balance')).toContainText('300');
  const counters = await receiver.request.get('/api/users/profile/counters');
  expect(((await counters.json()) as { data: { notifications: number } }).data.notifications).toBe(1);
  await receiver.goto('/account');
  await expect(receiver.getByText('Voz del cliente: Reconocimiento trimestral e2e')).toBeVisible();
  await receiver.screenshot({ path: testInfo.outputPath('8-receiver.png'), fullPage: true });
});

test('the wizard in English: texts and reasons follow the language, and "start over" clears it', async ({ page, signInAs }, testInfo) => {
  await signInAs(page, 'admin@rewards.test');
  await page.goto('/admin/loads/new');
  await page.getByRole('button', { name: 'en', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New point load' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Load steps' })).toContainText('Recognition');
  await page.getByLabel('Paste the e-mails').fill(`not-an-email\n${E(36)}; ${E(36).toUpperCase()}, walter.zamora@rewards.test`);
  await expect(page.getByTestId('load-email-count')).toHaveText('4 e-mails');
  await page.getByRole('button', { name: 'Next' }).click();
  // The recognitions in English (their names were written in both languages).
  await page.getByRole('radio', { name: /Collaboration/ }).check();
  await page.getByTestId('load-points').fill('0');
  await inLanguage(page, 'Reason', 'en').fill('Team project');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Enter a whole number from 1 to 1,000,000.')).toBeVisible();
  await page.getByTestId('load-points').fill('120');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('load-correct-count')).toHaveText('1 correct');
  await expect(page.getByTestId('load-incorrect-count')).toHaveText('3 incorrect');
  const reasons = page.getByTestId('load-incorrect-reason');
  await expect(reasons).toHaveText(['Not a valid e-mail', 'Repeated in the list', 'The person belongs to another store']);
  await page.screenshot({ path: testInfo.outputPath('en-review.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'review in English');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('load-summary')).toContainText('People who will receive points');
  await expect(page.getByTestId('load-summary').getByText('Total points').locator('+ dd')).toHaveText('120');

  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByTestId('load-step-1')).toBeVisible();
  await expect(page.getByLabel('Paste the e-mails')).toHaveValue('');
  await expect(page.getByTestId('load-email-count')).toHaveText('0 e-mails');
});
