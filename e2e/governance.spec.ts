import { createHmac } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, test } from './support.ts';

// Budgets, company-funded awards and approvals (docs/architecture.md A6.19), in Spanish (desktop) and English
// (phone), on the demo data: the store administrator gives awards from the first store's budget to people of
// Fernanda Aguilar, a demo manager whose own manager is Alejandro Aguilar (seed/demo-awards.ts).
// - 600 points need one approval: Fernanda approves it from the app (the account menu counts what waits for
//   her) and the recipient's balance moves by 600.
// - 2,500 points need two levels; nobody decides, the server clock moves 7 days on (POST /api/test/clock,
//   TEST_CLOCK_ROUTES, the journeys only) and the step escalates to Alejandro, who sees it in his approvals,
//   and the giver reads that he holds it now.
// - 700 points are denied by Fernanda with a reason, which the giver reads in "My awards".
// - 650 points are approved through the signed link of an approval e-mail, opened without a session: the page
//   asks to confirm, and the same link then says it was already decided.

const texts = {
  es: {
    locale: 'es-MX',
    viewport: { width: 1280, height: 800 },
    recipients: ['gabriel.aguilar', 'hilda.aguilar', 'ignacio.aguilar'],
    awardsMenu: 'Premios',
    approvalsMenu: /Aprobaciones/,
    awardsTitle: 'Premios',
    approvalsTitle: 'Aprobaciones',
    points: 'Puntos para cada persona',
    message: 'Mensaje',
    send: 'Dar el premio',
    credited: /pendiente de aprobación por Fernanda/,
    approve: 'Aprobar',
    approved: 'Aprobado: los puntos se acreditaron',
    deny: 'Rechazar',
    linkFor: 'Una solicitud de aprobación para Fernanda',
    linkDone: 'Aprobado. Gracias.',
    linkUsed: 'Esta aprobación ya se decidió.',
    reason: 'Motivo',
    denyConfirm: 'Rechazar el premio',
    denied: 'Rechazado',
    reasonText: 'Este mes ya se reconoció ese trabajo',
    waitingAlejandro: /Pendiente de Alejandro/,
  },
  en: {
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    recipients: ['julia.aguilar', 'julia.aguilar', 'julia.aguilar'],
    awardsMenu: 'Awards',
    approvalsMenu: /Approvals/,
    awardsTitle: 'Awards',
    approvalsTitle: 'Approvals',
    points: 'Points for each person',
    message: 'Message',
    send: 'Give the award',
    credited: /waiting for approval by Fernanda/,
    approve: 'Approve',
    approved: 'Approved: the points were credited',
    deny: 'Deny',
    linkFor: 'An approval request for Fernanda',
    linkDone: 'Approved. Thank you.',
    linkUsed: 'This approval was already decided.',
    reason: 'Reason',
    denyConfirm: 'Deny the award',
    denied: 'Denied',
    reasonText: 'That work was already recognized this month',
    waitingAlejandro: /Waiting for Alejandro/,
  },
} as const;
type Lang = keyof typeof texts;

const GIVER = 'admin@rewards.test';
const MANAGER = 'fernanda.aguilar@rewards.test';
const TOP = 'alejandro.aguilar@rewards.test';
const suffix = Date.now().toString(36).slice(-5);

async function newPage(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ locale: texts[lang].locale, viewport: texts[lang].viewport });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  return page;
}

async function openFromMenu(page: Page, name: string | RegExp) {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name }).click();
}

/** The giver gives `points` to `email` from the (only) budget they may spend; answers the result's text. */
async function give(page: Page, lang: Lang, email: string, points: number, message: string) {
  const t = texts[lang];
  const form = page.getByTestId('give-award-form');
  const box = form.locator('input[role="combobox"]');
  await box.fill(email);
  await expect(form.getByTestId('person-option').first()).toBeVisible();
  await box.press('Enter');
  await expect(form.getByTestId('award-recipients').getByRole('listitem')).toHaveCount(1);
  await form.getByLabel(t.points).fill(String(points));
  await form.getByLabel(t.message).fill(message);
  await form.getByRole('button', { name: t.send }).click();
  return form.getByTestId('give-award-result');
}

/**
 * The approve or deny link an approval e-mail carries (apps/server/src/modules/awards/links.service.ts signs
 * it the same way, with SESSION_SECRET: the journeys' server runs on the development secret).
 */
function approvalLink(stepId: number, approverId: number, action: 'approve' | 'deny'): string {
  const secret = 'development-only-secret-do-not-use-in-production';
  const payload = Buffer.from(JSON.stringify({ s: stepId, a: approverId, x: action, e: Date.now() + 14 * 86_400_000 })).toString(
    'base64url',
  );
  const signature = createHmac('sha256', `${secret}:approval-links`).update(payload).digest('base64url');
  return `/approvals/link/${payload}.${signature}`;
}

async function balanceOf(page: Page): Promise<number> {
  const body = (await (await page.request.get('/api/users/profile/')).json()) as { data: { points: number } };
  return body.data.points;
}

/** How far this file moved the server clock: put back after each test, so the journeys after it see today. */
let daysMoved = 0;
test.afterEach(async ({ request }) => {
  if (daysMoved === 0) return;
  const back = await request.post('/api/test/clock', { data: { days: -daysMoved } });
  expect(back.status()).toBe(200);
  daysMoved = 0;
});

for (const lang of ['es', 'en'] as const) {
  const t = texts[lang];
  test(`${lang}: a manager approves an award, an old one escalates after a week, a denied one shows its reason`, async ({
    browser,
    request,
    signInAs,
  }) => {
    test.setTimeout(180_000);
    const [approveTo, escalateTo, denyTo] = t.recipients.map((r) => `${r}@rewards.test`) as [string, string, string];
    const messages = {
      approve: `Por el gran cierre de inventario ${lang} ${suffix}`,
      escalate: `Por liderar la apertura de la tienda ${lang} ${suffix}`,
      deny: `Por cubrir turnos extra esta semana ${lang} ${suffix}`,
      link: `Por el inventario de fin de mes ${lang} ${suffix}`,
    };

    // The recipient's balance before.
    const recipient = await newPage(browser, lang);
    await signInAs(recipient, approveTo);
    const before = await balanceOf(recipient);

    // The store administrator gives three awards from the account menu's "Awards".
    const giver = await newPage(browser, lang);
    await signInAs(giver, GIVER);
    await openFromMenu(giver, t.awardsMenu);
    await expect(giver.getByRole('heading', { level: 1, name: t.awardsTitle })).toBeVisible();
    await expect(await give(giver, lang, approveTo, 600, messages.approve)).toContainText(t.credited);
    await expect(await give(giver, lang, escalateTo, 2500, messages.escalate)).toContainText(t.credited);
    await expect(await give(giver, lang, denyTo, 700, messages.deny)).toContainText(t.credited);
    await expect(await give(giver, lang, denyTo, 650, messages.link)).toContainText(t.credited);
    await expectNoSeriousViolations(giver, `${lang} /awards`);

    // Fernanda sees how many wait for her, approves one and denies another with a reason.
    const manager = await newPage(browser, lang);
    await signInAs(manager, MANAGER);
    await manager.getByTestId('account-menu').click();
    await expect(manager.getByTestId('menu-approvals')).toContainText(/\d+/);
    await manager.getByTestId('menu-approvals').click();
    await expect(manager.getByRole('heading', { level: 1, name: t.approvalsTitle })).toBeVisible();
    const toApprove = manager.getByTestId('approval').filter({ hasText: messages.approve });
    await toApprove.getByRole('button', { name: t.approve }).click();
    await expect(manager.getByText(t.approved)).toBeVisible();
    await expect(toApprove).toHaveCount(0);
    const toDeny = manager.getByTestId('approval').filter({ hasText: messages.deny });
    await toDeny.getByRole('button', { name: t.deny }).click();
    const dialog = manager.getByRole('dialog');
    await dialog.getByRole('button', { name: t.denyConfirm }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByLabel(t.reason).fill(t.reasonText);
    await dialog.getByRole('button', { name: t.denyConfirm }).click();
    await expect(toDeny).toHaveCount(0);
    await expectNoSeriousViolations(manager, `${lang} /approvals`);

    // The recipient's balance moved by the award.
    await expect.poll(() => balanceOf(recipient)).toBe(before + 600);

    // The giver reads the denial's reason.
    await giver.reload();
    const denied = giver.getByTestId('my-award').filter({ hasText: messages.deny });
    await expect(denied.getByTestId('award-status')).toHaveText(t.denied);
    await expect(denied.getByTestId('award-deny-reason')).toContainText(t.reasonText);

    // The 650 points through the approval e-mail's link, in a browser without a session.
    const pendingOfManager = (await (await manager.request.get('/api/approvals')).json()) as {
      data: { stepId: number; award: { message: string } }[];
    };
    const step = pendingOfManager.data.find((p) => p.award.message === messages.link)!;
    const managerId = ((await (await manager.request.get('/api/users/profile/')).json()) as { data: { id: number } }).data.id;
    const mailReader = await newPage(browser, lang);
    await mailReader.goto(approvalLink(step.stepId, managerId, 'approve'));
    await expect(mailReader.getByText(t.linkFor)).toBeVisible();
    await expect(mailReader.getByText(messages.link)).toBeVisible();
    await mailReader.getByRole('button', { name: t.approve }).click();
    await expect(mailReader.getByTestId('link-state')).toContainText(t.linkDone);
    await mailReader.reload();
    await expect(mailReader.getByTestId('link-state')).toContainText(t.linkUsed);
    await expectNoSeriousViolations(mailReader, `${lang} /approvals/link`);

    // A week later nobody has decided the 2,500 points: the step escalates to Alejandro.
    const moved = await request.post('/api/test/clock', { data: { days: 7 } });
    expect(moved.status()).toBe(200);
    daysMoved += 7;
    expect(((await moved.json()) as { data: { escalated: number } }).data.escalated).toBeGreaterThanOrEqual(1);
    const top = await newPage(browser, lang);
    await signInAs(top, TOP);
    await top.goto('/approvals');
    await expect(top.getByTestId('approval').filter({ hasText: messages.escalate })).toBeVisible();
    const giverAgain = await newPage(browser, lang);
    await signInAs(giverAgain, GIVER);
    await giverAgain.goto('/awards');
    await expect(giverAgain.getByTestId('my-award').filter({ hasText: messages.escalate }).getByTestId('award-held-by')).toHaveText(
      t.waitingAlejandro,
    );
  });
}

test('es: the store administrator finds the budgets and the approval rules in the admin area', async ({ browser, signInAs }) => {
  const page = await newPage(browser, 'es');
  await signInAs(page, GIVER);
  await page.goto('/admin/');
  await page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Presupuestos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Presupuestos' })).toBeVisible();
  const store = page.getByTestId('budget-row').filter({ hasText: 'Toda la tienda' });
  await expect(store).toBeVisible();
  await expect(page.getByTestId('budget-row').filter({ hasText: 'Responsable: Fernanda' })).toBeVisible();
  await store.getByRole('button', { name: 'Movimientos de Toda la tienda' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('budget-movement').filter({ hasText: 'Dotado' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(page.getByTestId('rules-form')).toBeVisible();
  await expect(page.getByLabel('Escalado tras (días)')).toHaveValue('7');
  await expectNoSeriousViolations(page, 'es /admin/budgets');
});
