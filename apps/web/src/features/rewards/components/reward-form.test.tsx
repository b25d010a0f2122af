import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import rewardsEn from '@/locales/en/rewards.json';
import rewardsEs from '@/locales/es/rewards.json';
import { createTestI18n } from '@/test/render';
import { frequencyLabel } from './frequency';
import { RewardForm } from './reward-form';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ rewards: { en: rewardsEn, es: rewardsEs } });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('frequencyLabel', () => {
  it('shows the limit as stored, in both languages', async () => {
    const t = i18n.getFixedT('en', 'rewards');
    expect(frequencyLabel(t, 2, 'year')).toBe('2 per year');
    expect(frequencyLabel(t, 1, 'month')).toBe('1 per month');
    expect(frequencyLabel(t, 1, 'day')).toBe('1 per day');
    const es = i18n.getFixedT('es', 'rewards');
    expect(frequencyLabel(es, 2, 'year')).toBe('2 por año');
    expect(frequencyLabel(es, 1, 'month')).toBe('1 por mes');
    expect(frequencyLabel(es, 1, 'day')).toBe('1 por día');
  });

  it('says once per class, trivia or webinar for a once-per-activity recognition, in both languages', () => {
    const en = i18n.getFixedT('en', 'rewards');
    expect(['class', 'trivia', 'webinar', 'activity'].map((k) => frequencyLabel(en, 1, 'activity', k as 'class'))).toEqual([
      'once per class',
      'once per trivia',
      'once per webinar',
      'once per activity',
    ]);
    const es = i18n.getFixedT('es', 'rewards');
    expect(['class', 'trivia', 'webinar'].map((k) => frequencyLabel(es, 1, 'activity', k as 'class'))).toEqual([
      'una vez por clase',
      'una vez por trivia',
      'una vez por webinar',
    ]);
    expect(frequencyLabel(es, 1, 'activity', null)).toBe('una vez por actividad');
  });
});

const areas = [
  { id: 7, name: 'Bienestar', nameEn: 'Well-being', active: true },
  { id: 8, name: 'Archivo', nameEn: '', active: false },
];

function renderForm(props: Partial<Parameters<typeof RewardForm>[0]> = {}) {
  const onDone = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RewardForm storeId={3} areas={areas} onDone={onDone} {...props} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { onDone };
}

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** One language's control of a text written in both (the form shows them side by side). */
const inLanguage = (field: string, language = 'Español') => within(screen.getByRole('group', { name: field })).getByLabelText(language);

function fill() {
  fireEvent.change(inLanguage('Name'), { target: { value: 'Mentoría' } });
  fireEvent.change(screen.getByLabelText('Area'), { target: { value: '7' } });
  fireEvent.change(inLanguage('Description'), { target: { value: 'Por acompañar a una persona nueva.' } });
  fireEvent.change(screen.getByLabelText('Points'), { target: { value: '150' } });
}

describe('RewardForm', () => {
  it('offers the active areas only, and requires an area, a name and the points', async () => {
    renderForm();
    const options = [...(screen.getByLabelText('Area') as HTMLSelectElement).options].map((o) => o.text);
    // In the reader's language (English here).
    expect(options).toEqual(['Select an area', 'Well-being']);
    // Year, month and once per activity; 'day' only for a recognition stored with it.
    expect([...(screen.getByLabelText('Per') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['year', 'month', 'activity']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Area')).toHaveProperty('ariaInvalid', 'true'));
    expect(screen.getByLabelText('Points').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('1 per year')).toBeTruthy();
    // The name and the description need one language at least: the shared schema checks the pair once the
    // fields themselves are valid, and says so on the Spanish control.
    fireEvent.change(screen.getByLabelText('Area'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Points'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(inLanguage('Name').getAttribute('aria-invalid')).toBe('true'));
    expect(inLanguage('Description').getAttribute('aria-invalid')).toBe('true');
    expect(inLanguage('Name', 'English').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByText('Required field')).toHaveLength(2);
  });

  it('takes a name written in English only', async () => {
    const fetch = answer(201, { data: {} });
    const { onDone } = renderForm();
    fireEvent.change(inLanguage('Name', 'English'), { target: { value: 'Mentoring' } });
    fireEvent.change(inLanguage('Description', 'English'), { target: { value: 'For helping a newcomer settle in.' } });
    fireEvent.change(screen.getByLabelText('Area'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Points'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({
      name: '',
      nameEn: 'Mentoring',
      descriptionEn: 'For helping a newcomer settle in.',
    });
  });

  it('sends the form with its store and shows a taken code next to the code field', async () => {
    const fetch = answer(409, {
      statusCode: 409,
      code: 'REWARD_CODE_TAKEN',
      message: 'x',
      details: [{ field: 'body.code' }],
      requestId: 'r',
    });
    const { onDone } = renderForm();
    fill();
    fireEvent.change(screen.getByLabelText('Code (optional)'), { target: { value: 'collaboration' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Another recognition of this store already uses this code')).toBeTruthy());
    const code = screen.getByLabelText('Code (optional)');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(code.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Another recognition of this store already uses this code',
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/rewards');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Mentoría',
      nameEn: '',
      description: 'Por acompañar a una persona nueva.',
      descriptionEn: '',
      areaId: 7,
      points: 150,
      frequencyLimit: 1,
      frequencyPeriod: 'year',
      activityKind: null,
      code: 'collaboration',
      storeId: 3,
    });
    expect(onDone).not.toHaveBeenCalled();
  });

  it('edits with PUT, keeps a stored daily limit and an inactive current area, and closes when saved', async () => {
    const reward = {
      id: 5,
      storeId: 3,
      areaId: 8,
      areaName: 'Archivo',
      areaNameEn: null,
      code: 'clase',
      name: 'Clase',
      nameEn: '',
      description: 'Puntos por asistir a una clase.',
      descriptionEn: '',
      points: 100,
      frequencyLimit: 1,
      frequencyPeriod: 'day' as const,
      activityKind: null,
      active: true,
    };
    const fetch = answer(200, { data: reward });
    await i18n.changeLanguage('es');
    const { onDone } = renderForm({ reward });
    expect((screen.getByLabelText('Área') as HTMLSelectElement).value).toBe('8');
    expect((screen.getByLabelText('Por') as HTMLSelectElement).value).toBe('day');
    expect(screen.getByText('1 por día')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Puntos'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/rewards/5', 'PUT']);
    expect(JSON.parse(init.body as string)).toMatchObject({ points: 120, areaId: 8, frequencyPeriod: 'day', code: 'clase' });
  });

  it('chooses once per activity: asks the kind (required), hides the count and sends it as once', async () => {
    const reward = {
      id: 9,
      storeId: 3,
      areaId: 7,
      areaName: 'Bienestar',
      areaNameEn: null,
      code: 'webinar',
      name: 'Webinar',
      nameEn: '',
      description: 'Por asistir a un webinar.',
      descriptionEn: '',
      points: 100,
      frequencyLimit: 1,
      frequencyPeriod: 'activity' as const,
      activityKind: 'webinar' as const,
      active: true,
    };
    const fetch = answer(201, { data: reward });
    const { onDone } = renderForm();
    fill();
    fireEvent.change(screen.getByLabelText('Times per person'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Per'), { target: { value: 'activity' } });
    expect(screen.queryByLabelText('Times per person')).toBeNull();
    const kind = screen.getByLabelText('Kind of activity') as HTMLSelectElement;
    expect([...kind.options].map((o) => o.text)).toEqual(['Choose the kind', 'Class', 'Trivia', 'Webinar', 'Other activity']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(kind.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(kind.getAttribute('aria-describedby')!)?.textContent).toBe('Required field');
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(kind, { target: { value: 'webinar' } });
    await waitFor(() => expect(screen.getByText(/^once per webinar\./)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/rewards');
    expect(JSON.parse(init.body as string)).toMatchObject({
      frequencyPeriod: 'activity',
      frequencyLimit: 1,
      activityKind: 'webinar',
      storeId: 3,
    });
  });

  it('edits a once-per-activity recognition in Spanish, and back to a count per year drops the kind', async () => {
    const reward = {
      id: 6,
      storeId: 3,
      areaId: 7,
      areaName: 'Bienestar',
      areaNameEn: null,
      code: 'class',
      name: 'Clase',
      nameEn: '',
      description: 'Por asistir a una clase.',
      descriptionEn: '',
      points: 100,
      frequencyLimit: 1,
      frequencyPeriod: 'activity' as const,
      activityKind: 'class' as const,
      active: true,
    };
    const fetch = answer(200, { data: reward });
    await i18n.changeLanguage('es');
    const { onDone } = renderForm({ reward });
    expect((screen.getByLabelText('Tipo de actividad') as HTMLSelectElement).value).toBe('class');
    expect(screen.getByText(/^una vez por clase\./)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Por'), { target: { value: 'year' } });
    expect((screen.getByLabelText('Veces por persona') as HTMLInputElement).value).toBe('1');
    fireEvent.change(screen.getByLabelText('Veces por persona'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ frequencyPeriod: 'year', frequencyLimit: 2, activityKind: null });
  });
});
