import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import directoryEn from '@/locales/en/directory.json';
import directoryEs from '@/locales/es/directory.json';
import { createTestI18n, fakeApi, polyfillDialog, renderWithProviders, type FakeCall } from '@/test/render';
import type { DirectorySyncReport } from '../api/types';
import { SyncSection } from './sync-section';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ directory: { en: directoryEn, es: directoryEs } });
  polyfillDialog();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

/** A report of 3 rows: Ana is new, Luis moves office, a row names an office nobody has; Iván is not in the file. */
const report = (dryRun: boolean): DirectorySyncReport => ({
  dryRun,
  format: 'csv',
  sheet: null,
  rows: 3,
  columns: { email: 'Correo', name: 'Nombre', office: 'Oficina', active: 'Activo' },
  created: [{ row: 2, email: 'ana@rewards.test', name: 'Ana Ruiz', office: 'Oficina Guadalajara' }],
  updated: [
    {
      row: 3,
      userId: 5,
      email: 'luis@rewards.test',
      name: 'Luis Martínez',
      changes: { office: { before: 'Oficina Guadalajara', after: 'Oficina Monterrey' }, active: { before: 'false', after: 'true' } },
    },
  ],
  deactivated: [{ userId: 7, email: 'inactivo@rewards.test', name: 'Iván Inactivo', office: 'Oficina Ciudad de México' }],
  unchanged: 0,
  errors: [{ row: 4, email: 'nadie@rewards.test', code: 'UNKNOWN_OFFICE', value: 'Oficina Marte' }],
});

/** The server: answers each sync with `answer` (a report of the asked mode by default); keeps each file sent. */
function server(answer?: (call: FakeCall) => [number, unknown]) {
  const calls = fakeApi((c) => answer?.(c) ?? [200, { data: report(c.query.get('dryRun') === 'true') }]);
  const files = () =>
    vi.mocked(fetch).mock.calls.map(([, init]) => ((init?.body as FormData | undefined)?.get('file') as File | null)?.name ?? null);
  return { calls, files };
}

const csv = (name = 'personas.csv', size?: number) => {
  const file = new File(['Correo,Nombre,Oficina\n'], name, { type: 'text/csv' });
  if (size) Object.defineProperty(file, 'size', { value: size });
  return file;
};
const choose = (file: File) => fireEvent.change(screen.getByTestId('directory-sync-file'), { target: { files: [file] } });
const count = (key: string) => screen.getByTestId(`directory-count-${key}`).querySelector('dd')!.textContent;

describe('the sync of a people file', () => {
  it('runs a dry run of the file, shows its counts, each refused row with its reason, and the changes', async () => {
    const { calls, files } = server();
    renderWithProviders(<SyncSection />, i18n);
    const dry = screen.getByRole('button', { name: 'Probar (sin guardar)' }) as HTMLButtonElement;
    expect(dry.disabled).toBe(true);
    choose(csv());
    fireEvent.click(screen.getByLabelText(/Dar de baja a las personas de las oficinas del archivo/));
    fireEvent.click(dry);

    await screen.findByTestId('directory-report-dry');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/directory/sync' });
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ dryRun: 'true', deactivateMissing: 'true' });
    expect(files()).toEqual(['personas.csv']);
    expect(screen.getByTestId('directory-report-read').textContent).toBe('3 filas leídas de personas.csv');
    expect([count('created'), count('updated'), count('deactivated'), count('unchanged'), count('errors')]).toEqual([
      '1',
      '1',
      '1',
      '0',
      '1',
    ]);
    const error = within(screen.getByTestId('directory-error-row'));
    expect(error.getByText('Fila 4')).toBeTruthy();
    expect(error.getByText('nadie@rewards.test')).toBeTruthy();
    expect(error.getByTestId('directory-error-reason').textContent).toBe('Ninguna tienda tiene ese nombre ni ese código de sede.');
    expect(error.getByText('Oficina Marte')).toBeTruthy();
    expect(within(screen.getByTestId('directory-created-row')).getByText('ana@rewards.test')).toBeTruthy();
    expect(
      within(screen.getByTestId('directory-updated-row'))
        .getAllByTestId('directory-change')
        .map((c) => c.textContent),
    ).toEqual(['Oficina: Oficina Guadalajara → Oficina Monterrey', 'Activo: No → Sí']);
    expect(within(screen.getByTestId('directory-deactivated-row')).getByText('Iván Inactivo')).toBeTruthy();
  });

  it('applies the same file after a confirmation that names the counts, and shows what was done', async () => {
    const { calls, files } = server();
    renderWithProviders(<SyncSection />, i18n);
    choose(csv());
    fireEvent.click(screen.getByRole('button', { name: 'Probar (sin guardar)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Aplicar' }));
    const confirm = within(screen.getByRole('dialog'));
    expect(confirm.getByRole('heading', { name: '¿Aplicar la sincronización?' })).toBeTruthy();
    expect(confirm.getByText('Altas: 1, cambios: 1, bajas: 1. Las filas con errores (1) no se aplican.')).toBeTruthy();
    // Cancelled: nothing is sent.
    fireEvent.click(confirm.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Aplicar' }));
    expect((await screen.findByTestId('directory-sync-done')).textContent).toBe('Sincronización aplicada. Altas: 1, cambios: 1, bajas: 1.');
    expect(calls).toHaveLength(2);
    expect(Object.fromEntries(calls[1]!.query)).toEqual({ dryRun: 'false', deactivateMissing: 'false' });
    expect(files()).toEqual(['personas.csv', 'personas.csv']);
    expect(screen.getByTestId('directory-report-applied')).toBeTruthy();
    expect(screen.queryByTestId('directory-report-dry')).toBeNull();
    expect(screen.getByText('Personas dadas de alta (1)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aplicar' })).toBeNull();
  });

  it('asks for a new dry run when the choice changes, and offers nothing to apply when nothing changes', async () => {
    server(() => [200, { data: { ...report(true), created: [], updated: [], deactivated: [], errors: [], unchanged: 3 } }]);
    renderWithProviders(<SyncSection />, i18n);
    choose(csv());
    fireEvent.click(screen.getByRole('button', { name: 'Probar (sin guardar)' }));
    expect((await screen.findByTestId('directory-sync-nothing')).textContent).toBe(
      'No hay nada que aplicar: el archivo coincide con el directorio.',
    );
    expect(screen.queryByRole('button', { name: 'Aplicar' })).toBeNull();
    fireEvent.click(screen.getByLabelText(/Dar de baja a las personas/));
    expect(screen.queryByTestId('directory-report-dry')).toBeNull();
  });

  it('pages a long table 50 rows at a time', async () => {
    const errors = Array.from({ length: 120 }, (_, i) => ({ row: i + 2, email: `p${i}@x.test`, code: 'INVALID_EMAIL', value: null }));
    server(() => [200, { data: { ...report(true), errors } }]);
    renderWithProviders(<SyncSection />, i18n);
    choose(csv());
    fireEvent.click(screen.getByRole('button', { name: 'Probar (sin guardar)' }));
    await screen.findByTestId('directory-report-dry');
    const table = within(screen.getByTestId('directory-report-errors'));
    expect(table.getAllByTestId('directory-error-row')).toHaveLength(50);
    expect(table.getByText('Página 1 de 3')).toBeTruthy();
    fireEvent.click(table.getByRole('button', { name: 'Siguiente' }));
    fireEvent.click(table.getByRole('button', { name: 'Siguiente' }));
    expect(table.getAllByTestId('directory-error-row')).toHaveLength(20);
    expect(within(table.getAllByTestId('directory-error-row')[0]!).getByText('Fila 102')).toBeTruthy();
  });

  it("shows a file's refusal: its code's text with its details, or the server's own message for a code the web has no text for", async () => {
    let code = 'DIRECTORY_FILE_NO_COLUMNS';
    server(() => [
      422,
      {
        statusCode: 422,
        code,
        message: 'El archivo no trae las columnas de una lista de personas.',
        details: { rows: 20 },
        requestId: 'r',
      },
    ]);
    renderWithProviders(<SyncSection />, i18n);
    choose(csv());
    fireEvent.click(screen.getByRole('button', { name: 'Probar (sin guardar)' }));
    expect((await screen.findByTestId('directory-sync-error')).textContent).toBe(
      'No se encontró el encabezado de una lista de personas en las primeras 20 filas del archivo: encabeza las columnas «Correo» y «Nombre» u «Oficina» (o «Email» y «Name» u «Office»)',
    );

    code = 'SOME_NEWER_FILE_CODE';
    fireEvent.click(screen.getByRole('button', { name: 'Probar (sin guardar)' }));
    await waitFor(() =>
      expect(screen.getByTestId('directory-sync-error').textContent).toBe('El archivo no trae las columnas de una lista de personas.'),
    );
    expect(screen.queryByTestId('directory-report-dry')).toBeNull();
  });

  it('refuses a file over 10 MB without sending it', () => {
    const { calls } = server();
    renderWithProviders(<SyncSection />, i18n);
    choose(csv('enorme.csv', 11 * 1024 * 1024));
    expect(screen.getByRole('alert').textContent).toBe('El archivo pesa más de 10 MB: divídelo en varios.');
    expect((screen.getByRole('button', { name: 'Probar (sin guardar)' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([]);
  });
});
