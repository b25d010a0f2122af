import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import LoginPage from './login';

// The inactive-user message gives a way out: the support contact of SUPPORT_CONTACT (GET /api/auth/support).

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

function serve(contact: unknown) {
  return fakeApi((call) => {
    if (call.path === '/auth/session') return [200, { data: null }];
    if (call.path === '/auth/support') return [200, { data: { contact } }];
    return [404, { code: 'ROUTE_NOT_FOUND' }];
  });
}

describe('LoginPage', () => {
  it('puts the support e-mail inside the inactive-user message', async () => {
    serve({ kind: 'email', value: 'soporte@rewards.test', href: 'mailto:soporte@rewards.test' });
    renderWithProviders(<LoginPage />, i18n, '/login?error=USER_INACTIVE');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Este usuario está inactivo. Verifica que tu IS sea correcto');
    const link = await screen.findByRole('link', { name: 'soporte@rewards.test' });
    expect(link.getAttribute('href')).toBe('mailto:soporte@rewards.test');
    expect(alert.contains(link)).toBe(true);
    expect(alert.textContent).toContain('pide a soporte que lo corrija');
  });

  it('offers a support web address on the plain sign-in page, in English, opening in a new tab', async () => {
    await i18n.changeLanguage('en');
    serve({ kind: 'url', value: 'https://help.example.com/rewards', href: 'https://help.example.com/rewards' });
    renderWithProviders(<LoginPage />, i18n, '/login');
    const link = await screen.findByRole('link', { name: 'https://help.example.com/rewards' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByTestId('support-help').textContent).toContain('Need help signing in?');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows no contact when none is configured', async () => {
    const calls = serve(null);
    renderWithProviders(<LoginPage />, i18n, '/login?error=USER_INACTIVE');
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/auth/support')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('support-inactive')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Este usuario está inactivo');
  });
});
