import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import peerEn from '@/locales/en/peer.json';
import peerEs from '@/locales/es/peer.json';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import { FeedFilterBar } from './feed-filters';

// The feed's person filter: its search is not part of the page's first download; the box stands in its place
// until its first focus (or the page settling), and what was typed carries over.

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ peer: { en: peerEn, es: peerEs } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the person filter', () => {
  it('is a plain box until focused, then the search, with the focus and the text kept; a pick filters the feed', async () => {
    const calls = fakeApi((c) => {
      if (c.path === '/people') return [200, { data: [{ id: 7, name: 'Eva Paz', email: 'eva@x.test', photoUrl: null, office: null }] }];
      if (c.path === '/recognitions') return [200, { data: [], nextCursor: null }];
      return [200, { data: [] }];
    });
    const onChange = vi.fn();
    renderWithProviders(<FeedFilterBar filters={{}} offices={[]} onChange={onChange} />, i18n, '/feed');
    const box = screen.getByLabelText('Persona');
    expect(box.getAttribute('role')).toBeNull();
    box.focus();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'eva' } });
    const search = await screen.findByRole('combobox', { name: 'Persona' });
    expect((search as HTMLInputElement).value).toBe('eva');
    expect(document.activeElement).toBe(search);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    await screen.findByTestId('person-option');
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ personId: 7 }, 'Eva Paz'));
    expect(calls.some((c) => c.path === '/people' && c.query.get('q') === 'eva')).toBe(true);
  });
});
