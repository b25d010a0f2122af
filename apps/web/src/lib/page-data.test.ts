import { afterEach, describe, expect, it, vi } from 'vitest';

/** A page whose HTML carries `data` (as the server writes it), with a fresh copy of the modules. */
async function pageWith(block: string | null) {
  vi.resetModules();
  document.getElementById('page-data')?.remove();
  if (block !== null) {
    const script = Object.assign(document.createElement('script'), { type: 'application/json', id: 'page-data', textContent: block });
    document.head.append(script);
  }
  return { pageData: await import('./page-data'), api: await import('./api') };
}

describe('page data', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers a request the page made first once, by path and query in any order, in its language', async () => {
    const { pageData } = await pageWith('{"lang":"es","data":{"/api/products/all/?order=featured&slug=oficina":{"data":[1]}}}');
    expect(pageData.takePageData('/api/products/all/?slug=oficina&order=featured', 'en')).toBeUndefined();
    expect(pageData.takePageData('/api/products/all/?slug=oficina&order=featured', 'es')).toEqual({ data: [1] });
    // Once: the next request for it asks the API.
    expect(pageData.takePageData('/api/products/all/?slug=oficina&order=featured', 'es')).toBeUndefined();
    expect(document.getElementById('page-data')).toBeNull();
  });

  it('lets api answer from it without the network, and only from it while the cache is being filled', async () => {
    const fetch = vi.fn(async () => new Response('{"data":"network"}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { pageData, api } = await pageWith('{"lang":"es","data":{"/api/auth/session":{"data":{"id":7}}}}');
    expect(await api.api('/auth/session')).toEqual({ data: { id: 7 } });
    expect(fetch).not.toHaveBeenCalled();

    pageData.answerFromPageDataOnly(true);
    await expect(api.api('/cart')).rejects.toBeInstanceOf(pageData.NotPreloaded);
    pageData.answerFromPageDataOnly(false);
    expect(await api.api('/cart')).toEqual({ data: 'network' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('names the texts the page renders with', async () => {
    expect((await pageWith('{"lang":"es","texts":["cart"],"data":{}}')).pageData.pageTexts()).toEqual(['cart']);
    expect((await pageWith('{"lang":"es","data":{}}')).pageData.pageTexts()).toEqual([]);
  });

  it('is empty when the page has none or it cannot be read', async () => {
    expect((await pageWith(null)).pageData.takePageData('/api/auth/session', 'es')).toBeUndefined();
    expect((await pageWith(null)).pageData.pageTexts()).toEqual([]);
    expect((await pageWith('{not json')).pageData.takePageData('/api/auth/session', 'es')).toBeUndefined();
  });
});
