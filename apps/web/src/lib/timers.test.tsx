import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ALERT_MS, REQUEST_TIMEOUT_MS, TOAST_MS } from '@rewards/shared/constants';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import { UiStateProvider, useUiState } from '@/components/ui/ui-state';
import { createTestI18n } from '@/test/render';
import { api, ApiError } from './api';
import { errorText } from './error-text';
import { toast, Toasts } from './toast';

// The timings of docs/architecture.md P9 on a fake clock (vi.useFakeTimers): alerts clear after 4000 ms, toasts
// hide after 6000 ms, and the API client gives up after 30 s with a localized error.

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

it('uses the numbers of docs/architecture.md P9', () => {
  expect([ALERT_MS, TOAST_MS, REQUEST_TIMEOUT_MS]).toEqual([4000, 6000, 30_000]);
});

describe('alerts', () => {
  function AlertButton({ message }: { message: string }) {
    const { showAlert } = useUiState();
    return <button onClick={() => showAlert(message, 'info', 'Alerta')}>{message}</button>;
  }

  it('clear themselves after 4000 ms, each on its own clock', () => {
    render(
      <I18nProvider i18n={i18n}>
        <UiStateProvider>
          <AlertButton message="primera" />
          <AlertButton message="segunda" />
        </UiStateProvider>
      </I18nProvider>,
    );
    act(() => screen.getByRole('button', { name: 'primera' }).click());
    act(() => vi.advanceTimersByTime(1000));
    act(() => screen.getByRole('button', { name: 'segunda' }).click());
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Alertaprimera', 'Alertasegunda']);
    act(() => vi.advanceTimersByTime(ALERT_MS - 1000 - 1));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Alertasegunda']);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });
});

describe('toasts', () => {
  it('hide after 6000 ms, not before', async () => {
    render(<Toasts />);
    await act(async () => {
      toast.success('Agregado a tu carrito');
      // The library loads with the first toast (a dynamic import): let it arrive.
      await vi.dynamicImportSettled();
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(await vi.waitFor(() => screen.getByText('Agregado a tu carrito'))).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST_MS - 500);
    });
    expect(screen.queryByText('Agregado a tu carrito')).not.toBeNull();
    await act(async () => {
      // The 6000 ms, then the library's exit animation.
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByText('Agregado a tu carrito')).toBeNull();
  });
});

describe('the API client', () => {
  /** A fetch that never answers, but stops when its signal aborts (as the browser's does). */
  function hangingFetch() {
    const fetch = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('gives up after 30 s with TIMEOUT, worded in es and en', async () => {
    hangingFetch();
    const call = api('/products/all/');
    const outcome = call.then(
      () => null,
      (err: unknown) => err,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await outcome;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(errorText(i18n.t.bind(i18n), err)).toBe('El servidor no respondió en 30 segundos. Revisa tu conexión e inténtalo de nuevo');
    await i18n.changeLanguage('en');
    expect(errorText(i18n.t.bind(i18n), err)).toBe('The server did not answer within 30 seconds. Check your connection and try again');
  });

  it('does not give up on an answer that comes in time, and leaves no timer behind', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) =>
            setTimeout(
              () => resolve(new Response(JSON.stringify({ data: [] }), { headers: { 'content-type': 'application/json' } })),
              29_000,
            ),
          ),
      ),
    );
    const call = api<{ data: unknown[] }>('/products/all/');
    await vi.advanceTimersByTimeAsync(29_000);
    await expect(call).resolves.toEqual({ data: [] });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a request the caller cancels is not reported as a timeout', async () => {
    hangingFetch();
    const stop = new AbortController();
    const call = api('/products/all/', { signal: stop.signal });
    stop.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
