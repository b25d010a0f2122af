import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import { createTestI18n } from '@/test/render';
import { Localized, markedText, useContent } from './localized';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('es');
});

type Product = { name: string; nameEn: string };

/** A product's name as a card shows it: clamped to one line, the way the shop's cards and titles are. */
function Name({ product }: { product: Product }) {
  const content = useContent();
  return <Localized value={content(product, 'name')} className="truncate" data-testid="name" />;
}

const show = (product: Product) =>
  render(
    <I18nProvider i18n={i18n}>
      <Name product={product} />
    </I18nProvider>,
  );

describe('Localized', () => {
  it('shows the reader’s language with no mark and no lang of its own when it was written', async () => {
    show({ name: 'Termo de acero', nameEn: 'Steel thermos' });
    const name = screen.getByTestId('name');
    expect(name.textContent).toBe('Termo de acero');
    expect(name.hasAttribute('lang')).toBe(false);
    expect(screen.queryByTestId('fallback-mark')).toBeNull();

    await act(() => i18n.changeLanguage('en'));
    expect(name.textContent).toBe('Steel thermos');
    expect(screen.queryByTestId('fallback-mark')).toBeNull();
  });

  it('falls back to the other language with its lang and a discreet mark read out in the reader’s language', async () => {
    show({ name: '', nameEn: 'Steel thermos' });
    const name = screen.getByTestId('name');
    expect(name.getAttribute('lang')).toBe('en');
    expect(name.className).toBe('truncate');
    const mark = screen.getByRole('img', { name: 'Solo en inglés' });
    expect(mark.textContent).toBe('EN');
    // The mark is in the reader's language, inside a text in the other one; first, so a cut title keeps it.
    expect(mark.getAttribute('lang')).toBe('es');
    expect(name.firstElementChild).toBe(mark);
    expect(name.textContent).toBe('ENSteel thermos');

    await act(() => i18n.changeLanguage('en'));
    expect(name.hasAttribute('lang')).toBe(false);
    expect(screen.queryByTestId('fallback-mark')).toBeNull();
  });

  it('marks Spanish shown to an English reader', async () => {
    await i18n.changeLanguage('en');
    show({ name: 'Termo de acero', nameEn: '  ' });
    expect(screen.getByTestId('name').getAttribute('lang')).toBe('es');
    expect(screen.getByRole('img', { name: 'Only in Spanish' }).textContent).toBe('ES');
  });

  it('writes the mark into the text where an element cannot hold it (an option, a title attribute)', () => {
    expect(markedText({ text: 'Termo', lang: 'es', fallback: false })).toBe('Termo');
    expect(markedText({ text: 'Thermos', lang: 'en', fallback: true })).toBe('Thermos (EN)');
  });
});
