import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Translator } from '@/lib/translator';
import { I18nProvider } from '@/lib/use-translation';
import commonEn from '@/locales/en/common.json';
import commonEs from '@/locales/es/common.json';
import { LanguageSwitch } from './language-switch';

// The switch answers the first click at once, even while the other language's texts are on their way.

const app = vi.hoisted(() => ({ i18n: null as unknown as Translator, preloaded: [] as string[] }));
vi.mock('@/lib/i18n', () => ({
  setLanguage: (lang: string) => app.i18n.changeLanguage(lang),
  preloadLanguage: (lang: string) => app.preloaded.push(lang),
}));

afterEach(() => {
  cleanup();
  app.preloaded = [];
});

/** A translator whose English texts arrive only when the test lets them. */
function translator() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  app.i18n = new Translator({
    lng: 'es',
    load: async (lng) => {
      if (lng === 'en') await gate;
      return lng === 'en' ? commonEn : commonEs;
    },
  });
  return { release };
}

const pressed = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

describe('LanguageSwitch', () => {
  it('shows the language chosen at once, then the page follows when its texts are there', async () => {
    const { release } = translator();
    await app.i18n.loadNamespaces('common');
    render(
      <I18nProvider i18n={app.i18n}>
        <LanguageSwitch />
      </I18nProvider>,
    );
    expect(screen.getByRole('group', { name: 'Idioma' })).toBeTruthy();
    expect(pressed()).toEqual(['es']);
    // A pointer reaching the switch starts loading the other language.
    fireEvent.pointerEnter(screen.getByRole('group'));
    expect(app.preloaded).toEqual(['en']);

    fireEvent.click(screen.getByRole('button', { name: 'en' }));
    expect(pressed()).toEqual(['en']);
    expect(app.i18n.language).toBe('es');
    await act(async () => release());
    await vi.waitFor(() => expect(app.i18n.language).toBe('en'));
    expect(screen.getByRole('group', { name: 'Language' })).toBeTruthy();
    expect(pressed()).toEqual(['en']);
  });
});
