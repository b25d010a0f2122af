import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import peerEn from '@/locales/en/peer.json';
import peerEs from '@/locales/es/peer.json';
import { createTestI18n, polyfillDialog, renderWithProviders } from '@/test/render';
import type { Allowance, CompanyValue, PersonOption } from '../api/types';
import { GiveForm } from './give-dialog';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ peer: { en: peerEn, es: peerEs } });
  polyfillDialog();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage('es');
});

const person = (id: number, name: string): PersonOption => ({ id, name, photoUrl: null, office: 'Madrid', storeId: 1 });
const ana = person(2, 'Ana Ruiz');
const luis = person(3, 'Luis Gómez');
const allowance: Allowance = {
  amount: 100,
  given: 0,
  remaining: 100,
  boost: 0,
  periodStart: '2026-11-01',
  periodEnd: '2026-11-30',
  minMessage: 20,
  shareCapPercent: 50,
  valuesRequired: true,
};
const values: CompanyValue[] = [
  { id: 5, storeId: 1, name: 'Colaboración', nameEn: 'Teamwork', emoji: '🤝', color: '#4f46e5', active: true, position: 1 },
  { id: 6, storeId: 1, name: 'Antiguo', nameEn: '', emoji: null, color: null, active: false, position: 2 },
];

interface Sent {
  method: string;
  path: string;
  body: unknown;
  key: string | undefined;
}

/** The API: allowance, values, people search; POST /recognitions answers `answers` in turn. */
function server(answers: [number, unknown][]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://test');
      const path = url.pathname.replace(/^\/api/, '');
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const method = init?.method ?? 'GET';
      const reply = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (method === 'POST') {
        sent.push({ method, path, body: JSON.parse(String(init!.body)), key: headers['idempotency-key'] });
        const [status, body] = answers.shift() ?? [500, {}];
        return reply(status, body);
      }
      if (path === '/recognitions/allowance') return reply(200, { data: allowance });
      if (path === '/recognitions/values') return reply(200, { data: values.filter((v) => v.active) });
      if (path === '/people') {
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        return reply(200, { data: [ana, luis].filter((p) => p.name.toLowerCase().includes(q)) });
      }
      return reply(404, { code: 'NOT_FOUND', message: 'no' });
    }),
  );
  return sent;
}

const onDone = vi.fn();
function renderForm(initial: PersonOption[] = []) {
  renderWithProviders(<GiveForm giver={{ id: 1, storeId: 1 }} initial={initial} onDone={onDone} />, i18n);
}
const form = () => screen.getByTestId('give-form');
const message = 'Gracias por sacar el proyecto adelante';

async function choose(text: string) {
  const box = within(screen.getByTestId('give-search')).getByRole('combobox');
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
  await screen.findAllByTestId('person-option');
  fireEvent.keyDown(box, { key: 'Enter' });
}

async function fill(points = '30') {
  await screen.findByText(/Te quedan 100 puntos/);
  await choose('ana');
  await choose('luis');
  fireEvent.change(screen.getByTestId('give-points'), { target: { value: points } });
  fireEvent.change(screen.getByTestId('give-message'), { target: { value: message } });
  fireEvent.click(await screen.findByRole('button', { name: /Colaboración/ }));
}

describe('the give dialog', () => {
  it('chooses colleagues with the keyboard, shows the cost and the count, confirms, and sends once with its key', async () => {
    const sent = server([[201, { data: { id: 77 } }]]);
    renderForm();
    await fill();
    const chips = within(screen.getByTestId('give-recipients')).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['ARAna Ruiz×', 'LGLuis Gómez×']);
    expect(screen.getByTestId('give-cost').textContent).toBe('30 puntos × 2 personas = 60 puntos de tu saldo para dar');
    expect(screen.getByTestId('give-count').textContent).toBe(`${message.length} caracteres (mínimo 20, máximo 2000)`);
    expect(within(screen.getByTestId('give-values')).getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Colaboración/ }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.submit(form());
    expect(screen.getByTestId('give-confirm').textContent).toContain('Vas a dar 30 puntos a cada uno de Ana Ruiz, Luis Gómez (60 puntos');
    expect(sent).toHaveLength(0);
    fireEvent.click(screen.getByTestId('give-send'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ path: '/recognitions', body: { recipients: [2, 3], points: 30, message, values: [5] } });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(toast.success).toHaveBeenCalledWith('Reconocimiento enviado a 2 personas');
  });

  it("says what breaks each rule before sending anything, and the allowance's limit", async () => {
    const sent = server([]);
    renderForm();
    await screen.findByText(/Te quedan 100 puntos/);
    fireEvent.change(screen.getByTestId('give-message'), { target: { value: 'corto' } });
    fireEvent.submit(form());
    expect(screen.getByTestId('give-error-recipients').textContent).toBe('Elige al menos a un compañero.');
    expect(screen.getByTestId('give-error-points').textContent).toBe('Escribe un número entero de puntos, 1 o más.');
    expect(screen.getByTestId('give-error-message').textContent).toBe('Escribe al menos 20 caracteres.');
    expect(screen.getByTestId('give-error-values').textContent).toBe('Elige al menos un valor.');
    await fill('51');
    fireEvent.submit(form());
    expect(screen.getByTestId('give-error-points').textContent).toBe('Esto cuesta 102 puntos y te quedan 100.');
    expect(screen.queryByTestId('give-confirm')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal on its field, and retries the same give with the same key", async () => {
    const sent = server([
      [422, { code: 'GIVE_SHARE_CAP', message: 'cap', details: { recipientId: 3, max: 50 } }],
      [0, null],
      [201, { data: { id: 78 } }],
    ]);
    renderForm();
    await fill();
    fireEvent.submit(form());
    fireEvent.click(screen.getByTestId('give-send'));
    expect((await screen.findByTestId('give-error-recipients')).textContent).toBe(
      'Luis Gómez: Puedes dar a una misma persona como máximo 50 puntos por periodo',
    );
    // Another give (fewer points): a new key.
    fireEvent.change(screen.getByTestId('give-points'), { target: { value: '20' } });
    fireEvent.submit(form());
    fireEvent.click(screen.getByTestId('give-send'));
    // The answer was lost (the network): the same give again keeps its key.
    await screen.findByText(/Algo salió mal|sin conexión|conexión/i);
    fireEvent.submit(form());
    fireEvent.click(screen.getByTestId('give-send'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toHaveLength(3);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    expect(sent[2]!.key).toBe(sent[1]!.key);
  });

  it('starts with the person it was opened for, never the giver, and speaks English', async () => {
    await i18n.changeLanguage('en');
    server([]);
    renderForm([ana, person(1, 'Me')]);
    await screen.findByText(/You have 100 points left to give/);
    expect(
      within(screen.getByTestId('give-recipients'))
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['ARAna Ruiz×']);
    // The reset is the day after the period's last day.
    expect(screen.getByText(/^It renews on 1/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Teamwork/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ana Ruiz' }));
    expect(screen.queryByTestId('give-recipients')).toBeNull();
  });
});
