import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import { createTestI18n } from '@/test/render';
import { QueryRows } from './query-rows';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const idle = { isPending: false, isError: false, isSuccess: false, refetch: vi.fn() };
function renderRows(query: Parameters<typeof QueryRows>[0]['query']) {
  return render(
    <I18nProvider i18n={i18n}>
      <table>
        <tbody>
          <QueryRows query={query} colSpan={6} empty="Nada todavía" loadError="No se pudo cargar" retry="Reintentar" />
        </tbody>
      </table>
    </I18nProvider>,
  );
}

describe('QueryRows', () => {
  it('says it is loading', () => {
    renderRows({ ...idle, isPending: true });
    expect(screen.getByText('Cargando…')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reports a failure with a retry', () => {
    const refetch = vi.fn();
    renderRows({ ...idle, isError: true, refetch });
    expect(screen.getByRole('alert').textContent).toContain('No se pudo cargar');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('says when nothing was found, and nothing when rows came', () => {
    const { unmount } = renderRows({ ...idle, isSuccess: true, data: { data: [] } });
    expect(screen.getByText('Nada todavía')).toBeTruthy();
    unmount();
    renderRows({ ...idle, isSuccess: true, data: { data: [{ id: 1 }] } });
    expect(screen.queryByRole('row')).toBeNull();
  });
});
