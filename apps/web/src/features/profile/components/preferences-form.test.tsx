import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserPreferences } from '@rewards/shared/profile';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import profileEn from '@/locales/en/profile.json';
import profileEs from '@/locales/es/profile.json';
import { createTestI18n } from '@/test/render';
import { PreferencesForm } from './preferences-form';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ profile: { en: profileEn, es: profileEs } });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

const fresh: UserPreferences = {
  city: null,
  postalCode: null,
  state: null,
  address: null,
  preferredContact: 'email',
  preferredCategoryId: null,
  officeInCity: null,
  productNews: false,
  storeId: 1,
  storeSource: 'default',
  language: null,
  savedAt: null,
  place: null,
};

/** Answers the lists the form reads, and the POST with `post`; records the bodies posted. */
function server(post: { status: number; body: unknown }, teamsAvailable = true) {
  const posted: unknown[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return json(post.status, post.body);
    }
    if (url.startsWith('/api/stores/'))
      return json(200, {
        data: [
          { id: 1, title: 'Oficina Ciudad de México' },
          { id: 3, title: 'Oficina Monterrey' },
        ],
        page: 1,
        pageSize: 100,
        totalCount: 2,
        totalPages: 1,
      });
    if (url.startsWith('/api/catalog/categories'))
      return json(200, { data: [{ id: 8, value: 'mochilas', label: { en: 'Backpacks', es: 'Mochilas' } }] });
    return json(200, {
      data: [
        { id: null, value: 'teams', label: { en: 'Teams', es: 'Teams' }, available: teamsAvailable },
        { id: null, value: 'email', label: { en: 'E-mail', es: 'Correo' }, available: true },
      ],
    });
  });
  vi.stubGlobal('fetch', fetch);
  return posted;
}

function renderForm(preferences = fresh) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <PreferencesForm preferences={preferences} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PreferencesForm', () => {
  it('shows each field its message in Spanish and posts nothing while invalid', async () => {
    const posted = server({ status: 200, body: { data: fresh } });
    renderForm();
    await screen.findByRole('option', { name: 'Mochilas' });
    fill('Código postal', '64#00');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }));
    expect(await screen.findAllByText('Campo obligatorio')).toHaveLength(3);
    expect(screen.getByText('Escribe un código postal válido (letras, dígitos, espacios o guiones)')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('posts the preferences without a store unless the user changes it', async () => {
    const posted = server({ status: 200, body: { data: { ...fresh, city: 'Monterrey', savedAt: '2026-03-02T15:00:00.000Z' } } });
    renderForm();
    await screen.findByRole('option', { name: 'Mochilas' });
    fill('Ciudad', 'Monterrey');
    fill('Estado', 'Nuevo León');
    fill('Dirección completa', 'Av. Constitución 100');
    fill('Código postal', '64000');
    fireEvent.click(screen.getByRole('radio', { name: 'Teams' }));
    fill('Categoría preferida', '8');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      city: 'Monterrey',
      state: 'Nuevo León',
      address: 'Av. Constitución 100',
      postalCode: '64000',
      preferredContact: 'teams',
      preferredCategoryId: 8,
      officeInCity: false,
      productNews: false,
    });
  });

  it('offers the opt-in to news of the preferred category, off by default, in Spanish and English', async () => {
    const saved = { ...fresh, city: 'Monterrey', state: 'Nuevo León', address: 'Av. Constitución 100', postalCode: '64000' };
    const posted = server({
      status: 200,
      body: { data: { ...saved, preferredCategoryId: 8, productNews: true, savedAt: '2026-03-02T15:00:00.000Z' } },
    });
    renderForm(saved);
    await screen.findByRole('option', { name: 'Mochilas' });
    const optIn = screen.getByRole('checkbox', {
      name: 'Avisarme cuando llegue un producto nuevo a mi categoría preferida',
    }) as HTMLInputElement;
    expect(optIn.checked).toBe(false);
    expect(optIn.getAttribute('aria-describedby')).toBe('product-news-hint');
    expect(screen.getByText('Elige una categoría preferida para recibir estos avisos.')).toBeTruthy();
    fill('Categoría preferida', '8');
    expect(await screen.findByText(/varios productos nuevos a la vez son una sola notificación/)).toBeTruthy();
    fireEvent.click(optIn);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ preferredCategoryId: 8, productNews: true });
    // The saved choice shows checked, and reads in English too.
    await waitFor(() => expect(optIn.checked).toBe(true));
    await i18n.changeLanguage('en');
    expect(
      (screen.getByRole('checkbox', { name: 'Tell me when a new product arrives in my preferred category' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByText(/several new products at once are one notification/)).toBeTruthy();
  });

  it("puts the server's field errors next to their fields, in English", async () => {
    await i18n.changeLanguage('en');
    server({
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid',
        details: [{ field: 'body.storeId', message: 'Choose an active store', code: 'custom' }],
        requestId: 'x',
      },
    });
    renderForm({ ...fresh, city: 'Monterrey', state: 'Nuevo León', address: 'Av. Constitución 100', postalCode: '64000' });
    await screen.findByRole('option', { name: 'Oficina Monterrey' });
    fill('Store', '3');
    expect((screen.getByLabelText('Preferred category') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Choose an active store')).toBeTruthy();
  });

  it('offers Teams only where it is available, saying why, in Spanish and English', async () => {
    server({ status: 200, body: { data: fresh } }, false);
    renderForm();
    const teams = (await screen.findByRole('radio', { name: 'Teams' })) as HTMLInputElement;
    expect(teams.disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Correo' }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByTestId('teams-unavailable').textContent).toBe(
      'Teams no está disponible en esta instalación: te escribimos por correo.',
    );
    expect(teams.getAttribute('aria-describedby')).toBe('contact-teams-note');
    cleanup();
    await i18n.changeLanguage('en');
    renderForm();
    await screen.findByRole('radio', { name: 'Teams' });
    expect(screen.getByTestId('teams-unavailable').textContent).toBe(
      'Teams is not available in this installation: we write to you by e-mail.',
    );
  });

  it('keeps a Teams choice saved before, saying its notices go by e-mail meanwhile', async () => {
    server({ status: 200, body: { data: fresh } }, false);
    renderForm({ ...fresh, preferredContact: 'teams' });
    const teams = (await screen.findByRole('radio', { name: 'Teams' })) as HTMLInputElement;
    expect(teams.disabled).toBe(false);
    expect(teams.checked).toBe(true);
    expect(screen.getByTestId('teams-unavailable').textContent).toContain('mientras tanto tus avisos llegan por correo');
  });

  it("shows the server's refusal of Teams next to the field, in the user's language", async () => {
    server({
      status: 422,
      body: {
        statusCode: 422,
        code: 'TEAMS_UNAVAILABLE',
        message: 'Microsoft Teams no está disponible en esta instalación: elige el correo',
        details: [{ field: 'body.preferredContact', message: 'Teams is not available', code: 'custom' }],
        requestId: 'x',
      },
    });
    renderForm({ ...fresh, city: 'Monterrey', state: 'Nuevo León', address: 'Av. Constitución 100', postalCode: '64000' });
    fireEvent.click(await screen.findByRole('radio', { name: 'Teams' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }));
    expect(await screen.findByText('Teams no está disponible: elige el correo')).toBeTruthy();
  });
});
