import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, test } from './support.ts';

// Celebrations (docs/architecture.md A6.17), in Spanish and in English: a demo employee of the second store
// saves a position in a time zone where it is now daytime; a super administrator sets that store's
// celebration hour to 00:00 (so "past the local hour" holds whatever the hour), imports birthdays from a CSV
// (e2e/fixtures/birthdays.csv: the employee's birthday is today in their zone, and one row nobody has,
// refused with its reason shown) and confirms; confirming runs the celebrations job for those people (the
// same-day catch-up), so the employee's birthday is celebrated at once. The employee then changes their
// celebration choices in their profile, and /feed's "today's celebrations" shows their birthday, with "Give
// points" for colleagues. No serious accessibility fault. The store's hour is set back to what it was.
//
// Each language celebrates another employee (a celebration is once per person, kind and year).

const fixture = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/birthdays.csv'), 'utf8');

/** Places whose time zones cover the day: the journey picks one where it is now between 09:00 and 22:00. */
const places = [
  { zone: 'Asia/Tokyo', latitude: 35.6762, longitude: 139.6503 },
  { zone: 'Europe/Madrid', latitude: 40.4168, longitude: -3.7038 },
  { zone: 'America/Mexico_City', latitude: 19.4326, longitude: -99.1332 },
  { zone: 'Pacific/Honolulu', latitude: 21.3069, longitude: -157.8583 },
  { zone: 'Pacific/Auckland', latitude: -36.8485, longitude: 174.7633 },
];

const hourIn = (zone: string, at: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: zone }).format(at));
/** Today's month and day ('MM-DD') in a zone. */
const monthDayIn = (zone: string, at: Date) => {
  const parts = new Intl.DateTimeFormat('en-CA', { month: '2-digit', day: '2-digit', timeZone: zone }).formatToParts(at);
  return `${parts.find((p) => p.type === 'month')!.value}-${parts.find((p) => p.type === 'day')!.value}`;
};

const texts = {
  es: {
    locale: 'es-MX',
    person: { email: 'sonia.trevino@rewards.test', name: 'Sonia Treviño' },
    usePosition: /^(Usar|Actualizar con) mi ubicación actual$/,
    positionSaved: 'Ubicación guardada',
    nav: 'Secciones de administración',
    section: 'Celebraciones',
    title: (store: string) => `Celebraciones · ${store}`,
    settingsTab: 'Configuración',
    importTab: 'Importar fechas',
    upcomingTab: 'Próximos 30 días',
    settingsSaved: 'Configuración guardada',
    read: '2 filas leídas de cumpleanos.csv',
    correct: '1 correcta',
    refused: '1 rechazada',
    unknown: 'Nadie tiene este correo.',
    done: 'Se guardaron las fechas de 1 persona.',
    birthdayKind: 'Cumpleaños',
    celebrations: 'Celebraciones',
    anniversary: 'Aniversario laboral',
    welcome: 'Bienvenida (primer día)',
    none: 'Sin celebrar',
    private: 'Solo para mí (puntos y un aviso)',
    public: 'En el muro, para todos',
    choicesSaved: 'Celebraciones guardadas',
    today: 'Celebraciones de hoy',
    happy: (name: string) => `¡Feliz cumpleaños, ${name}!`,
    give: (name: string) => `Dar puntos a ${name}`,
  },
  en: {
    locale: 'en-US',
    person: { email: 'tomas.uribe@rewards.test', name: 'Tomás Uribe' },
    usePosition: /^(Use|Update with) my current location$/,
    positionSaved: 'Location saved',
    nav: 'Administration sections',
    section: 'Celebrations',
    title: (store: string) => `Celebrations · ${store}`,
    settingsTab: 'Settings',
    importTab: 'Import dates',
    upcomingTab: 'Next 30 days',
    settingsSaved: 'Settings saved',
    read: '2 rows read from cumpleanos.csv',
    correct: '1 correct',
    refused: '1 refused',
    unknown: 'Nobody has this e-mail.',
    done: 'The dates of 1 person were saved.',
    birthdayKind: 'Birthday',
    celebrations: 'Celebrations',
    anniversary: 'Work anniversary',
    welcome: 'Welcome (first day)',
    none: 'Not celebrated',
    private: 'Only to me (points and a notice)',
    public: 'In the feed, for everyone',
    choicesSaved: 'Celebrations saved',
    today: "Today's celebrations",
    happy: (name: string) => `Happy birthday, ${name}!`,
    give: (name: string) => `Give points to ${name}`,
  },
} as const;

type Lang = keyof typeof texts;

async function newPage(browser: Browser, lang: Lang, extra: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ locale: texts[lang].locale, ...extra });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  return page;
}

/** The store of a person, as a signed-in super administrator finds it. */
async function storeOf(page: Page, email: string) {
  const found = (await (await page.request.get(`/api/people?q=${encodeURIComponent(email)}`)).json()).data as { storeId: number }[];
  const all = (await (await page.request.get('/api/stores/?pageSize=100')).json()).data as { id: number; title: string }[];
  return all.find((s) => s.id === found[0]!.storeId)!;
}

for (const lang of ['es', 'en'] as const) {
  const t = texts[lang];
  test(`${lang}: an administrator imports birthdays, a person chooses how they are celebrated, and the feed shows today's celebrations`, async ({
    browser,
    signInAs,
  }) => {
    test.setTimeout(180_000);
    const now = new Date();
    const place = places.find((p) => hourIn(p.zone, now) >= 9 && hourIn(p.zone, now) < 22) ?? places[0]!;
    const birthday = monthDayIn(place.zone, now);

    // --- The person saves a position in that zone: their celebrations follow its local day ---
    const person = await newPage(browser, lang, {
      timezoneId: place.zone,
      geolocation: { latitude: place.latitude, longitude: place.longitude },
      permissions: ['geolocation'],
    });
    await signInAs(person, t.person.email);
    await person.goto('/myProfile');
    const panel = person.getByTestId('place-panel');
    await panel.getByRole('button', { name: t.usePosition }).click();
    await expect(person.getByText(t.positionSaved)).toBeVisible();
    await expect(panel.getByTestId('place-time-zone')).toHaveText(place.zone);

    // --- The administrator: the store's celebration page from the admin sections ---
    const admin = await newPage(browser, lang);
    await signInAs(admin, 'super@rewards.test');
    const store = await storeOf(admin, t.person.email);
    const before = (await (await admin.request.get(`/api/celebrations/stores/${store.id}/settings`)).json()).data as { localHour: number };
    await admin.goto('/admin/');
    await admin.getByRole('navigation', { name: t.nav }).getByRole('link', { name: t.section, exact: true }).click();
    await expect(admin).toHaveURL(/\/admin\/celebrations\/\d+$/);
    await admin.goto(`/admin/celebrations/${store.id}`);
    await expect(admin.getByRole('heading', { level: 1, name: t.title(store.title) })).toBeVisible();

    try {
      // Celebrations from 00:00 of each person's day.
      await admin.getByRole('tab', { name: t.settingsTab }).click();
      await admin.getByTestId('celebration-localHour').selectOption('0');
      await admin.getByTestId('celebration-settings-save').click();
      await expect(admin.getByText(t.settingsSaved)).toBeVisible();

      // --- The import: file -> review (the refused row with its reason) -> confirm ---
      await admin.getByRole('tab', { name: t.importTab }).click();
      await admin.getByTestId('dates-file').setInputFiles({
        name: 'cumpleanos.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(fixture.replace('{{email}}', t.person.email).replace('{{birthday}}', birthday)),
      });
      await expect(admin.getByTestId('dates-file-rows')).toHaveText(t.read);
      await admin.getByTestId('dates-next').click();
      await expect(admin.getByTestId('dates-correct-count')).toHaveText(t.correct);
      await expect(admin.getByTestId('dates-refused-count')).toHaveText(t.refused);
      const refused = admin.getByTestId('dates-refused-row');
      await expect(refused).toHaveCount(1);
      await expect(refused).toContainText('nadie@rewards.test');
      await expect(refused.getByTestId('dates-refused-reason')).toHaveText(t.unknown);
      await expectNoSeriousViolations(admin, `${lang} dates review`);
      await admin.getByTestId('dates-next').click();
      await admin.getByTestId('dates-confirm').click();
      await expect(admin.getByTestId('dates-done')).toContainText(t.done);

      // The next 30 days list the birthday.
      await admin.getByRole('tab', { name: t.upcomingTab }).click();
      const row = admin.getByTestId('upcoming-row').filter({ hasText: t.person.name }).filter({ hasText: t.birthdayKind });
      await expect(row.first()).toBeVisible();
      await expectNoSeriousViolations(admin, `${lang} celebrations admin`);

      // --- The person's choices: the birthday in the feed, no anniversary, the welcome only to them ---
      await person.goto('/myProfile');
      const section = person.getByTestId('celebrations-section');
      await expect(section.getByRole('heading', { name: t.celebrations })).toBeVisible();
      await section.getByRole('group', { name: t.birthdayKind, exact: true }).getByLabel(t.public, { exact: true }).check();
      await section.getByRole('group', { name: t.anniversary }).getByLabel(t.none, { exact: true }).check();
      await section.getByRole('group', { name: t.welcome }).getByLabel(t.private, { exact: true }).check();
      await section.getByTestId('celebrations-save').click();
      await expect(person.getByText(t.choicesSaved)).toBeVisible();
      await person.reload();
      await expect(section.getByRole('group', { name: t.anniversary }).getByLabel(t.none, { exact: true })).toBeChecked();
      await expectNoSeriousViolations(person, `${lang} profile celebrations`);

      // --- The feed: today's celebrations show the birthday ---
      await person.goto('/feed');
      const strip = person.getByTestId('celebrations-today');
      await expect(strip.getByRole('heading', { name: t.today })).toBeVisible();
      await expect(async () => {
        await person.reload();
        await expect(strip.getByTestId('celebration-today').filter({ hasText: t.happy(t.person.name) })).toHaveCount(1, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      // The feed's card of it: the company's, with no giver; the person is not offered to give to themselves.
      const card = person.getByTestId('recognition').filter({ hasText: t.happy(t.person.name) });
      await expect(card.first()).toBeVisible();
      await expect(card.first().getByTestId('celebration-give')).toHaveCount(0);
      await expectNoSeriousViolations(person, `${lang} feed with today's celebrations`);

      // A colleague (the administrator) may give points to the person from the strip.
      await admin.goto('/feed');
      await admin
        .getByTestId('celebrations-today')
        .getByRole('button', { name: t.give(t.person.name) })
        .first()
        .click();
      await expect(admin.getByTestId('give-recipients')).toContainText(t.person.name);
    } finally {
      // The store's hour as it was (the settings' other fields as they are now).
      const {
        storeId: _,
        updatedAt: __,
        ...current
      } = (await (await admin.request.get(`/api/celebrations/stores/${store.id}/settings`)).json()).data as Record<string, unknown>;
      await admin.request.put(`/api/celebrations/stores/${store.id}/settings`, {
        headers: { origin: new URL(admin.url()).origin },
        data: { ...current, localHour: before.localHour },
      });
      await admin.context().close();
      await person.context().close();
    }
  });
}
