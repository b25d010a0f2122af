import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import { createTestI18n } from '@/test/render';
import { Tabs } from './tabs';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

function Harness() {
  const [selected, setSelected] = useState('rewards');
  return (
    <I18nProvider i18n={i18n}>
      <Tabs
        label="Secciones"
        selected={selected}
        onSelect={setSelected}
        tabs={[
          { id: 'rewards', label: 'Reconocimientos' },
          { id: 'byArea', label: 'Por área' },
          { id: 'areas', label: 'Áreas' },
        ]}
      />
    </I18nProvider>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('is one Tab stop: the selected tab', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Secciones' })).toBeTruthy();
    expect(tab('Reconocimientos').tabIndex).toBe(0);
    expect(tab('Por área').tabIndex).toBe(-1);
    expect(tab('Áreas').tabIndex).toBe(-1);
  });

  it('moves and selects with the arrow keys, Home and End, stopping at the ends', () => {
    render(<Harness />);
    tab('Reconocimientos').focus();
    fireEvent.keyDown(tab('Reconocimientos'), { key: 'ArrowRight' });
    expect(tab('Por área').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Por área'));
    fireEvent.keyDown(tab('Por área'), { key: 'End' });
    expect(tab('Áreas').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Áreas'), { key: 'ArrowRight' });
    expect(tab('Áreas').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Áreas'), { key: 'Home' });
    expect(tab('Reconocimientos').getAttribute('aria-selected')).toBe('true');
    expect(tab('Reconocimientos').tabIndex).toBe(0);
    fireEvent.keyDown(tab('Reconocimientos'), { key: 'ArrowLeft' });
    expect(tab('Reconocimientos').getAttribute('aria-selected')).toBe('true');
    // Other keys are left alone.
    fireEvent.keyDown(tab('Reconocimientos'), { key: 'a' });
    expect(tab('Reconocimientos').getAttribute('aria-selected')).toBe('true');
  });

  it('shows no scroll sign when everything fits', () => {
    render(<Harness />);
    expect(screen.queryByTestId('scroll-after')).toBeNull();
    expect(screen.queryByTestId('scroll-before')).toBeNull();
  });
});
