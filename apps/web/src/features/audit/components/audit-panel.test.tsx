import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import auditEn from '@/locales/en/audit.json';
import auditEs from '@/locales/es/audit.json';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import type { AuditEntry, AuditVerification } from '../api/types';
import { AuditPanel } from './audit-panel';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ audit: { en: auditEn, es: auditEs } });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

const roleChange: AuditEntry = {
  id: 12,
  seq: 7,
  at: '2026-03-02T10:00:00.000Z',
  actor: { kind: 'user', id: 4, name: 'Sara Super <super@rewards.test>' },
  requestId: 'req-1',
  action: 'user.role',
  entity: 'users',
  entityId: 9,
  storeId: 1,
  storeName: 'Oficina Guadalajara',
  before: { role: 1 },
  after: { role: 2 },
};
const credit: AuditEntry = {
  id: 11,
  seq: null,
  at: '2026-03-01T10:00:00.000Z',
  actor: { kind: 'system', id: null, name: null },
  requestId: null,
  action: 'points.credited',
  entity: 'point_transactions',
  entityId: 300,
  storeId: null,
  storeName: null,
  before: null,
  after: { value: 50, user_id: 9 },
};

function server(items: AuditEntry[], verification: AuditVerification = { ok: true, checked: 2, firstMismatch: null }) {
  return fakeApi((c) => {
    if (c.path === '/audit/verify') return [200, { data: verification }];
    const action = c.query.get('action');
    const data = items.filter((i) => !action || i.action.startsWith(action));
    return [
      200,
      {
        data,
        page: Number(c.query.get('page')),
        pageSize: 20,
        totalCount: data.length,
        totalPages: Math.max(1, Math.ceil(data.length / 20)),
      },
    ];
  });
}

describe('the audit log page', () => {
  it('shows each entry: when, who, the action in words, the record and before → after; filters by action', async () => {
    const calls = server([roleChange, credit]);
    renderWithProviders(<AuditPanel />, i18n);
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('audit-row');
    expect(first!.textContent).toContain('Rol cambiado');
    expect(first!.textContent).toContain('Sara Super');
    expect(first!.textContent).toContain('Persona #9');
    expect(first!.textContent).toContain('Rol: Usuario → Administrador');
    expect(second!.textContent).toContain('Puntos abonados');
    expect(second!.textContent).toContain('Sistema (tarea automática)');
    expect(second!.textContent).toContain('pendiente');
    fireEvent.change(screen.getByTestId('audit-filter-action'), { target: { value: 'user.' } });
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(calls.at(-1)!.query.get('action')).toBe('user.');
    fireEvent.change(screen.getByTestId('audit-filter-entity'), { target: { value: 'users' } });
    await waitFor(() => expect(calls.at(-1)!.query.get('entity')).toBe('users'));
    expect(calls.at(-1)!.query.get('page')).toBe('1');
  });

  it('says recorded values in words: kinds, scopes, periods, yes and no; what it does not know as written', async () => {
    const funds: AuditEntry = {
      ...credit,
      id: 13,
      action: 'budget_funds.moved',
      entity: 'budgets',
      entityId: 2,
      after: { kind: 'funded', available: 3000 },
    };
    const budget: AuditEntry = {
      ...credit,
      id: 14,
      action: 'budget.created',
      entity: 'budgets',
      entityId: 2,
      after: { scope: 'manager', period: 'month', reload: true },
    };
    const deactivated: AuditEntry = { ...roleChange, id: 15, action: 'user.active', before: { active: 1 }, after: { active: 0 } };
    const ledger: AuditEntry = { ...credit, id: 16, after: { kind: 'recognition', ref_type: 'peer_recognition', value: 5 } };
    const unknown: AuditEntry = {
      ...credit,
      id: 17,
      after: { kind: 'bonus', ref_type: 'gift', events: ['order.placed', 'user.deactivated'] },
    };
    server([funds, budget, deactivated, ledger, unknown]);
    renderWithProviders(<AuditPanel />, i18n);
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(5));
    const rows = screen.getAllByTestId('audit-row').map((r) => r.textContent);
    expect(rows[0]).toContain('Tipo: Dotado');
    expect(rows[1]).toContain('Alcance: Responsable');
    expect(rows[1]).toContain('Periodo: Mensual');
    expect(rows[1]).toContain('Recarga cada periodo: Sí');
    expect(rows[2]).toContain('Activo: Sí → No');
    expect(rows[3]).toContain('Tipo: Reconocimiento');
    expect(rows[3]).toContain('Referencia: Reconocimiento entre compañeros');
    expect(rows[4]).toContain('Tipo: bonus');
    expect(rows[4]).toContain('Referencia: gift');
    expect(rows[4]).toContain('Eventos: order.placed, user.deactivated');
    cleanup();
    await i18n.changeLanguage('en');
    server([budget]);
    renderWithProviders(<AuditPanel />, i18n);
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(screen.getByTestId('audit-row').textContent).toMatch(/Monthly.*Yes|Yes.*Monthly/);
  });

  it('says when nothing matches, and when the list fails', async () => {
    server([]);
    renderWithProviders(<AuditPanel />, i18n);
    expect((await screen.findByTestId('audit-empty')).textContent).toContain('Ninguna entrada coincide');
    cleanup();
    fakeApi(() => [500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'x', requestId: 'r' }]);
    renderWithProviders(<AuditPanel />, i18n);
    expect((await screen.findByRole('alert')).textContent).toContain('No se pudo cargar la auditoría');
  });

  it('verifies the chain: all entries check out, in English', async () => {
    await i18n.changeLanguage('en');
    server([roleChange], { ok: true, checked: 1234, firstMismatch: null });
    renderWithProviders(<AuditPanel />, i18n);
    fireEvent.click(screen.getByTestId('audit-verify'));
    expect((await screen.findByTestId('audit-verify-result')).textContent).toContain('All 1234 entries check out');
  });

  it('names the first entry that does not match and whether its content or its link changed', async () => {
    server([roleChange], {
      ok: false,
      checked: 40,
      firstMismatch: {
        id: 12,
        seq: 7,
        at: '2026-03-02T10:00:00.000Z',
        action: 'user.role',
        entity: 'users',
        entityId: 9,
        reason: 'content',
      },
    });
    renderWithProviders(<AuditPanel />, i18n);
    fireEvent.click(screen.getByTestId('audit-verify'));
    const result = await screen.findByTestId('audit-verify-result');
    expect(result.textContent).toContain('La entrada n.º 7 no coincide: Rol cambiado, Persona #9');
    expect(result.textContent).toContain('Su contenido se cambió');
  });
});
