import { REQUEST_TIMEOUT_MS } from '@rewards/shared/constants';
import type { ErrorCode } from '@rewards/shared/errors';
import { currentLanguage, loadErrorTexts } from './i18n';
import { NotPreloaded, pageDataOnly, takePageData } from './page-data';

/** A failed API call, carrying the server's envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR' | 'TIMEOUT',
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/**
 * Called when a call comes back 401 (expired or revoked session, inactive user, no session at all) or
 * the session check answers "signed out". The listener decides whether the app believed it was signed in.
 */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Tells the `onUnauthorized` listeners that the server no longer knows this browser's session. */
export function reportUnauthorized(error: ApiError) {
  unauthorizedListeners.forEach((l) => l(error));
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** A 401 here is an answer, not an expired session (the session check itself). */
  allowUnauthorized?: boolean;
  headers?: Record<string, string>;
  /** Anything but JSON comes back as a Blob. */
  accept?: string;
}

/** Builds `?a=1&b=2`, skipping empty values and URL-encoding the rest (docs/architecture.md P5). */
export function buildQuery(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Downloads a file from the API (same session, same language headers as `api`) and hands it to the
 * browser as `filename`; failures throw the same ApiError as `api`.
 */
export async function downloadFile(path: string, filename: string, query?: RequestOptions['query']): Promise<void> {
  const blob = await api<Blob>(path, { query, accept: 'application/pdf, application/json' });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = `/api${path}${buildQuery(options.query)}`;
  // A page's first data came with its HTML (lib/page-data.ts).
  if (method === 'GET' && !options.accept) {
    const preloaded = takePageData<T>(url, currentLanguage());
    if (preloaded !== undefined) return preloaded;
  }
  if (pageDataOnly()) throw new NotPreloaded(url);
  // Gives up after REQUEST_TIMEOUT_MS (30 s, docs/architecture.md P9) with TIMEOUT, body included. A timer of our own
  // rather than AbortSignal.timeout, so the clock that runs it is the page's (and a test's fake one).
  const timer = new AbortController();
  const timeout = timer.signal;
  const giveUp = setTimeout(() => timer.abort(), REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await send<T>(url, method, options, signal, timeout);
  } finally {
    clearTimeout(giveUp);
  }
}

async function send<T>(url: string, method: string, options: RequestOptions, signal: AbortSignal, timeout: AbortSignal): Promise<T> {
  const headers: Record<string, string> = {
    accept: options.accept ?? 'application/json',
    'accept-language': currentLanguage(),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body,
      signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (timeout.aborted) throw new ApiError(0, 'TIMEOUT', 'timeout');
    if (options.signal?.aborted) throw err;
    throw new ApiError(0, 'NETWORK_ERROR', 'network error');
  }
  if (response.ok) {
    // 204: done, and nothing to read.
    if (response.status === 204) return undefined as T;
    try {
      return (options.accept ? await response.blob() : await response.json()) as T;
    } catch (err) {
      if (timeout.aborted) throw new ApiError(0, 'TIMEOUT', 'timeout');
      throw err;
    }
  }
  const payload = (await response.json().catch(() => null)) as { code?: string; message?: string; details?: unknown } | null;
  // Codes are stable UPPER_SNAKE ids; their texts load with the errors namespace.
  const code = typeof payload?.code === 'string' && /^[A-Z][A-Z_]+$/.test(payload.code) ? (payload.code as ErrorCode) : 'INTERNAL_ERROR';
  const error = new ApiError(response.status, code, payload?.message ?? response.statusText, payload?.details);
  // Told at once: the first 401 says why the session ended (the next ones, without the cleared cookie, do not).
  if (response.status === 401 && !options.allowUnauthorized) reportUnauthorized(error);
  // Whatever shows this error finds its text loaded (a failed load leaves the generic text of `common`).
  await loadErrorTexts().catch(() => undefined);
  throw error;
}
