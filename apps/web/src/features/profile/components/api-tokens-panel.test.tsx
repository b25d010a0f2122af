import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiToken } from '@rewards/shared/users';
import type { I18n } from '@/lib/use-translation';
import profileEn from '@/locales/en/profile.json';
import profileEs from '@/locales/es/profile.json';
import { createTestI18n, fakeApi, polyfillDialog, renderWithProviders, type FakeCall } from '@/test/render';
import { ApiTokensPanel } from './api-tokens-panel';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ profile: { en: profileEn, es: profileEs } });
  polyfillDialog();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
  await i18n.changeLanguage('es');
});

const token = (id: number, name: string, more: Partial<ApiToken> = {}): ApiToken => ({
  id,
  name,
  prefix: `rs_${String(id).repeat(5)}`,
  createdAt: '2026-01-10T15:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2099-01-01T00:00:00.000Z',
  revokedAt: null,
  ...more,
});
const hr = token(1, 'Sistema de RR. HH.', { lastUsedAt: '2026-02-01T12:30:00.000Z' });
const old = token(2, 'Script viejo', { expiresAt: '2026-01-20T00:00:00.000Z' });
const gone = token(3, 'Prueba', { revokedAt: '2026-01-15T00:00:00.000Z' });
const SECRET = 'rs_99999abcdefghijklmnopqrstuvwxyz0123456789';

/** The server: the list in `tokens`, POST adds one (or answers `post`), DELETE revokes. */
function server(tokens: ApiToken[], post?: [number, unknown]) {
  const calls = fakeApi((c: FakeCall): [number, unknown] => {
    if (c.method === 'POST') {
      if (post) return post;
      const created = token(9, (c.body as { name: string }).name);
      tokens.unshift(created);
      return [201, { data: { ...created, prefix: SECRET.slice(0, 8), token: SECRET } }];
    }
    if (c.method === 'DELETE') {
      const id = Number(c.path.split('/').at(-1));
      const i = tokens.findIndex((t) => t.id === id);
      tokens[i] = { ...tokens[i]!, revokedAt: '2026-03-01T00:00:00.000Z' };
      return [200, { data: tokens[i] }];
    }
    return [200, { data: tokens }];
  });
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

const rows = () => screen.getAllByTestId('api-token-row');
const dialog = () => within(screen.getByRole('dialog'));

describe('ApiTokensPanel', () => {
  it('lists the tokens with their prefix, dates and status; only an active one can be revoked', async () => {
    server([hr, old, gone]);
    renderWithProviders(<ApiTokensPanel />, i18n);
    expect(screen.getByTestId('api-tokens-loading').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Tokens de API' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, second, third] = rows().map((r) => within(r));
    expect(first!.getByText('Sistema de RR. HH.')).toBeTruthy();
    expect(first!.getByText('rs_11111…')).toBeTruthy();
    expect(first!.getByText('Activo')).toBeTruthy();
    expect(first!.queryByText('Nunca')).toBeNull();
    expect(first!.getByRole('button', { name: 'Revocar el token Sistema de RR. HH.' })).toBeTruthy();
    expect(second!.getByText('Vencido')).toBeTruthy();
    expect(second!.getByText('Nunca')).toBeTruthy();
    expect(second!.queryByRole('button')).toBeNull();
    expect(third!.getByText('Revocado')).toBeTruthy();
    expect(third!.queryByRole('button')).toBeNull();
  });

  it('explains what tokens are for when there are none, in English too', async () => {
    server([]);
    await i18n.changeLanguage('en');
    renderWithProviders(<ApiTokensPanel />, i18n);
    expect(await screen.findByText('You have no API tokens')).toBeTruthy();
    expect(screen.getByTestId('api-tokens-empty').textContent).toMatch(/HR system/);
    expect(screen.getByRole('heading', { name: 'API tokens' })).toBeTruthy();
  });

  it('creates a token and shows its secret once, with a copy button', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { writes } = server([hr]);
    renderWithProviders(<ApiTokensPanel />, i18n);
    await waitFor(() => expect(rows()).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Nuevo token' }));
    expect(dialog().getByRole('heading', { name: 'Nuevo token de API' })).toBeTruthy();
    // The name is required; the days start at 90.
    fireEvent.click(await dialog().findByRole('button', { name: 'Crear token' }));
    expect(await dialog().findByText('Campo obligatorio')).toBeTruthy();
    expect((dialog().getByLabelText('Vigencia (días)') as HTMLInputElement).value).toBe('90');
    fireEvent.change(dialog().getByLabelText('Vigencia (días)'), { target: { value: '400' } });
    fireEvent.change(dialog().getByLabelText('Nombre'), { target: { value: 'Nómina' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Crear token' }));
    expect(await dialog().findByText('Escribe un número entero de días entre 1 y 365')).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.change(dialog().getByLabelText('Vigencia (días)'), { target: { value: '30' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Crear token' }));

    expect(await screen.findByRole('heading', { name: 'Tu nuevo token' })).toBeTruthy();
    expect(writes()).toMatchObject([{ method: 'POST', path: '/users/tokens', body: { name: 'Nómina', days: 30 } }]);
    expect((dialog().getByLabelText('Token «Nómina»') as HTMLInputElement).value).toBe(SECRET);
    expect(dialog().getByText(/no se volverá a mostrar/)).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Copiar el token' }));
    expect(await dialog().findByText('Copiado al portapapeles.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(SECRET);
    // The list reloads with the new token, by its prefix only.
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByText('rs_99999…')).toBeTruthy();

    fireEvent.click(dialog().getByRole('button', { name: 'Listo, ya lo guardé' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('says how to copy by hand when the browser has no clipboard', async () => {
    server([]);
    renderWithProviders(<ApiTokensPanel />, i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo token' }));
    fireEvent.change(dialog().getByLabelText('Nombre'), { target: { value: 'Script' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Crear token' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar el token' }));
    expect(await dialog().findByText(/No se pudo copiar automáticamente/)).toBeTruthy();
    expect(document.activeElement).toBe(dialog().getByLabelText('Token «Script»'));
  });

  it('revokes a token only after the confirmation', async () => {
    const { writes } = server([hr]);
    renderWithProviders(<ApiTokensPanel />, i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Revocar el token Sistema de RR. HH.' }));
    expect(dialog().getByRole('heading', { name: '¿Revocar este token?' })).toBeTruthy();
    expect(dialog().getByText(/«Sistema de RR. HH.» dejará de funcionar/)).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Revocar el token Sistema de RR. HH.' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(within(rows()[0]!).getByText('Revocado')).toBeTruthy());
    expect(writes()).toMatchObject([{ method: 'DELETE', path: '/users/tokens/1' }]);
    expect(toast.success).toHaveBeenCalledWith('Token revocado');
    expect(within(rows()[0]!).queryByRole('button')).toBeNull();
  });

  it("shows the server's validation error next to its field", async () => {
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
    renderWithProviders(<ApiTokensPanel />, i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'New token' }));
    fireEvent.change(dialog().getByLabelText('Name'), { target: { value: 'HR' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Create token' }));
    const name = dialog().getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe('Too long!');
    expect(dialog().queryByRole('heading', { name: 'Your new token' })).toBeNull();
  });
});
