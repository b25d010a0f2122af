import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import { StockForm } from './stock-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const noMovements = { data: [], page: 1, pageSize: 10, totalCount: 0, totalPages: 0 };
/** GET /inventory answers no movements; the POST answers `post`. */
const serve = (post: [number, unknown]) => fakeApi((c) => (c.method === 'POST' ? post : [200, noMovements]));
const refusal = (status: number, code: string, details?: unknown) =>
  [status, { statusCode: status, code, message: 'x', details, requestId: 'r' }] as [number, unknown];

function fill(delta: string, reason: string, labels = { delta: 'Cambio', reason: 'Motivo', record: 'Registrar' }) {
  fireEvent.change(screen.getByLabelText(labels.delta), { target: { value: delta } });
  fireEvent.change(screen.getByLabelText(labels.reason), { target: { value: reason } });
  fireEvent.click(screen.getByRole('button', { name: labels.record }));
}
const renderForm = (onDone = vi.fn()) => {
  renderWithProviders(<StockForm storeId={1} product={{ id: 40, name: 'Termo', stock: 3 }} onDone={onDone} />, i18n);
  return onDone;
};

describe('StockForm', () => {
  it('records the movement and closes', async () => {
    const calls = serve([201, { data: { id: 1, stockAfter: 13 } }]);
    const onDone = renderForm();
    await screen.findByText('Todavía no hay movimientos.');
    fill('10', 'Reposición de marzo');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ productId: 40, delta: 10, reason: 'Reposición de marzo' });
    expect(toast.success).toHaveBeenCalledWith('Stock registrado: ahora 13');
  });

  it('shows the server validation details next to their fields', async () => {
    serve(refusal(400, 'VALIDATION_ERROR', [{ field: 'body.reason', message: 'Too short!', code: 'too_small' }]));
    const onDone = renderForm();
    fill('5', 'Reposición');
    const reason = screen.getByLabelText('Motivo');
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(reason.getAttribute('aria-describedby')!)!.textContent).toBe('¡Muy corto!');
    expect(screen.getByLabelText('Cambio').getAttribute('aria-invalid')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('puts a stock that would go below zero on the change field, as the server words it for the administrator', async () => {
    serve(refusal(422, 'STOCK_BELOW_ZERO', { productId: 40, name: 'Termo', stock: 3, delta: -5 }));
    renderForm();
    fill('-5', 'Merma');
    const delta = screen.getByLabelText('Cambio');
    await waitFor(() => expect(delta.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(delta.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Este cambio dejaría a Termo con stock negativo (stock actual 3)',
    );
  });

  it('toasts any other refusal in the reader language', async () => {
    serve(refusal(403, 'FORBIDDEN'));
    await i18n.changeLanguage('en');
    renderForm();
    fill('5', 'Restock', { delta: 'Change', reason: 'Reason', record: 'Record' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error).toHaveBeenCalledWith('You do not have permission to do this');
    await i18n.changeLanguage('es');
  });
});
