import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import directoryEn from '@/locales/en/directory.json';
import directoryEs from '@/locales/es/directory.json';
import { createTestI18n, fakeApi, polyfillDialog, renderWithProviders, type FakeCall } from '@/test/render';
import type { DirectoryConnection } from '../api/types';
import { ConnectionsSection } from './connections-section';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ directory: { en: directoryEn, es: directoryEs } });
  polyfillDialog();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
  await i18n.changeLanguage('es');
});

const connection = (id: number, name: string, more: Partial<DirectoryConnection> = {}): DirectoryConnection => ({
  id,
  name,
  prefix: `rs_scim_${String(id).repeat(4)}`,
  officeAttribute: 'organization',
  createdBy: { id: 4, name: 'Sara Super' },
  createdAt: '2026-01-10T15:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2099-01-01T00:00:00.000Z',
  revokedAt: null,
  ...more,
});
const entra = connection(1, 'Entra ID', { lastUsedAt: '2026-02-01T12:30:00.000Z', officeAttribute: 'costCenter' });
const old = connection(2, 'Okta viejo', { expiresAt: '2026-01-20T00:00:00.000Z' });
const gone = connection(3, 'Prueba', { revokedAt: '2026-01-15T00:00:00.000Z', officeAttribute: 'office' });
const TOKEN = 'rs_scim_9999abcdefghijklmnopqrstuvwxyz0123456789';
const SCIM_URL = 'http://localhost:3000/scim/v2';

/** The server: the list in `list`, POST adds one (or answers `post`), DELETE revokes. */
function server(list: DirectoryConnection[], post?: [number, unknown]) {
  const calls = fakeApi((c: FakeCall): [number, unknown] => {
    if (c.method === 'POST') {
      if (post) return post;
      const body = c.body as { name: string; officeAttribute: DirectoryConnection['officeAttribute'] };
      const created = connection(9, body.name, { officeAttribute: body.officeAttribute });
      list.unshift(created);
      return [201, { data: { ...created, prefix: TOKEN.slice(0, 12), token: TOKEN, scimUrl: SCIM_URL } }];
    }
    if (c.method === 'DELETE') {
      const id = Number(c.path.split('/').at(-1));
      const i = list.findIndex((x) => x.id === id);
      list[i] = { ...list[i]!, revokedAt: '2026-03-01T00:00:00.000Z' };
      return [200, { data: list[i] }];
    }
    return [200, { data: list }];
  });
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

const rows = () => screen.getAllByTestId('directory-connection-row');
const dialog = () => within(screen.getByRole('dialog'));

describe('the SCIM connections', () => {
  it('lists each with its prefix, office attribute, dates and state; only an active one can be revoked', async () => {
    const { calls } = server([entra, old, gone]);
    renderWithProviders(<ConnectionsSection />, i18n);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/directory/connections' });
    const [first, second, third] = rows().map((r) => within(r));
    expect(first!.getByText('Entra ID')).toBeTruthy();
    expect(first!.getByText('rs_scim_1111…')).toBeTruthy();
    expect(first!.getByText('Centro de costos (extensión empresarial)')).toBeTruthy();
    expect(first!.getByText('Activa')).toBeTruthy();
    expect(first!.getByText('Sara Super')).toBeTruthy();
    expect(first!.queryByText('Nunca')).toBeNull();
    expect(first!.getByRole('button', { name: 'Revocar la conexión Entra ID' })).toBeTruthy();
    expect(second!.getByText('Vencida')).toBeTruthy();
    expect(second!.getByText('Nunca')).toBeTruthy();
    expect(second!.queryByRole('button')).toBeNull();
    expect(third!.getByText('Revocada')).toBeTruthy();
    expect(third!.getByText('Oficina (extensión propia)')).toBeTruthy();
    expect(third!.queryByRole('button')).toBeNull();
  });

  it('says what a connection is for when there is none, in English too', async () => {
    server([]);
    await i18n.changeLanguage('en');
    renderWithProviders(<ConnectionsSection />, i18n);
    expect(await screen.findByText('No SCIM connections yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'SCIM connections' })).toBeTruthy();
  });

  it('creates a connection and shows its token and SCIM URL once, with copy buttons', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { writes } = server([entra]);
    renderWithProviders(<ConnectionsSection />, i18n);
    await waitFor(() => expect(rows()).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Nueva conexión' }));
    expect(dialog().getByRole('heading', { name: 'Nueva conexión SCIM' })).toBeTruthy();
    // The name is required; 90 days and the organization unless changed; the office attribute in words.
    fireEvent.click(await dialog().findByRole('button', { name: 'Crear conexión' }));
    expect(await dialog().findByText('Campo obligatorio')).toBeTruthy();
    expect((dialog().getByLabelText('Vigencia del token (días)') as HTMLInputElement).value).toBe('90');
    const office = dialog().getByLabelText('Oficina de cada persona') as HTMLSelectElement;
    expect(office.value).toBe('organization');
    expect([...office.options].map((o) => o.text)).toEqual([
      'Organización (extensión empresarial)',
      'División (extensión empresarial)',
      'Centro de costos (extensión empresarial)',
      'Oficina (extensión propia)',
    ]);
    fireEvent.change(dialog().getByLabelText('Vigencia del token (días)'), { target: { value: '400' } });
    fireEvent.change(dialog().getByLabelText('Nombre'), { target: { value: 'Okta' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Crear conexión' }));
    expect(await dialog().findByText('Escribe un número entero de días entre 1 y 365')).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.change(dialog().getByLabelText('Vigencia del token (días)'), { target: { value: '30' } });
    fireEvent.change(office, { target: { value: 'office' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Crear conexión' }));

    const panel = within(await screen.findByTestId('directory-connection-created'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toMatchObject([
      { method: 'POST', path: '/directory/connections', body: { name: 'Okta', days: 30, officeAttribute: 'office' } },
    ]);
    await waitFor(() => expect(document.activeElement).toBe(panel.getByRole('heading', { name: 'El token de «Okta»' })));
    expect(panel.getByText(/no se volverá a mostrar/)).toBeTruthy();
    expect((panel.getByLabelText('Token (Bearer)') as HTMLInputElement).value).toBe(TOKEN);
    expect((panel.getByLabelText('URL de SCIM (Tenant URL)') as HTMLInputElement).value).toBe(SCIM_URL);
    fireEvent.click(panel.getByRole('button', { name: 'Copiar el token' }));
    expect(await panel.findByText('Copiado al portapapeles.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(TOKEN);
    fireEvent.click(panel.getByRole('button', { name: 'Copiar la URL de SCIM' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(SCIM_URL));
    // The list reloads with the new connection, by its prefix only.
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByText('Oficina (extensión propia)')).toBeTruthy();

    fireEvent.click(panel.getByRole('button', { name: 'Listo, ya lo guardé' }));
    expect(screen.queryByTestId('directory-connection-created')).toBeNull();
    expect(screen.queryByDisplayValue(TOKEN)).toBeNull();
    expect(document.body.textContent).not.toContain(TOKEN);
  });

  it('selects the token for a copy by hand when the browser has no clipboard', async () => {
    server([]);
    renderWithProviders(<ConnectionsSection />, i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva conexión' }));
    fireEvent.change(dialog().getByLabelText('Nombre'), { target: { value: 'Okta' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Crear conexión' }));
    // The panel takes the focus once the dialog has closed; the copy comes after, as a reader's would.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'El token de «Okta»' })));
    fireEvent.click(screen.getByRole('button', { name: 'Copiar el token' }));
    expect(await screen.findByText(/No se pudo copiar automáticamente/)).toBeTruthy();
    const field = screen.getByLabelText('Token (Bearer)') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, TOKEN.length]);
  });

  it("shows the server's refusal in the form", async () => {
    await i18n.changeLanguage('en');
    server(
      [],
      [
        400,
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid',
          details: [{ field: 'body.name', message: 'Too long!', code: 'too_big' }],
          requestId: 'x',
        },
      ],
    );
    renderWithProviders(<ConnectionsSection />, i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'New connection' }));
    fireEvent.change(dialog().getByLabelText('Name'), { target: { value: 'Okta' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Create connection' }));
    const name = dialog().getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe('Too long!');
    expect(screen.queryByTestId('directory-connection-created')).toBeNull();
  });

  it('revokes a connection only after the confirmation', async () => {
    const { writes } = server([entra]);
    renderWithProviders(<ConnectionsSection />, i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Revocar la conexión Entra ID' }));
    expect(dialog().getByRole('heading', { name: '¿Revocar esta conexión?' })).toBeTruthy();
    expect(dialog().getByText(/El token de «Entra ID» dejará de funcionar/)).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Revocar la conexión Entra ID' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(within(rows()[0]!).getByText('Revocada')).toBeTruthy());
    expect(writes()).toMatchObject([{ method: 'DELETE', path: '/directory/connections/1' }]);
    expect(toast.success).toHaveBeenCalledWith('Conexión revocada');
    expect(within(rows()[0]!).queryByRole('button')).toBeNull();
  });
});
