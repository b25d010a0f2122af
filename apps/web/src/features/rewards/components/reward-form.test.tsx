import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
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
});

const areas = [
  { id: 7, name: 'Bienestar', active: true },
  { id: 8, name: 'Archivo', active: false },
];

function renderForm(props: Partial<Parameters<typeof RewardForm>[0]> = {}) {
  const onDone = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RewardForm storeId={3} areas={areas} onDone={onDone} {...props} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { onDone };
}

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function fill() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mentoría' } });
  fireEvent.change(screen.getByLabelText('Area'), { target: { value: '7' } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Por acompañar a una persona nueva.' } });
  fireEvent.change(screen.getByLabelText('Points'), { target: { value: '150' } });
}

describe('RewardForm', () => {
  it('offers the active areas only, and requires an area, a name and the points', async () => {
    renderForm();
    const options = [...(screen.getByLabelText('Area') as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual(['Select an area', 'Bienestar']);
    // Year and month; 'day' only for a recognition stored with it.
    expect([...(screen.getByLabelText('Per') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['year', 'month']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Area')).toHaveProperty('ariaInvalid', 'true'));
    expect(screen.getAllByText('Required field').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('1 per year')).toBeTruthy();
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
      description: 'Por acompañar a una persona nueva.',
      areaId: 7,
      points: 150,
      frequencyLimit: 1,
      frequencyPeriod: 'year',
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
      code: 'clase',
      name: 'Clase',
      description: 'Puntos por asistir a una clase.',
      points: 100,
      frequencyLimit: 1,
      frequencyPeriod: 'day' as const,
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
});
