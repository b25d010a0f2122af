import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, test } from './support.ts';

// The audit log (docs/architecture.md A6.19, decision 0051), in Spanish and in English: a super administrator
// opens /admin/audit from the admin sections, sees the entries, verifies the chain (every entry checks out);
// then the test edits an entry in the database behind the triggers' back, and verifying again names that
// entry, its number and that its content was changed. The test puts the entry back afterwards.
//
// The edit is made by the journeys' own route (POST /api/test/audit/edit, TEST_CLOCK_ROUTES, never in
// production), which writes behind the append-only trigger as a database owner could, on PGlite or PostgreSQL.

const texts = {
  es: {
    locale: 'es-MX',
    viewport: { width: 1280, height: 800 },
    nav: 'Secciones de administración',
    section: 'Auditoría',
    verify: 'Verificar la cadena',
    ok: /Las \d+ entradas están en orden/,
    mismatch: (seq: number) => `La entrada n.º ${seq} no coincide`,
    content: 'Su contenido se cambió',
  },
  en: {
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    nav: 'Administration sections',
    section: 'Audit log',
    verify: 'Verify the chain',
    ok: /All \d+ entries check out/,
    mismatch: (seq: number) => `Entry no. ${seq} does not match`,
    content: 'Its content was changed',
  },
} as const;
type Lang = keyof typeof texts;

async function newPage(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ locale: texts[lang].locale, viewport: texts[lang].viewport });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  return page;
}

/** Edits the newest sealed entry behind the triggers (or puts it back), through the journeys' test route. */
async function editNewest(request: APIRequestContext, restore: boolean): Promise<number | null> {
  const res = await request.post('/api/test/audit/edit', { data: { restore } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { seq?: number | null } }).data.seq ?? null;
}

for (const lang of ['es', 'en'] as const) {
  const t = texts[lang];
  test(`${lang}: a super administrator verifies the audit chain, and an entry edited in the database is named`, async ({
    browser,
    request,
    signInAs,
  }) => {
    test.setTimeout(120_000);
    const page = await newPage(browser, lang);
    await signInAs(page, 'super@rewards.test');
    await page.goto('/admin/');
    await page.getByRole('navigation', { name: t.nav }).getByRole('link', { name: t.section, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: t.section })).toBeVisible();
    await expect(page.getByTestId('audit-row').first()).toBeVisible();

    await page.getByRole('button', { name: t.verify }).click();
    await expect(page.getByTestId('audit-verify-result')).toHaveText(t.ok);
    await expectNoSeriousViolations(page, `${lang} /admin/audit`);

    const seq = await editNewest(request, false);
    expect(seq).not.toBeNull();
    try {
      await page.getByRole('button', { name: t.verify }).click();
      const result = page.getByTestId('audit-verify-result');
      await expect(result).toContainText(t.mismatch(seq!));
      await expect(result).toContainText(t.content);
    } finally {
      await editNewest(request, true);
    }
    await page.getByRole('button', { name: t.verify }).click();
    await expect(page.getByTestId('audit-verify-result')).toHaveText(t.ok);
  });
}
