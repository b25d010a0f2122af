import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { errorMessages } from '@rewards/shared/errors';
import { Translator } from '@/lib/translator';
import { I18nProvider, type I18n } from '@/lib/use-translation';
import adminEn from '@/locales/en/admin.json';
import adminEs from '@/locales/es/admin.json';
import commonEn from '@/locales/en/common.json';
import commonEs from '@/locales/es/common.json';

const errors = (lang: 'en' | 'es') => Object.fromEntries(Object.entries(errorMessages).map(([code, text]) => [code, text[lang]]));

/**
 * The shop pages' own namespaces (their texts were in `common` until decision 0028): as much the shop's as `common`;
 * and the form controls' (both languages side by side, files, dates), which admin forms and /account share.
 */
const shopPages = import.meta.glob<object>('../locales/*/{about,cart,controls,faq,login,logout,orders,points,wishlist}.json', {
  eager: true,
  import: 'default',
});
const shop = (lang: 'en' | 'es') =>
  Object.fromEntries(
    Object.entries(shopPages)
      .filter(([file]) => file.includes(`/${lang}/`))
      .map(([file, texts]) => [/(\w+)\.json$/.exec(file)![1]!, texts]),
  );

/**
 * A translator of its own per test file, Spanish first, with the shop's (common and its pages'), the admin's and the error texts,
 * plus a feature's namespaces: `createTestI18n({ users: { en: usersEn, es: usersEs } })`.
 */
export async function createTestI18n(extra: Record<string, { en: object; es: object }> = {}): Promise<I18n> {
  const more = (lang: 'en' | 'es') => Object.fromEntries(Object.entries(extra).map(([ns, texts]) => [ns, texts[lang]]));
  return Promise.resolve(
    new Translator({
      lng: 'es',
      defaultNS: 'common',
      resources: {
        en: { common: commonEn, ...shop('en'), admin: adminEn, errors: errors('en'), ...more('en') },
        es: { common: commonEs, ...shop('es'), admin: adminEs, errors: errors('es'), ...more('es') },
      },
    }),
  );
}

/** jsdom has no <dialog> methods. */
export function polyfillDialog() {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}

/** Renders inside the providers a page has: texts, a fresh query cache, a router. */
export function renderWithProviders(ui: ReactNode, i18n: I18n, path = '/') {
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Stands in for the API: `answer` gets each call (method, path without /api, query, JSON body) and returns
 * `[status, body]`. Returns the list of calls made.
 */
export function fakeApi(answer: (call: FakeCall) => [number, unknown]) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://test');
      const call: FakeCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, ''),
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const [status, body] = answer(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
