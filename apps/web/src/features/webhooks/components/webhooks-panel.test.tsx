import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import webhooksEn from '@/locales/en/webhooks.json';
import webhooksEs from '@/locales/es/webhooks.json';
import { createTestI18n, fakeApi, polyfillDialog, renderWithProviders, type FakeCall } from '@/test/render';
import type { WebhookDelivery, WebhookEndpoint } from '../api/types';
import { WebhooksPanel } from './webhooks-panel';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ webhooks: { en: webhooksEn, es: webhooksEs } });
  polyfillDialog();
});
afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await i18n.changeLanguage('es');
});

const SECRET = 'whsec_' + 'A'.repeat(43) + '=';
const endpoint = (id: number, more: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id,
  storeId: 1,
  url: `https://erp.example.com/hooks/${id}`,
  description: '',
  events: ['order.placed'],
  active: true,
  secretPrefix: 'whsec_AAAA',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  pending: 0,
  failed: 0,
  ...more,
});
const delivery: WebhookDelivery = {
  id: 7,
  endpointId: 1,
  eventId: 'msg_abc',
  type: 'webhook.test',
  subject: 'endpoint:1',
  status: 'delivered',
  attempts: 1,
  createdAt: '2026-03-01T10:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-03-01T10:00:01.000Z',
  redeliveryOf: null,
  payload: {},
  attemptLog: [{ id: 1, at: '2026-03-01T10:00:01.000Z', statusCode: 200, error: null, durationMs: 12 }],
};

function server(list: WebhookEndpoint[], post?: [number, unknown]) {
  return fakeApi((c: FakeCall): [number, unknown] => {
    if (c.method === 'POST' && c.path === '/webhooks') {
      if (post) return post;
      const created = endpoint(9, { url: (c.body as { url: string }).url });
      list.push(created);
      return [201, { data: { ...created, secret: SECRET } }];
    }
    if (c.method === 'POST' && c.path.endsWith('/redeliver')) return [201, { data: { ...delivery, id: 8, redeliveryOf: 7 } }];
    if (c.path.endsWith('/deliveries')) return [200, { data: [delivery], page: 1, pageSize: 20, totalCount: 1, totalPages: 1 }];
    return [200, { data: list }];
  });
}

const stores = [{ id: 1, title: 'Oficina Bogotá' }];

describe('the webhooks panel', () => {
  it('says when there is no endpoint yet', async () => {
    server([]);
    renderWithProviders(<WebhooksPanel stores={stores} superAdmin={false} />, i18n);
    expect(await screen.findByTestId('webhook-empty')).toBeTruthy();
  });

  it('creates an endpoint with its events and shows the secret once', async () => {
    const calls = server([]);
    renderWithProviders(<WebhooksPanel stores={stores} superAdmin={false} />, i18n);
    await screen.findByTestId('webhook-empty');
    fireEvent.click(screen.getByTestId('webhook-new'));
    const form = within(screen.getByRole('dialog'));
    fireEvent.click(form.getByTestId('webhook-save'));
    expect(await form.findByText('Elige al menos un evento')).toBeTruthy();
    fireEvent.change(form.getByTestId('webhook-url'), { target: { value: 'https://erp.example.com/in' } });
    fireEvent.click(form.getByTestId('webhook-event-order.placed'));
    fireEvent.click(form.getByTestId('webhook-event-points.credited'));
    fireEvent.click(form.getByTestId('webhook-save'));
    const secret = await screen.findByTestId('webhook-secret');
    expect((secret as HTMLInputElement).value).toBe(SECRET);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      storeId: 1,
      url: 'https://erp.example.com/in',
      description: '',
      events: ['order.placed', 'points.credited'],
      active: true,
    });
    fireEvent.click(screen.getByText('Listo, ya lo copié'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  });

  it('shows the server’s refusal of an address under the field', async () => {
    server(
      [],
      [
        422,
        {
          statusCode: 422,
          code: 'WEBHOOK_URL_PRIVATE',
          message: 'Un webhook no se puede enviar a una dirección de una red privada o interna',
        },
      ],
    );
    renderWithProviders(<WebhooksPanel stores={stores} superAdmin />, i18n);
    await screen.findByTestId('webhook-empty');
    fireEvent.click(screen.getByTestId('webhook-new'));
    const form = within(screen.getByRole('dialog'));
    expect(form.getByRole('option', { name: 'Todas las tiendas' })).toBeTruthy();
    fireEvent.change(form.getByTestId('webhook-url'), { target: { value: 'https://10.0.0.1/x' } });
    fireEvent.click(form.getByTestId('webhook-event-order.placed'));
    fireEvent.click(form.getByTestId('webhook-save'));
    expect(await form.findByText(/red privada o interna/)).toBeTruthy();
  });

  it('lists an endpoint’s deliveries with their attempts and redelivers after a confirmation', async () => {
    const calls = server([endpoint(1)]);
    renderWithProviders(<WebhooksPanel stores={stores} superAdmin={false} />, i18n);
    fireEvent.click(await screen.findByTestId('webhook-show-deliveries'));
    const row = within(await screen.findByTestId('webhook-delivery-row'));
    expect(row.getByText('msg_abc')).toBeTruthy();
    expect(row.getByText('HTTP 200')).toBeTruthy();
    fireEvent.click(row.getByTestId('webhook-redeliver'));
    const confirm = within(screen.getByRole('dialog'));
    fireEvent.click(confirm.getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/webhooks/deliveries/7/redeliver')).toBe(true));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('En cola para enviarse otra vez.'));
  });
});
