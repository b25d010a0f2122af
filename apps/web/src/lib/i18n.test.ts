import { afterEach, describe, expect, it, vi } from 'vitest';

// The language a visit opens in (docs/architecture.md P9): the reader's choice, else the browser's.

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

/** The app's translator as a fresh page would load it, for a browser speaking `languages`. */
async function openWith(languages: string[]) {
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
  try {
    const { default: i18n, openingLanguage } = await import('./i18n');
    return { language: i18n.language, opening: openingLanguage() };
  } finally {
    Object.defineProperty(navigator, 'languages', { value: ['es-MX', 'es'], configurable: true });
  }
}

describe('the language of a visit', () => {
  it("follows the browser's first language the app has: es for es-*, en for en-*, es otherwise", async () => {
    const { browserLanguage } = await import('./i18n');
    expect(browserLanguage(['en-US', 'en'])).toBe('en');
    expect(browserLanguage(['EN-gb'])).toBe('en');
    expect(browserLanguage(['es-MX', 'en'])).toBe('es');
    expect(browserLanguage(['fr-FR', 'en-GB', 'es'])).toBe('en');
    expect(browserLanguage(['de-DE', 'pt'])).toBe('es');
    expect(browserLanguage([])).toBe('es');
  });

  it('opens an English browser in English, and a choice made with the switch wins over the browser', async () => {
    expect(await openWith(['en-US', 'en'])).toEqual({ language: 'en', opening: 'en' });
    vi.resetModules();
    localStorage.setItem('lang', 'es');
    expect(await openWith(['en-US', 'en'])).toEqual({ language: 'es', opening: 'es' });
    vi.resetModules();
    localStorage.setItem('lang', 'xx'); // not a language of the app: the browser's
    expect(await openWith(['en-US'])).toEqual({ language: 'en', opening: 'en' });
  });
});
