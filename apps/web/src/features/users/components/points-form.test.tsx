import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserListItem } from '@rewards/shared/users';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import usersEn from '@/locales/en/users.json';
import usersEs from '@/locales/es/users.json';
import { createTestI18n } from '@/test/render';
import { PointsForm } from './points-form';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ users: { en: usersEn, es: usersEs } });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

const maria: UserListItem = {
  id: 6,
  name: 'María',
  lastName: 'López',
  email: 'maria@rewards.test',
  storeId: 3,
  points: 800,
  role: 1,
  isStore: false,
  active: 1,
  adminStores: [],
  is: null,
};

/** Answers GET /users/one/{id} with the balance, and the POST with `post`. */
function server(balance: number, post: { status: number; body: unknown }) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const [status, body] =
      init?.method === 'POST' ? [post.status, post.body] : [200, { data: { ...maria, points: balance, storeName: 'Oficina Monterrey' } }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderForm() {
  const onDone = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <PointsForm user={maria} onDone={onDone} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { onDone };
}

const posts = (fetch: ReturnType<typeof server>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('PointsForm', () => {
  it('shows the fresh balance, requires both fields and previews the result', async () => {
    const fetch = server(950, { status: 200, body: { data: { userId: 6, value: 1200 } } });
    renderForm();
    expect((await screen.findByText('950')).dataset.testid).toBe('points-current');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar puntos' }));
    expect(await screen.findAllByText('Campo obligatorio')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Puntos'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar puntos' }));
    expect(await screen.findByText('No puede ser cero')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Puntos'), { target: { value: '250' } });
    fireEvent.change(screen.getByLabelText('Descripción'), { target: { value: 'Reconocimiento' } });
    expect(screen.getByTestId('points-after').textContent).toBe('Carga · saldo después: 1,200');
    expect(posts(fetch)).toHaveLength(0);
  });

  it('refuses a balance below 0 before sending anything', async () => {
    const fetch = server(800, { status: 200, body: {} });
    renderForm();
    await screen.findByText('800');
    fireEvent.change(screen.getByLabelText('Puntos'), { target: { value: '-801' } });
    fireEvent.change(screen.getByLabelText('Descripción'), { target: { value: 'Corrección' } });
    expect(screen.getByTestId('points-after').textContent).toBe('Ajuste · saldo después: -1');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar puntos' }));
    expect(await screen.findByText('Este ajuste dejaría a María López con un saldo negativo (saldo actual 800)')).toBeTruthy();
    expect(posts(fetch)).toHaveLength(0);
  });

  it('sends the load and closes; shows server refusals where they belong', async () => {
    const fetch = server(800, { status: 200, body: { data: { userId: 6, value: 1000 } } });
    const { onDone } = renderForm();
    await screen.findByText('800');
    fireEvent.change(screen.getByLabelText('Puntos'), { target: { value: '200' } });
    fireEvent.change(screen.getByLabelText('Descripción'), { target: { value: 'Reconocimiento' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar puntos' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(JSON.parse(posts(fetch)[0]![1]!.body as string)).toEqual({ userId: 6, value: 200, description: 'Reconocimiento' });

    cleanup();
    await i18n.changeLanguage('en');
    server(800, { status: 422, body: { statusCode: 422, code: 'ACCRUAL_CLOSED', message: 'x' } });
    renderForm();
    await screen.findByText('800');
    fireEvent.change(screen.getByLabelText('Points'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Late' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save points' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Points cannot be credited outside the accrual period');

    cleanup();
    server(800, {
      status: 422,
      body: {
        statusCode: 422,
        code: 'ADJUSTMENT_BELOW_ZERO',
        message: 'x',
        details: { userId: 6, name: 'María López', balance: 300, value: -500 },
      },
    });
    renderForm();
    await screen.findByText('800');
    fireEvent.change(screen.getByLabelText('Points'), { target: { value: '-500' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Correction' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save points' }));
    // Someone spent points meanwhile: the server's balance is the one shown.
    expect(await screen.findByText('This adjustment would leave María López with a negative balance (current balance 300)')).toBeTruthy();
  });
});
