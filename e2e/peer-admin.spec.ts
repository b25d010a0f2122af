import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, inLanguage, test } from './support.ts';

// The administration of peer recognition (docs/architecture.md P2, A6.16), on a 390 x 844 phone and on a
// desktop, in Spanish and English: the demo administrator of the first store opens its page from the admin
// sections, changes the giving allowance's amount and period, adds a company value named in both languages
// with an emoji and sees it listed; then opens the store's giving report, reads participation and the top
// lists, changes the period and exports it as XLSX and CSV. No console error, no serious accessibility fault.
//
// It leaves the world as it found it, so that the giving journey (peer-recognition.spec.ts) and the others
// see the demo as seeded: the settings go back to what they were (the period is changed to one that starts
// no earlier than the current one, so no allowance is reset meanwhile, A6.16) and the new value is deleted.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

const texts = {
  es: {
    nav: 'Secciones de administración',
    section: 'Reconocimiento entre compañeros',
    title: (store: string) => `Reconocimiento entre compañeros · ${store}`,
    saved: 'Cambios guardados',
    newValue: 'Nuevo valor',
    name: 'Nombre',
    save: 'Guardar',
    created: 'Valor creado',
    remove: 'Eliminar',
    removed: 'Valor eliminado',
    report: 'Informe de reconocimientos',
    reportTitle: (store: string) => `Reconocimiento entre compañeros en ${store}`,
    current: (from: string, to: string) => `Periodo actual: del ${from} al ${to}`,
    period: (from: string, to: string) => `Del ${from} al ${to}`,
    show: 'Ver',
    givers: 'Quienes más reconocieron',
    receivers: 'Quienes más recibieron',
    file: 'reconocimientos',
    headings: [
      'Fecha',
      'Reconocimiento',
      'Tipo',
      'Emisor',
      'Correo del emisor',
      'Oficina del emisor',
      'Receptor',
      'Correo del receptor',
      'Oficina del receptor',
      'Puntos',
      'Valores',
      'Privado',
    ],
    locale: 'es-MX',
  },
  en: {
    nav: 'Administration sections',
    section: 'Peer recognition',
    title: (store: string) => `Peer recognition · ${store}`,
    saved: 'Changes saved',
    newValue: 'New value',
    name: 'Name',
    save: 'Save',
    created: 'Value created',
    remove: 'Delete',
    removed: 'Value deleted',
    report: 'Giving report',
    reportTitle: (store: string) => `Peer recognition in ${store}`,
    current: (from: string, to: string) => `Current period: ${from} to ${to}`,
    period: (from: string, to: string) => `From ${from} to ${to}`,
    show: 'Show',
    givers: 'Top givers',
    receivers: 'Top receivers',
    file: 'recognitions',
    headings: [
      'Date',
      'Recognition',
      'Kind',
      'Giver',
      'Giver e-mail',
      'Giver office',
      'Recipient',
      'Recipient e-mail',
      'Recipient office',
      'Points',
      'Values',
      'Private',
    ],
    locale: 'en-US',
  },
} as const;

interface Giving {
  amount: number;
  period: 'week' | 'month' | 'quarter';
  minMessage: number;
  shareCapPercent: number;
  perReport: number;
}
interface Report {
  period: { from: string; to: string };
  participation: { activePeople: number; givers: number; receivers: number; giverShare: number; receiverShare: number };
  totals: { gives: number; points: number };
  topGivers: { person: { name: string } }[];
  topReceivers: { person: { name: string } }[];
}

/** The first store the signed-in administrator runs, as the API tells them. */
async function ownStore(page: Page) {
  const session = (await (await page.request.get('/api/auth/session')).json()).data as { adminStores: number[] };
  const all = (await (await page.request.get('/api/stores/?pageSize=100')).json()).data as { id: number; title: string }[];
  return all.find((s) => session.adminStores.includes(s.id))!;
}

/** The store's giving rules, as `PUT /api/peer/stores/{id}/giving` takes them. */
async function giving(page: Page, storeId: number): Promise<Giving> {
  const { amount, period, minMessage, shareCapPercent, perReport } = (
    await (await page.request.get(`/api/peer/stores/${storeId}/giving`)).json()
  ).data as Giving;
  return { amount, period, minMessage, shareCapPercent, perReport };
}

async function report(page: Page, storeId: number, lang: string, range: { from?: string; to?: string } = {}) {
  const query = new URLSearchParams(range as Record<string, string>).toString();
  const res = await page.request.get(`/api/peer/stores/${storeId}/report${query ? `?${query}` : ''}`, {
    headers: { 'accept-language': lang },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data as Report;
}

/** A day (YYYY-MM-DD) `days` before today in the program's time zone (UTC in the journeys' server). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

for (const lang of ['es', 'en'] as const) {
  const t = texts[lang];
  /** Numbers, shares and dates as the browser writes them in this language (the page uses the same formats). */
  const inBrowser = {
    number: (page: Page, n: number) => page.evaluate(([l, v]) => new Intl.NumberFormat(l).format(v), [t.locale, n] as const),
    share: (page: Page, n: number) =>
      page.evaluate(([l, v]) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 1 }).format(v), [t.locale, n] as const),
    date: (page: Page, d: string) =>
      page.evaluate(([l, v]) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${v}T00:00:00Z`)), [
        t.locale,
        d,
      ] as const),
  };

  for (const [device, viewport] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    test.describe(`${device}, ${lang}`, () => {
      test.use({ viewport, isMobile: device === 'phone', hasTouch: device === 'phone', locale: t.locale });

      test('the administrator sets the giving allowance, adds a company value, reads the giving report and exports it', async ({
        page,
        signInAs,
      }, testInfo) => {
        test.setTimeout(150_000);
        const problems: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(`console: ${m.text()}`);
        });
        page.on('pageerror', (e) => problems.push(`page: ${e.message}`));
        await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
        await signInAs(page, 'admin@rewards.test');
        const store = await ownStore(page);
        const origin = new URL(page.url()).origin;
        const before = await giving(page, store.id);
        const suffix = `${Date.now().toString(36).slice(-4)}${device[0]}`;
        const value = { es: `Constancia ${suffix}`, en: `Perseverance ${suffix}`, emoji: '🏔️' };
        const noSidewaysScroll = async () =>
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        try {
          // --- From the admin sections to the store's peer recognition page ---
          await page.goto('/admin/');
          await page.getByRole('navigation', { name: t.nav }).getByRole('link', { name: t.section, exact: true }).click();
          await expect(page).toHaveURL(`/admin/peer/${store.id}`);
          await expect(page.getByRole('heading', { level: 1, name: t.title(store.title) })).toBeVisible();

          // --- The giving allowance: another amount and another period, saved, kept after a reload ---
          const form = page.getByTestId('giving-form');
          const amount = form.getByTestId('giving-amount');
          const period = form.getByTestId('giving-period');
          // A loaded machine can take a while for the lazy form.
          await expect(amount).toHaveValue(String(before.amount), { timeout: 30_000 });
          await expect(period).toHaveValue(before.period);
          // A period that starts no earlier than the current one: nobody's allowance is stale meanwhile.
          const changed = { amount: before.amount + 25, period: before.period === 'quarter' ? 'month' : 'quarter' } as const;
          await amount.fill(String(changed.amount));
          await period.selectOption(changed.period);
          await form.getByTestId('giving-save').click();
          await expect(page.getByText(t.saved).first()).toBeVisible();
          await expect(form.getByTestId('giving-save')).toBeDisabled();
          expect(await giving(page, store.id)).toEqual({ ...before, ...changed });
          await page.reload();
          await expect(page.getByTestId('giving-amount')).toHaveValue(String(changed.amount), { timeout: 30_000 });
          await expect(page.getByTestId('giving-period')).toHaveValue(changed.period);
          await noSidewaysScroll();
          await expectNoSeriousViolations(page, `peer settings ${device} ${lang}`);
          // Back to what it was, through the same form.
          await page.getByTestId('giving-amount').fill(String(before.amount));
          await page.getByTestId('giving-period').selectOption(before.period);
          await page.getByTestId('giving-save').click();
          await expect(page.getByTestId('giving-save')).toBeDisabled();
          await expect.poll(() => giving(page, store.id)).toEqual(before);

          // --- A company value in both languages with an emoji, listed in the reader's language ---
          await page.getByTestId('new-value').click();
          const dialog = page.getByRole('dialog');
          await expect(dialog.getByRole('heading', { name: t.newValue })).toBeVisible();
          await inLanguage(dialog, t.name, 'es').fill(value.es);
          await inLanguage(dialog, t.name, 'en').fill(value.en);
          await dialog.getByTestId('value-emoji').fill(value.emoji);
          await dialog.getByRole('button', { name: t.save, exact: true }).click();
          await expect(page.getByText(t.created).first()).toBeVisible();
          await expect(dialog).toBeHidden();
          const row = page.getByTestId('value-row').filter({ hasText: value[lang] });
          await expect(row).toHaveCount(1);
          await expect(row).toContainText(value.emoji);
          // The other language's name is not what this reader sees.
          await expect(row).not.toContainText(value[lang === 'es' ? 'en' : 'es']);
          await page.screenshot({ path: testInfo.outputPath(`peer-admin-${device}-${lang}.png`), fullPage: true });
          await noSidewaysScroll();
          await expectNoSeriousViolations(page, `company values ${device} ${lang}`);
          // It is the store's: the API lists it with both names and the emoji.
          const values = (await (await page.request.get(`/api/peer/stores/${store.id}/values`)).json()).data as {
            id: number;
            name: string;
            nameEn: string;
            emoji: string | null;
          }[];
          expect(values.find((v) => v.name === value.es)).toMatchObject({ nameEn: value.en, emoji: value.emoji });
          // Deleted again (nothing names it), after its confirmation.
          await row.getByRole('button', { name: `${t.remove} ${value[lang]}` }).click();
          const confirm = page.getByRole('dialog');
          await expect(confirm).toContainText(value[lang]);
          await confirm.getByRole('button', { name: t.remove, exact: true }).click();
          await expect(page.getByText(t.removed).first()).toBeVisible();
          await expect(page.getByTestId('value-row').filter({ hasText: value[lang] })).toHaveCount(0);

          // --- The giving report: the current period first ---
          await page.getByRole('link', { name: t.report }).click();
          await expect(page).toHaveURL(`/admin/peer/${store.id}/report`);
          await expect(page.getByRole('heading', { level: 1, name: t.reportTitle(store.title) })).toBeVisible();
          const current = await report(page, store.id, lang);
          const shown = page.getByTestId('peer-report');
          await expect(shown).toBeVisible({ timeout: 30_000 });
          await expect(page.getByTestId('peer-report-period')).toHaveText(
            t.current(await inBrowser.date(page, current.period.from), await inBrowser.date(page, current.period.to)),
          );
          const p = current.participation;
          await expect(page.getByTestId('peer-report-people-value')).toHaveText(await inBrowser.number(page, p.activePeople));
          await expect(page.getByTestId('peer-report-givers-value')).toHaveText(await inBrowser.share(page, p.giverShare));
          await expect(page.getByTestId('peer-report-receivers-value')).toHaveText(await inBrowser.share(page, p.receiverShare));
          await expect(page.getByTestId('peer-report-gives-value')).toHaveText(await inBrowser.number(page, current.totals.gives));

          // --- Another period: the last four weeks, which hold the demo's recognitions ---
          const range = { from: daysAgo(27), to: daysAgo(0) };
          await page.locator('#peer-report-from').fill(range.from);
          await page.locator('#peer-report-to').fill(range.to);
          await page.getByRole('button', { name: t.show, exact: true }).click();
          await expect(page.getByTestId('peer-report-period')).toHaveText(
            t.period(await inBrowser.date(page, range.from), await inBrowser.date(page, range.to)),
          );
          const weeks = await report(page, store.id, lang, range);
          expect(weeks.totals.gives).toBeGreaterThan(0);
          const w = weeks.participation;
          await expect(page.getByTestId('peer-report-gives-value')).toHaveText(await inBrowser.number(page, weeks.totals.gives));
          await expect(page.getByTestId('peer-report-points-value')).toHaveText(await inBrowser.number(page, weeks.totals.points));
          await expect(page.getByTestId('peer-report-givers-value')).toHaveText(await inBrowser.share(page, w.giverShare));
          await expect(page.getByTestId('peer-report-givers')).toContainText(await inBrowser.number(page, w.givers));
          await expect(page.getByTestId('peer-report-receivers-value')).toHaveText(await inBrowser.share(page, w.receiverShare));
          // The top lists, in the API's order.
          for (const [testId, heading, rows] of [
            ['peer-top-givers', t.givers, weeks.topGivers],
            ['peer-top-receivers', t.receivers, weeks.topReceivers],
          ] as const) {
            const list = page.getByTestId(testId);
            await expect(list.getByRole('heading', { name: heading })).toBeVisible();
            expect(rows.length).toBeGreaterThan(0);
            await expect(list.getByTestId(`${testId}-row`)).toHaveCount(rows.length);
            await expect(list.getByTestId(`${testId}-row`).first()).toContainText(rows[0]!.person.name);
          }
          await noSidewaysScroll();
          await expectNoSeriousViolations(page, `giving report ${device} ${lang}`);

          // --- The period's gives as XLSX and as CSV, named and headed in the reader's language ---
          const name = `${t.file}-${store.id}-${range.from}-${range.to}`;
          const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('peer-export-xlsx').click()]);
          expect(xlsx.suggestedFilename()).toBe(`${name}.xlsx`);
          const workbook = new ExcelJS.Workbook();
          await workbook.xlsx.load(fs.readFileSync((await xlsx.path())!) as unknown as ArrayBuffer);
          const sheet = workbook.worksheets[0]!;
          expect(sheet.getRow(1).values).toEqual([undefined, ...t.headings]);
          expect(sheet.rowCount).toBeGreaterThan(1);
          const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('peer-export-csv').click()]);
          expect(csv.suggestedFilename()).toBe(`${name}.csv`);
          const [header, ...lines] = fs
            .readFileSync((await csv.path())!, 'utf8')
            .replace(/^\ufeff/, '')
            .trimEnd()
            .split('\n');
          expect(header).toBe(t.headings.join(';'));
          expect(lines.length).toBeGreaterThan(0);
          // The same rows as the workbook: one per give and recipient.
          expect(lines).toHaveLength(sheet.rowCount - 1);
          expect(lines[0]!.split(';')).toHaveLength(t.headings.length);
          await page.screenshot({ path: testInfo.outputPath(`peer-report-${device}-${lang}.png`), fullPage: true });
          expect(problems).toEqual([]);
        } finally {
          // Whatever happened, the store's settings are as they were and the value is gone.
          const now = await giving(page, store.id);
          if (now.amount !== before.amount || now.period !== before.period)
            await page.request.put(`/api/peer/stores/${store.id}/giving`, { headers: { origin }, data: before });
          const left = (
            (await (await page.request.get(`/api/peer/stores/${store.id}/values`)).json()).data as { id: number; name: string }[]
          ).find((v) => v.name === value.es);
          if (left) await page.request.delete(`/api/peer/values/${left.id}`, { headers: { origin } });
        }
      });
    });
  }
}
