import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, buildQuery, onUnauthorized } from './api';

describe('buildQuery', () => {
  it('skips empty and null values and URL-encodes the rest (docs/architecture.md P5)', () => {
    expect(buildQuery({ page: 1, search: 'café con leche', storeId: null, empty: '', missing: undefined })).toBe(
      '?page=1&search=caf%C3%A9+con+leche',
    );
    expect(buildQuery({})).toBe('');
    expect(buildQuery(undefined)).toBe('');
  });
});

describe('api and a 401', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer401 = (code: string) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ statusCode: 401, code, message: 'no' }), { status: 401 })),
    );

  it('tells the unauthorized listeners, with the code, and throws the envelope', async () => {
    answer401('SESSION_EXPIRED');
    const heard: string[] = [];
    const off = onUnauthorized((e) => heard.push(e.code));
    await expect(api('/cart')).rejects.toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });
    off();
    await expect(api('/cart')).rejects.toBeInstanceOf(ApiError);
    expect(heard).toEqual(['SESSION_EXPIRED']);
  });

  it('stays quiet when a 401 is an expected answer (allowUnauthorized)', async () => {
    answer401('UNAUTHENTICATED');
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    await expect(api('/auth/logout', { method: 'POST', allowUnauthorized: true })).rejects.toMatchObject({ status: 401 });
    off();
    expect(listener).not.toHaveBeenCalled();
  });
});
