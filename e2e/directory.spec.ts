import type { Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, test } from './support.ts';

// The company directory (docs/architecture.md A6.18, decision 0050), in Spanish and in English: the super
// administrator opens /admin/directory from the admin sections, creates a SCIM connection and copies its token
// (the clipboard holds it, and a SCIM request with it is answered while one without it is not); runs a dry run
// of a people file with a new person in a demo store and a row whose office no store has, sees that row's
// reason, applies the file after the confirmation, and finds the new person in the audit list. The connection
// is revoked at the end, and its token no longer answers. No serious accessibility fault on the way. The form
// and the tabs are used from the keyboard; Spanish runs on a desktop, English on a phone (the lists as cards).
//
// Each language makes its own connection and its own person (the demo data has neither).

const texts = {
  es: {
    locale: 'es-MX',
    viewport: { width: 1280, height: 800 },
    nav: 'Secciones de administración',
    section: 'Directorio',
    connectionsTab: 'Conexiones SCIM',
    syncTab: 'Sincronizar un archivo',
    auditTab: 'Auditoría',
    newConnection: 'Nueva conexión',
    form: 'Nueva conexión SCIM',
    name: 'Nombre',
    office: 'Oficina de cada persona',
    officeOption: 'Oficina (extensión propia)',
    create: 'Crear conexión',
    connection: 'Entra ID de pruebas',
    secretTitle: 'El token de «Entra ID de pruebas»',
    once: /no se volverá a mostrar/,
    token: 'Token (Bearer)',
    scimUrl: 'URL de SCIM (Tenant URL)',
    copy: 'Copiar el token',
    copied: 'Copiado al portapapeles.',
    done: 'Listo, ya lo guardé',
    active: 'Activa',
    revoked: 'Revocada',
    officeIn: 'Oficina (extensión propia)',
    csv: (email: string, bad: string) =>
      `Correo,Nombre,Apellido,Oficina\n${email},Nora,Directorio,Oficina Guadalajara\n${bad},Otto,Marte,Oficina Marte\n`,
    file: 'personas.csv',
    dryRun: 'Probar (sin guardar)',
    read: '2 filas leídas de personas.csv',
    rowN: 'Fila 3',
    unknownOffice: 'Ninguna tienda tiene ese nombre ni ese código de sede.',
    apply: 'Aplicar',
    confirmTitle: '¿Aplicar la sincronización?',
    confirmText: 'Altas: 1, cambios: 0, bajas: 0. Las filas con errores (1) no se aplican.',
    applied: 'Sincronización aplicada. Altas: 1, cambios: 0, bajas: 0.',
    person: 'Nora',
    source: 'Archivo',
    sourceFilter: 'Origen',
    by: 'Sofía',
    createAction: 'Alta',
    officeChange: 'Oficina: — → Oficina Guadalajara',
    revoke: 'Revocar la conexión Entra ID de pruebas',
    revokeTitle: '¿Revocar esta conexión?',
    revokeButton: 'Revocar',
  },
  en: {
    locale: 'en-US',
    // A phone: the lists are cards.
    viewport: { width: 390, height: 844 },
    nav: 'Administration sections',
    section: 'Directory',
    connectionsTab: 'SCIM connections',
    syncTab: 'Sync a file',
    auditTab: 'Audit',
    newConnection: 'New connection',
    form: 'New SCIM connection',
    name: 'Name',
    office: "Each person's office",
    officeOption: 'Office (own extension)',
    create: 'Create connection',
    connection: 'Test Okta',
    secretTitle: 'The token of "Test Okta"',
    once: /will not be shown again/,
    token: 'Token (Bearer)',
    scimUrl: 'SCIM URL (Tenant URL)',
    copy: 'Copy the token',
    copied: 'Copied to the clipboard.',
    done: 'Done, I have saved it',
    active: 'Active',
    revoked: 'Revoked',
    officeIn: 'Office (own extension)',
    csv: (email: string, bad: string) =>
      `Email,Name,Last name,Office\n${email},Nolan,Directory,Oficina Monterrey\n${bad},Otis,Mars,Mars Office\n`,
    file: 'people.csv',
    dryRun: 'Dry run',
    read: '2 rows read from people.csv',
    rowN: 'Row 3',
    unknownOffice: 'No store has this name or site code.',
    apply: 'Apply',
    confirmTitle: 'Apply the sync?',
    confirmText: 'Created: 1, updated: 0, deactivated: 0. Rows with errors (1) are not applied.',
    applied: 'Sync applied. Created: 1, updated: 0, deactivated: 0.',
    person: 'Nolan',
    source: 'File',
    sourceFilter: 'Source',
    by: 'Sofía',
    createAction: 'Created',
    officeChange: 'Office: — → Oficina Monterrey',
    revoke: 'Revoke the connection Test Okta',
    revokeTitle: 'Revoke this connection?',
    revokeButton: 'Revoke',
  },
} as const;

type Lang = keyof typeof texts;

async function newPage(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ locale: texts[lang].locale, viewport: texts[lang].viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  return page;
}

for (const lang of ['es', 'en'] as const) {
  const t = texts[lang];
  test(`${lang}: a super administrator connects a directory by SCIM, syncs a people file and reads the audit list`, async ({
    browser,
    request,
    signInAs,
  }) => {
    test.setTimeout(120_000);
    const email = `directorio.${lang}@rewards.test`;
    const bad = `sin.oficina.${lang}@rewards.test`;
    const page = await newPage(browser, lang);
    await signInAs(page, 'super@rewards.test');
    await page.goto('/admin/');
    await page.getByRole('navigation', { name: t.nav }).getByRole('link', { name: t.section, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/directory$/);
    await expect(page.getByRole('heading', { level: 1, name: t.section })).toBeVisible();
    await expect(page.getByRole('tab', { name: t.connectionsTab })).toHaveAttribute('aria-selected', 'true');

    // --- A SCIM connection: its token once, copied; the directory calls with it ---
    // The form from the keyboard: the button, the office, the name, Enter; the validity stays at 90 days.
    await page.getByRole('button', { name: t.newConnection }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: t.form });
    await form.getByLabel(t.office).selectOption({ label: t.officeOption });
    await form.getByLabel(t.name, { exact: true }).focus();
    await page.keyboard.type(t.connection);
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('directory-connection-created');
    await expect(panel.getByRole('heading', { name: t.secretTitle })).toBeFocused();
    await expect(panel.getByText(t.once)).toBeVisible();
    const token = await panel.getByLabel(t.token).inputValue();
    expect(token).toMatch(/^rs_scim_[\w-]{20,}$/);
    const scimUrl = await panel.getByLabel(t.scimUrl).inputValue();
    expect(scimUrl).toMatch(/\/scim\/v2$/);
    await panel.getByRole('button', { name: t.copy }).click();
    await expect(panel.getByText(t.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expectNoSeriousViolations(page, `${lang} new connection's token`);

    // The request fixture has no session: only the token speaks for it.
    const config = `${new URL(scimUrl).pathname}/ServiceProviderConfig`;
    const asDirectory = { headers: { Authorization: `Bearer ${token}` } };
    expect((await request.get(config, asDirectory)).status()).toBe(200);
    expect((await request.get(config)).status()).toBe(401);

    await panel.getByRole('button', { name: t.done }).click();
    await expect(panel).toBeHidden();
    const row = page.getByTestId('directory-connection-row').filter({ hasText: t.connection });
    await expect(row).toContainText(`${token.slice(0, 12)}`);
    await expect(row).toContainText(t.active);
    await expect(row).toContainText(t.officeIn);
    expect(await page.content()).not.toContain(token);

    // --- The sync: a dry run shows the refused row, then Apply after the confirmation ---
    // The tabs from the keyboard: the arrow selects the next one.
    await page.getByRole('tab', { name: t.connectionsTab }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: t.syncTab })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\?tab=sync$/);
    await page.getByTestId('directory-sync-file').setInputFiles({
      name: t.file,
      mimeType: 'text/csv',
      buffer: Buffer.from(t.csv(email, bad)),
    });
    await page.getByRole('button', { name: t.dryRun }).click();
    const dry = page.getByTestId('directory-report-dry');
    await expect(dry.getByTestId('directory-report-read')).toHaveText(t.read);
    await expect(dry.getByTestId('directory-count-created').locator('dd')).toHaveText('1');
    await expect(dry.getByTestId('directory-count-errors').locator('dd')).toHaveText('1');
    const refused = dry.getByTestId('directory-error-row');
    await expect(refused).toHaveCount(1);
    await expect(refused).toContainText(t.rowN);
    await expect(refused).toContainText(bad);
    await expect(refused.getByTestId('directory-error-reason')).toHaveText(t.unknownOffice);
    await expect(dry.getByTestId('directory-created-row')).toContainText(email);
    await expectNoSeriousViolations(page, `${lang} sync dry run`);

    await page.getByRole('button', { name: t.apply, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t.confirmTitle });
    await expect(confirm).toContainText(t.confirmText);
    await confirm.getByRole('button', { name: t.apply, exact: true }).click();
    await expect(page.getByTestId('directory-sync-done')).toHaveText(t.applied);
    await expect(page.getByTestId('directory-report-applied').getByTestId('directory-created-row')).toContainText(email);

    // --- The audit list: the new person, by the file, created in the store of the file ---
    await page.getByRole('tab', { name: t.auditTab }).click();
    await page.getByLabel(t.sourceFilter).selectOption({ label: t.source });
    const entry = page.getByTestId('directory-audit-row').filter({ hasText: email });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(t.person);
    await expect(entry.getByTestId('directory-audit-by')).toContainText(t.by);
    await expect(entry.getByTestId('directory-audit-action')).toHaveText(t.createAction);
    await expect(entry).toContainText(t.officeChange);
    await expect(page.getByTestId('directory-audit-row').filter({ hasText: bad })).toHaveCount(0);
    await expectNoSeriousViolations(page, `${lang} directory audit`);

    // --- Revoked after the confirmation: the token no longer answers ---
    await page.getByRole('tab', { name: t.connectionsTab }).click();
    await row.getByRole('button', { name: t.revoke }).click();
    await page.getByRole('dialog', { name: t.revokeTitle }).getByRole('button', { name: t.revokeButton }).click();
    await expect(row).toContainText(t.revoked);
    expect((await request.get(config, asDirectory)).status()).toBe(401);
    await page.context().close();
  });
}

test('an administrator who is not a super administrator has no directory', async ({ browser, signInAs }) => {
  const page = await newPage(browser, 'es');
  await signInAs(page, 'admin@rewards.test');
  await page.goto('/admin/');
  const nav = page.getByRole('navigation', { name: texts.es.nav });
  await expect(nav.getByRole('link', { name: 'Correo' })).toBeVisible();
  await expect(nav.getByRole('link', { name: texts.es.section, exact: true })).toHaveCount(0);
  await page.goto('/admin/directory');
  await expect(page.getByText('Solo los super administradores gestionan el directorio de la empresa.')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await page.context().close();
});
