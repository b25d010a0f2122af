import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { LoadReward } from '@rewards/shared/loads';
import type { I18n } from '@/lib/use-translation';
import loadsEn from '@/locales/en/loads.json';
import loadsEs from '@/locales/es/loads.json';
import { createTestI18n, fakeApi, renderWithProviders, type FakeCall } from '@/test/render';
import { LoadWizard } from './load-wizard';
import { initialState, validate } from './wizard-state';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ loads: { en: loadsEn, es: loadsEs } });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const rewards: LoadReward[] = [
  {
    id: 8,
    name: 'Webinar',
    nameEn: 'Webinar',
    description: 'Puntos por asistir a un webinar.',
    descriptionEn: '',
    points: 100,
    frequencyLimit: 1,
    frequencyPeriod: 'activity',
    activityKind: 'webinar',
  },
  {
    id: 1,
    name: 'Colaboración',
    nameEn: 'Collaboration',
    description: 'Por colaborar.',
    descriptionEn: '',
    points: 500,
    frequencyLimit: 2,
    frequencyPeriod: 'year',
    activityKind: null,
  },
];
const window = { from: '2025-11-01', to: '2026-03-02' };

/** The API: the store's recognitions; a review that refuses whoever already received "Seguridad digital"; a confirm. */
function api() {
  return fakeApi((call: FakeCall) => {
    if (call.path === '/loads/rewards') return [200, { data: rewards }];
    const body = call.body as { emails: string[]; activity?: { title: string; date: string } };
    if (call.path === '/loads/review') {
      const seen = body.activity?.title.toLowerCase() === 'seguridad digital';
      return [
        200,
        {
          data: {
            correct: seen ? [] : body.emails.map((email, index) => ({ index, email, userId: 40 + index, name: `Persona ${index}` })),
            incorrect: seen
              ? body.emails.map((email, index) => ({
                  index,
                  email,
                  reason: 'FREQUENCY_LIMIT',
                  activity: { title: 'Seguridad digital', date: '2026-03-02', loadId: 31 },
                }))
              : [],
            points: 100,
            accrualOpen: true,
          },
        },
      ];
    }
    if (call.path === '/loads' && call.method === 'POST')
      return [
        201,
        {
          data: {
            id: 32,
            storeId: 1,
            storeName: 'Oficina',
            reward: { id: 8, name: 'Webinar' },
            reason: 'Asistencia',
            activity: body.activity ?? null,
            points: 100,
            receivers: 1,
            rejected: 0,
            totalPoints: 100,
            sender: { id: 2, name: 'Alberto Admin', email: 'admin@rewards.test' },
            senderStoreName: 'Oficina',
            createdAt: '2026-03-02T15:00:00.000Z',
          },
        },
      ];
    return [404, { statusCode: 404, code: 'NOT_FOUND', message: 'x', requestId: 'r' }];
  });
}

async function toRecognitionStep(lang: 'en' | 'es' = 'en') {
  await i18n.changeLanguage(lang);
  const calls = api();
  renderWithProviders(<LoadWizard storeId={1} storeName="Oficina" activityWindow={window} />, i18n);
  fireEvent.change(screen.getByTestId('load-emails-text'), { target: { value: 'ana@rewards.test' } });
  fireEvent.click(screen.getByTestId('load-next'));
  await screen.findByTestId('load-step-2');
  return calls;
}

const reviews = (calls: FakeCall[]) => calls.filter((c) => c.path === '/loads/review');

describe('the load wizard with a once-per-activity recognition', () => {
  it('asks the activity only for such a recognition, validates title and date with clear errors, and reviews with it', async () => {
    const calls = await toRecognitionStep();
    const webinar = await screen.findByRole('radio', { name: /Webinar/ });
    expect(webinar.closest('label')?.textContent).toContain('Once per webinar');
    // Each recognition in the reader's language.
    expect(screen.getByRole('radio', { name: /Collaboration/ }).closest('label')?.textContent).toContain('Up to 2 per year');
    expect(screen.queryByLabelText('Activity title')).toBeNull();

    fireEvent.click(webinar);
    expect(screen.getByTestId('load-activity').textContent).toContain('once per webinar');
    const date = screen.getByLabelText('Activity date') as HTMLInputElement;
    // A text field of our own (its format and calendar in the app's language): the window as data attributes.
    expect([date.dataset.min, date.dataset.max]).toEqual(['2025-11-01', '2026-03-02']);
    fireEvent.change(screen.getByTestId('load-reason'), { target: { value: 'Asistencia' } });
    fireEvent.click(screen.getByTestId('load-next'));
    expect(await screen.findByText('Write a title of 2 to 120 characters.')).toBeTruthy();
    expect(screen.getByText('Choose the date of the activity.')).toBeTruthy();
    expect(screen.getByLabelText('Activity title').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('load-step-2')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Activity title'), { target: { value: '  Finanzas personales ' } });
    fireEvent.change(date, { target: { value: '2026-03-05' } });
    expect(screen.getByText(/^Choose a date from .+ to .+: the current program year, up to today\.$/)).toBeTruthy();
    expect(reviews(calls)).toHaveLength(0);

    fireEvent.change(date, { target: { value: '2026-03-02' } });
    fireEvent.click(screen.getByTestId('load-next'));
    await waitFor(() => expect(screen.getByTestId('load-correct-count').textContent).toBe('1 correct'));
    expect(reviews(calls)[0]!.body).toEqual({
      storeId: 1,
      rewardId: 8,
      points: 100,
      activity: { title: 'Finanzas personales', date: '2026-03-02' },
      emails: ['ana@rewards.test'],
    });

    fireEvent.click(screen.getByTestId('load-next'));
    expect((await screen.findByTestId('load-summary')).textContent).toMatch(/ActivityFinanzas personales · /);
    fireEvent.click(screen.getByTestId('load-confirm'));
    await screen.findByTestId('load-done');
    const confirm = calls.find((c) => c.path === '/loads' && c.method === 'POST')!;
    expect(confirm.body).toMatchObject({
      rewardId: 8,
      reason: 'Asistencia',
      activity: { title: 'Finanzas personales', date: '2026-03-02' },
    });
  });

  it('names the activity a person already received it for (es), and a period recognition sends no activity', async () => {
    const calls = await toRecognitionStep('es');
    fireEvent.click(await screen.findByRole('radio', { name: /Webinar/ }));
    expect(screen.getByRole('radio', { name: /Webinar/ }).closest('label')?.textContent).toContain('Una vez por webinar');
    fireEvent.change(screen.getByLabelText('Título de la actividad'), { target: { value: 'SEGURIDAD DIGITAL' } });
    fireEvent.change(screen.getByLabelText('Fecha de la actividad'), { target: { value: '2026-03-02' } });
    fireEvent.change(screen.getByTestId('load-reason'), { target: { value: 'Asistencia' } });
    fireEvent.click(screen.getByTestId('load-next'));
    // The row is listed as soon as the review starts ("Comprobando…"); the verdict replaces it.
    await waitFor(() =>
      expect(screen.getByTestId('load-incorrect-reason').textContent).toMatch(/^Ya lo recibió por “Seguridad digital” del .*2026$/),
    );
    expect(screen.getByText('Ningún correo puede recibir puntos.')).toBeTruthy();
    expect((screen.getByTestId('load-next') as HTMLButtonElement).disabled).toBe(true);

    // Back to step 2 and a recognition per year: no activity asked, none sent.
    fireEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Colaboración/ }));
    expect(screen.queryByLabelText('Título de la actividad')).toBeNull();
    fireEvent.click(screen.getByTestId('load-next'));
    await waitFor(() => expect(reviews(calls)).toHaveLength(2));
    expect(reviews(calls)[1]!.body).not.toHaveProperty('activity');
  }, 20_000);
});

describe('validate', () => {
  const step2 = { ...initialState(), rewardId: 8, points: '100', reason: 'Asistencia', activityKind: 'webinar' as const };

  it('needs the reason in one language at least, each one written 3 to 300 characters', () => {
    const base = { ...initialState(), rewardId: 1, points: '100' };
    expect(validate({ ...base, reason: ' ', reasonEn: '' }, 2)).toEqual({ reason: 'reasonInvalid' });
    expect(validate({ ...base, reason: '', reasonEn: 'Team work' }, 2)).toEqual({});
    expect(validate({ ...base, reason: 'Trabajo en equipo', reasonEn: 'no' }, 2)).toEqual({ reasonEn: 'reasonInvalid' });
    expect(validate({ ...base, reason: 'ok', reasonEn: 'Team work' }, 2)).toEqual({ reason: 'reasonInvalid' });
  });

  it('needs a title of 2 to 120 characters that is not only accents or spaces, and a date in the window', () => {
    expect(validate({ ...step2, activityTitle: 'Webinar', activityDate: '2026-03-01' }, 2, window)).toEqual({});
    expect(validate({ ...step2, activityTitle: ' \u0301\u0301 ', activityDate: '2026-03-01' }, 2, window)).toEqual({
      activityTitle: 'titleInvalid',
    });
    expect(validate({ ...step2, activityTitle: 'x'.repeat(121), activityDate: '' }, 2, window)).toEqual({
      activityTitle: 'titleInvalid',
      activityDate: 'dateRequired',
    });
    expect(validate({ ...step2, activityTitle: 'Webinar', activityDate: '2025-10-31' }, 2, window)).toEqual({ activityDate: 'dateRange' });
    // Without the window (the calendar not loaded yet) the server decides the range.
    expect(validate({ ...step2, activityTitle: 'Webinar', activityDate: '2025-10-31' }, 2)).toEqual({});
    expect(validate({ ...step2, activityKind: null }, 2, window)).toEqual({});
  });
});
