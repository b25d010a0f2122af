import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import { createTestI18n } from '@/test/render';
import { DateInput, parseDay, parseDayTime } from './date-input';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('es');
});

function Dated({ initial = '', onChange, ...props }: { initial?: string; onChange?: (v: string) => void; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="when">Desde</label>
      <DateInput
        id="when"
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
        {...props}
      />
    </>
  );
}

const show = (props: Parameters<typeof Dated>[0] = {}) =>
  render(
    <I18nProvider i18n={i18n}>
      <Dated {...props} />
    </I18nProvider>,
  );

describe('parseDay and parseDayTime', () => {
  it('read year-month-day (also with / or .) and a 24-hour time, only real ones', () => {
    expect(parseDay('2026-3-9')).toBe('2026-03-09');
    expect(parseDay(' 2026/03/31 ')).toBe('2026-03-31');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('31/03/2026')).toBeNull();
    expect(parseDayTime('2026-03-31T18:30')).toBe('2026-03-31T18:30');
    expect(parseDayTime('2026-03-31 8:05')).toBe('2026-03-31T08:05');
    expect(parseDayTime('2026-03-31 24:00')).toBeNull();
  });
});

describe('DateInput', () => {
  it('speaks the chosen language, not the browser’s: placeholder, format, lang', async () => {
    show();
    const input = screen.getByLabelText('Desde') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.placeholder).toBe('aaaa-mm-dd');
    expect(input.lang).toBe('es');
    expect(screen.getByRole('button', { name: 'Elegir en el calendario' })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(input.placeholder).toBe('yyyy-mm-dd');
    expect(input.lang).toBe('en');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toMatch(/^Format: year-month-day/);
  });

  it('gives a day once it is one, and says so when what was typed is not', () => {
    const onChange = vi.fn();
    show({ onChange, max: '2026-03-10' });
    const input = screen.getByLabelText('Desde');
    fireEvent.change(input, { target: { value: '2026-03-0' } });
    expect(onChange).toHaveBeenLastCalledWith('');
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('Escribe la fecha como aaaa-mm-dd.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '2026-3-2' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-03-02');
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe('2026-03-02');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(input, { target: { value: '2026-03-11' } });
    expect(screen.getByRole('alert').textContent).toBe('Esa fecha no está permitida aquí.');
  });

  it('opens a month in the chosen language and picks a day with the keyboard', async () => {
    await i18n.changeLanguage('en');
    const onChange = vi.fn();
    show({ initial: '2026-03-09', onChange });
    fireEvent.click(screen.getByRole('button', { name: 'Choose on the calendar' }));
    const grid = await screen.findByRole('grid', { name: 'March 2026' });
    // Sunday first in English.
    expect(grid.querySelector('th')?.getAttribute('abbr')).toBe('Sunday');
    const focused = document.activeElement as HTMLButtonElement;
    expect(focused.getAttribute('aria-label')).toBe('Monday, March 9, 2026');
    fireEvent.keyDown(focused, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Friday, April 10, 2026');
    fireEvent.click(document.activeElement!);
    expect(onChange).toHaveBeenLastCalledWith('2026-04-10');
    expect(screen.queryByRole('grid')).toBeNull();
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('2026-04-10');
  });
});
