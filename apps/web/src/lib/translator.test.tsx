import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Translator } from './translator';
import { I18nProvider, useTranslation } from './use-translation';

afterEach(cleanup);

const texts = () =>
  new Translator({
    lng: 'es',
    resources: {
      es: {
        common: {
          hello: 'Hola, {{name}}',
          cart: { items_one: '{{count}} producto', items_other: '{{count}} productos' },
          rules: ['Uno', 'Dos'],
          plain: 'Sin plural',
        },
        admin: { title: 'Administración' },
      },
      en: {
        common: { hello: 'Hello, {{name}}', cart: { items_one: '{{count}} product', items_other: '{{count}} products' } },
        admin: { title: 'Administration' },
      },
    },
  });

describe('the translator', () => {
  it('reads dotted keys, fills values, and picks plurals by the language rules (0 and 1 included)', () => {
    const i18n = texts();
    expect(i18n.t('hello', { name: 'Ana' })).toBe('Hola, Ana');
    expect(i18n.t('hello')).toBe('Hola, {{name}}');
    expect([0, 1, 2].map((count) => i18n.t('cart.items', { count }))).toEqual(['0 productos', '1 producto', '2 productos']);
    expect(i18n.t('plain', { count: 3 })).toBe('Sin plural');
    expect(i18n.t('cart.items', { count: 1, lng: 'en' })).toBe('1 product');
    expect(i18n.t('cart.items', { count: 0, lng: 'en' })).toBe('0 products');
    expect(i18n.t('cart.items', { count: 1_000_000 })).toBe('1000000 productos'); // es "many" reads as "other"
    expect(i18n.t('hello', { name: null })).toBe('Hola, ');
  });

  it('ends in the language asked last when switches overlap', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const i18n = new Translator({
      lng: 'es',
      load: async (lng) => {
        if (lng === 'en') await gate;
        return { hi: lng };
      },
    });
    await i18n.loadNamespaces('common');
    const toEnglish = i18n.changeLanguage('en');
    await i18n.changeLanguage('es'); // clicked back before the English texts came
    release();
    await toEnglish;
    expect(i18n.language).toBe('es');
  });

  it('reads another namespace by prefix or option, returns objects when asked, and the default or the key when missing', () => {
    const i18n = texts();
    expect(i18n.t('admin:title')).toBe('Administración');
    expect(i18n.t('title', { ns: 'admin' })).toBe('Administración');
    expect(i18n.t('rules', { returnObjects: true })).toEqual(['Uno', 'Dos']);
    expect(i18n.t('nope.key')).toBe('nope.key');
    expect(i18n.t('errors:NOPE', { defaultValue: 'Algo falló ({{code}})', code: 7 })).toBe('Algo falló (7)');
    expect(i18n.t('cart')).toBe('cart'); // an object is not a text
    expect(i18n.getFixedT('en', 'admin')('title')).toBe('Administration');
  });

  it('loads a namespace once for concurrent callers, and shows keys when it cannot be loaded', async () => {
    const load = vi.fn(async (lng: string, ns: string) => {
      if (ns === 'broken') throw new Error('chunk gone');
      return { title: `${ns} ${lng}` };
    });
    const i18n = new Translator({ lng: 'es', load });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await Promise.all([i18n.loadNamespaces('loads'), i18n.loadNamespaces(['loads', 'broken'])]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(i18n.t('loads:title')).toBe('loads es');
    expect(i18n.hasLoaded('broken')).toBe(true);
    expect(i18n.t('broken:title')).toBe('title');
    // A language switch loads what was read so far in the new language first.
    await i18n.changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('loads:title')).toBe('loads en');
  });
});

function Greeting() {
  const { t } = useTranslation(['loads', 'common']);
  return <p>{t('title')}</p>;
}

describe('useTranslation', () => {
  it('suspends while its namespaces load, then renders again on every language change', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const i18n = new Translator({
      lng: 'es',
      load: async (lng, ns) => {
        if (ns === 'loads' && lng === 'es') await gate;
        return { title: `${ns}/${lng}` };
      },
    });
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>…</p>}>
          <Greeting />
        </Suspense>
      </I18nProvider>,
    );
    expect(screen.getByText('…')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByText('loads/es')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('loads/en')).toBeTruthy();
    expect(screen.queryByText('…')).toBeNull(); // the new language's texts were there before the switch
  });
});
