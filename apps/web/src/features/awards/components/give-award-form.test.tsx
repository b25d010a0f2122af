import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import awardsEn from '@/locales/en/awards.json';
import awardsEs from '@/locales/es/awards.json';
import { createTestI18n, fakeApi, renderWithProviders, type FakeCall } from '@/test/render';
import { ana, award, budget, fakePicker, giver, list, luis, marta, waiting } from '../test/fixtures';
import { GiveAwardForm } from './give-award-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ awards: { en: awardsEn, es: awardsEs } });
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const MESSAGE = 'Thank you for the great launch work';
const headerKeys: string[] = [];

function server(
  post: (c: FakeCall) => [number, unknown],
  budgets = [budget(1), budget(2, { scope: 'department', department: 'Ventas', available: 300 })],
) {
  headerKeys.length = 0;
  const calls = fakeApi((c) => (c.method === 'POST' ? post(c) : [200, list(budgets)]));
  // The Idempotency-Key of each POST, read from the stubbed fetch's calls.
  const keys = () =>
    (fetch as unknown as { mock: { calls: [string, RequestInit?][] } }).mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => (init!.headers as Record<string, string>)['idempotency-key']);
  return { calls, keys };
}

async function fill(points: string, people = ['Ana']) {
  await screen.findByTestId('give-award-form');
  for (const name of people) fireEvent.click(screen.getByRole('button', { name: `pick ${name}` }));
  fireEvent.change(screen.getByLabelText('Points for each person'), { target: { value: points } });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: MESSAGE } });
}

describe('give an award', () => {
  it('asks only the budgets the giver may spend and checks the form before sending', async () => {
    await i18n.changeLanguage('en');
    const { calls } = server(() => [201, { data: award(1) }]);
    renderWithProviders(<GiveAwardForm selfId={giver.id} renderPicker={fakePicker([ana, luis])} />, i18n);
    await screen.findByTestId('give-award-form');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/budgets' });
    expect(calls[0]!.query.get('spendable')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Give the award' }));
    expect((await screen.findByTestId('award-error-budget')).textContent).toBe('Choose a budget');
    expect(screen.getByText('Choose at least one person')).toBeTruthy();
    expect(screen.getByText('Write between 20 and 2000 characters')).toBeTruthy();
    // A department budget of 300 cannot cover 200 × 2: said before sending.
    fireEvent.change(screen.getByLabelText('Budget'), { target: { value: '2' } });
    await fill('200', ['Ana', 'Luis']);
    expect(screen.getByTestId('award-total').textContent).toBe('400 points in all for 2 people');
    fireEvent.click(screen.getByRole('button', { name: 'Give the award' }));
    expect(await screen.findByText('The budget cannot cover this: 300 points available')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('credits at once (201) and says so', async () => {
    const { calls, keys } = server((c) => [
      201,
      { data: award(1, { recipients: [ana], points: 100, total: 100, message: (c.body as { message: string }).message }) },
    ]);
    renderWithProviders(<GiveAwardForm selfId={giver.id} renderPicker={fakePicker([ana])} />, i18n);
    await screen.findByTestId('give-award-form');
    fireEvent.change(screen.getByLabelText('Budget'), { target: { value: '1' } });
    await fill('100');
    fireEvent.click(screen.getByRole('button', { name: 'Give the award' }));
    expect(await screen.findByText('Done: 100 points credited.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/awards',
      body: { budgetId: 1, recipients: [ana.id], points: 100, message: MESSAGE },
    });
    expect(keys()[0]).toMatch(/^[0-9a-f-]{36}$/);
    // The form is empty again for the next award.
    expect((screen.getByLabelText('Points for each person') as HTMLInputElement).value).toBe('');
  });

  it('says who it waits for when it needs approval (202), in Spanish too', async () => {
    await i18n.changeLanguage('es');
    server(() => [202, { data: waiting(2) }]);
    renderWithProviders(<GiveAwardForm selfId={giver.id} renderPicker={fakePicker([ana])} />, i18n);
    await screen.findByTestId('give-award-form');
    fireEvent.change(screen.getByLabelText('Presupuesto'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'pick Ana' }));
    fireEvent.change(screen.getByLabelText('Puntos para cada persona'), { target: { value: '800' } });
    fireEvent.change(screen.getByLabelText('Mensaje'), { target: { value: MESSAGE } });
    fireEvent.click(screen.getByRole('button', { name: 'Dar el premio' }));
    const result = await screen.findByTestId('give-award-result');
    expect(result.textContent).toContain(`pendiente de aprobación por ${marta.name}`);
    expect(result.textContent).toContain('Pendiente de aprobación');
  });

  it('shows BUDGET_EXCEEDED by the points, and a retry of the same award keeps its Idempotency-Key', async () => {
    let first = true;
    const { keys } = server(() => {
      if (first) {
        first = false;
        return [409, { statusCode: 409, code: 'BUDGET_EXCEEDED', message: 'x', details: { available: 50 }, requestId: 'r' }];
      }
      return [201, { data: award(3) }];
    });
    renderWithProviders(<GiveAwardForm selfId={giver.id} renderPicker={fakePicker([ana])} />, i18n);
    await screen.findByTestId('give-award-form');
    fireEvent.change(screen.getByLabelText('Budget'), { target: { value: '1' } });
    await fill('100');
    fireEvent.click(screen.getByRole('button', { name: 'Give the award' }));
    const error = await screen.findByTestId('award-error-points');
    expect(error.textContent).toBe('The budget cannot cover this (50 points available)');
    expect(screen.getByLabelText('Points for each person').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Give the award' }));
    expect(await screen.findByText('Done: 100 points credited.')).toBeTruthy();
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);
  });

  it('names the recipient a refusal is about', async () => {
    server(() => [
      422,
      { statusCode: 422, code: 'RECIPIENT_OUT_OF_SCOPE', message: 'x', details: { recipientId: luis.id }, requestId: 'r' },
    ]);
    renderWithProviders(<GiveAwardForm selfId={giver.id} renderPicker={fakePicker([ana, luis])} />, i18n);
    await screen.findByTestId('give-award-form');
    fireEvent.change(screen.getByLabelText('Budget'), { target: { value: '1' } });
    await fill('10', ['Ana', 'Luis']);
    fireEvent.click(screen.getByRole('button', { name: 'Give the award' }));
    await waitFor(() => expect(screen.getByTestId('award-error-recipients').textContent).toMatch(/^Luis: /));
  });

  it('says so when the reader has no budget to spend', async () => {
    server(() => [500, {}], []);
    renderWithProviders(<GiveAwardForm selfId={giver.id} renderPicker={fakePicker([ana])} />, i18n);
    expect((await screen.findByTestId('give-award-none')).textContent).toContain('You have no budget');
  });
});
