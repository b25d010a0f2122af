import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import { createTestI18n } from '@/test/render';
import { BilingualField } from './bilingual-field';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('es');
});

function show(props: { errors?: { es?: string; en?: string }; required?: boolean; hint?: string } = {}) {
  return render(
    <I18nProvider i18n={i18n}>
      <BilingualField
        label="Nombre"
        es={<input defaultValue="Termo" maxLength={120} className="font-mono" />}
        en={<textarea defaultValue="Thermos" />}
        testId="field-name"
        {...props}
      />
    </I18nProvider>,
  );
}

const group = () => screen.getByRole('group', { name: 'Nombre' });

describe('BilingualField', () => {
  it('shows both languages side by side under one name, each control labelled and in its language', () => {
    show();
    const es = within(group()).getByLabelText('Español') as HTMLInputElement;
    const en = within(group()).getByLabelText('English') as HTMLTextAreaElement;
    expect([es.value, en.value]).toEqual(['Termo', 'Thermos']);
    expect([es.lang, en.lang]).toEqual(['es', 'en']);
    // The control keeps its own attributes and style, with the field's.
    expect(es.maxLength).toBe(120);
    expect(es.className).toContain('font-mono');
    expect(es.className).toContain('w-full');
    // Spanish first; two columns once the form is wide enough, stacked on a phone.
    const columns = group().querySelectorAll('[data-lang]');
    expect([...columns].map((c) => c.getAttribute('data-lang'))).toEqual(['es', 'en']);
    expect(columns[0]!.parentElement!.className).toMatch(/@lg:grid-cols-2/);
    expect(es.getAttribute('aria-invalid')).toBeNull();
  });

  it('says that one language is enough when the field is required', async () => {
    show({ required: true });
    const note = 'Escribe al menos uno de los dos idiomas.';
    expect(screen.getByText(note)).toBeTruthy();
    expect(document.getElementById(group().getAttribute('aria-describedby')!)?.textContent).toBe(note);
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Write at least one of the two languages.')).toBeTruthy();
    // The language names stay in their own language.
    expect(within(group()).getByLabelText('Español')).toBeTruthy();
  });

  it('puts each error on its own language’s control', () => {
    show({ errors: { en: 'Too short!' } });
    const es = within(group()).getByLabelText('Español');
    const en = within(group()).getByLabelText('English');
    expect(es.getAttribute('aria-invalid')).toBeNull();
    expect(en.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(en.getAttribute('aria-describedby')!)?.textContent).toBe('Too short!');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Too short!']);
    expect(en.className).toContain('border-rose-500');
  });
});
