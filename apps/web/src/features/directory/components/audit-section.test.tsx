import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import directoryEn from '@/locales/en/directory.json';
import directoryEs from '@/locales/es/directory.json';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import type { DirectoryAuditItem } from '../api/types';
import { AuditSection } from './audit-section';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ directory: { en: directoryEn, es: directoryEs } });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

const scimCreate: DirectoryAuditItem = {
  id: 2,
  at: '2026-03-02T10:00:00.000Z',
  source: 'scim',
  connection: { id: 1, name: 'Entra ID' },
  actor: null,
  requestId: 'req-scim-1',
  user: { id: 9, email: 'ana@rewards.test', name: 'Ana Ruiz' },
  action: 'create',
  changes: { email: { before: null, after: 'ana@rewards.test' }, office: { before: null, after: 'Oficina Guadalajara' } },
};
const syncUpdate: DirectoryAuditItem = {
  id: 1,
  at: '2026-03-01T10:00:00.000Z',
  source: 'sync',
  connection: null,
  actor: { id: 4, name: 'Sara Super' },
  requestId: 'req-sync-1',
  user: { id: 5, email: 'luis@rewards.test', name: 'Luis Martínez' },
  action: 'deactivate',
  changes: { active: { before: 'true', after: 'false' }, hireDate: { before: '2020-01-15', after: '2020-01-16' } },
};

/** The audit list: `items` of the asked source, in pages of 20 with 45 in all when `many`. */
function server(items: DirectoryAuditItem[], many = false) {
  return fakeApi((c) => {
    const source = c.query.get('source');
    const data = items.filter((i) => !source || i.source === source);
    const totalCount = many ? 45 : data.length;
    return [200, { data, page: Number(c.query.get('page')), pageSize: 20, totalCount, totalPages: Math.ceil(totalCount / 20) }];
  });
}

const rows = () => screen.getAllByTestId('directory-audit-row');

describe("the directory's audit list", () => {
  it('shows each change with when, its source and who made it, the person, the action and before → after', async () => {
    const calls = server([scimCreate, syncUpdate]);
    renderWithProviders(<AuditSection />, i18n);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/directory/audit' });
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ page: '1', pageSize: '20' });
    const [first, second] = rows().map((r) => within(r));
    expect(first!.getByText('SCIM')).toBeTruthy();
    expect(first!.getByTestId('directory-audit-by').textContent).toBe('Entra ID');
    expect(first!.getByText('Ana Ruiz')).toBeTruthy();
    expect(first!.getByTestId('directory-audit-action').textContent).toBe('Alta');
    expect(first!.getAllByTestId('directory-change').map((c) => c.textContent)).toEqual([
      'Correo: — → ana@rewards.test',
      'Oficina: — → Oficina Guadalajara',
    ]);
    expect(first!.getByText('req-scim-1')).toBeTruthy();
    expect(second!.getByText('Archivo')).toBeTruthy();
    expect(second!.getByTestId('directory-audit-by').textContent).toBe('Sara Super');
    expect(second!.getByTestId('directory-audit-action').textContent).toBe('Baja');
    expect(second!.getAllByTestId('directory-change').map((c) => c.textContent)).toEqual([
      'Activo: Sí → No',
      'Fecha de ingreso: 15 ene 2020 → 16 ene 2020',
    ]);
  });

  it('filters by source and pages, and says when nothing matches; in English too', async () => {
    const calls = server([scimCreate], true);
    await i18n.changeLanguage('en');
    renderWithProviders(<AuditSection />, i18n);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)!.query.get('page')).toBe('2'));
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'sync' } });
    await waitFor(() => expect(calls.at(-1)!.query.get('source')).toBe('sync'));
    expect(calls.at(-1)!.query.get('page')).toBe('1');
    expect((await screen.findByTestId('directory-audit-empty')).textContent).toBe('No changes from this source.');
  });

  it('says so when the directory has changed nobody yet', async () => {
    server([]);
    renderWithProviders(<AuditSection />, i18n);
    expect((await screen.findByTestId('directory-audit-empty')).textContent).toBe('El directorio aún no ha cambiado a nadie.');
  });
});
