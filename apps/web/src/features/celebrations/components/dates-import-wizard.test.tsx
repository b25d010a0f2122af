import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import celebrationsEn from '@/locales/en/celebrations.json';
import celebrationsEs from '@/locales/es/celebrations.json';
import { createTestI18n, fakeApi, renderWithProviders, type FakeCall } from '@/test/render';
import { reviewDatesInChunks } from '../api/dates-import';
import { DatesImportWizard } from './dates-import-wizard';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ celebrations: { en: celebrationsEn, es: celebrationsEs } });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

const fileRows = [
  { email: 'ana@rewards.test', birthday: '03-14', hireDate: null },
  { email: 'nadie@rewards.test', birthday: '05-01', hireDate: null },
  { email: 'luis@rewards.test', birthday: '31/02', hireDate: '2020-01-15' },
];

/** The API: reads the file, refuses the unknown e-mail and the 31st of February, saves the rest. */
function api() {
  return fakeApi((call: FakeCall) => {
    if (call.path === '/celebrations/dates/file')
      return [
        200,
        { data: { rows: fileRows, format: 'csv', sheet: null, columns: { email: 'Correo', birthday: 'Cumpleaños', hireDate: null } } },
      ];
    const body = call.body as { storeId: number; rows: { email: string }[] };
    if (call.path === '/celebrations/dates/review')
      return [
        200,
        {
          data: {
            correct: body.rows
              .map((r, index) => ({ r, index }))
              .filter(({ r }) => r.email === 'ana@rewards.test')
              .map(({ index }) => ({ index, email: 'ana@rewards.test', userId: 7, name: 'Ana Ruiz', birthday: '03-14', hireDate: null })),
            incorrect: body.rows.flatMap((r, index) =>
              r.email === 'nadie@rewards.test'
                ? [{ index, email: r.email, reason: 'UNKNOWN_USER' }]
                : r.email === 'luis@rewards.test'
                  ? [{ index, email: r.email, reason: 'INVALID_BIRTHDAY' }]
                  : [],
            ),
          },
        },
      ];
    if (call.path === '/celebrations/dates' && call.method === 'POST') return [200, { data: { updated: body.rows.length, incorrect: [] } }];
    return [404, { statusCode: 404, code: 'NOT_FOUND', message: 'x', requestId: 'r' }];
  });
}

async function upload() {
  const input = screen.getByTestId('dates-file') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['Correo,Cumpleaños\n'], 'cumples.csv', { type: 'text/csv' })] } });
  await screen.findByTestId('dates-file-rows');
}

describe('the import of people’s dates', () => {
  it('reads the file, shows each refused row with its reason, and saves only the correct ones', async () => {
    const calls = api();
    renderWithProviders(<DatesImportWizard storeId={2} storeName="Oficina Centro" />, i18n);
    expect((screen.getByTestId('dates-next') as HTMLButtonElement).disabled).toBe(true);
    await upload();
    expect(screen.getByTestId('dates-file-rows').textContent).toBe('3 filas leídas de cumples.csv');
    fireEvent.click(screen.getByTestId('dates-next'));

    await waitFor(() => expect(screen.getByTestId('dates-correct-count').textContent).toBe('1 correcta'));
    expect(screen.getByTestId('dates-refused-count').textContent).toBe('2 rechazadas');
    const refused = screen.getAllByTestId('dates-refused-row');
    expect(refused.map((r) => within(r).getByTestId('dates-refused-reason').textContent)).toEqual([
      'Nadie tiene este correo.',
      'El cumpleaños no es un día válido (MM-DD o DD/MM).',
    ]);
    expect(refused[0]!.textContent).toContain('Fila 2');
    expect(calls.find((c) => c.path === '/celebrations/dates/review')!.body).toEqual({ storeId: 2, rows: fileRows });
    // Nothing was written by the review.
    expect(calls.some((c) => c.path === '/celebrations/dates')).toBe(false);

    fireEvent.click(screen.getByTestId('dates-next'));
    expect((await screen.findByTestId('dates-summary')).textContent).toContain('Personas a actualizar1');
    fireEvent.click(screen.getByTestId('dates-confirm'));
    expect((await screen.findByTestId('dates-done')).textContent).toContain('Se guardaron las fechas de 1 persona.');
    expect(calls.find((c) => c.path === '/celebrations/dates')!.body).toEqual({ storeId: 2, rows: [fileRows[0]] });
  });

  it('speaks English, and says why a file cannot be read', async () => {
    await i18n.changeLanguage('en');
    fakeApi(() => [422, { statusCode: 422, code: 'DATES_FILE_NO_EMAIL_COLUMN', message: 'x', requestId: 'r', details: { rows: 20 } }]);
    renderWithProviders(<DatesImportWizard storeId={2} storeName="Downtown" />, i18n);
    expect(screen.getByRole('list', { name: 'Import steps' }).textContent).toContain('File');
    const input = screen.getByTestId('dates-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'x.csv')] } });
    expect((await screen.findByTestId('dates-file-error')).textContent).toMatch(/e-mail column/);
    expect((screen.getByTestId('dates-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a repeated e-mail in the list itself, whatever request it falls in, and reviews the rest by chunks', async () => {
    const calls = fakeApi((call) => {
      const rows = (call.body as { rows: { email: string }[] }).rows;
      return [
        200,
        {
          data: {
            correct: rows.map((r, index) => ({ index, email: r.email, userId: index + 1, name: r.email, birthday: null, hireDate: null })),
            incorrect: [],
          },
        },
      ];
    });
    const rows = [
      { email: 'a@x.test', birthday: '01-01', hireDate: null },
      { email: 'b@x.test', birthday: '01-02', hireDate: null },
      { email: ' A@X.test', birthday: '01-03', hireDate: null },
    ];
    const progress: number[] = [];
    const outcomes = await reviewDatesInChunks(2, rows, (done) => progress.push(done));
    expect(outcomes.map((o) => (o.status === 'correct' ? 'ok' : o.reason))).toEqual(['ok', 'ok', 'DUPLICATE_IN_LIST']);
    expect((calls[0]!.body as { rows: unknown[] }).rows).toHaveLength(2);
    expect(progress).toEqual([1, 3]);
  });
});
