import type { Award, AwardPerson, Budget, PendingApproval } from '../api/types';
import type { RenderPicker } from '../components/give-award-form';

export const person = (id: number, name: string): AwardPerson => ({ id, name, email: `${name.toLowerCase()}@example.com`, active: true });
export const ana = person(11, 'Ana');
export const luis = person(12, 'Luis');
export const marta = person(20, 'Marta');
export const giver = person(5, 'Gabriel');

export const budget = (id: number, more: Partial<Budget> = {}): Budget => ({
  id,
  scope: 'store',
  storeId: 1,
  storeName: 'Centro',
  department: null,
  manager: null,
  amount: 5000,
  period: 'month',
  reload: true,
  periodStart: '2026-03-01',
  periodEnd: '2026-03-31',
  available: 5000,
  reserved: 0,
  spentThisPeriod: 0,
  closedAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  canSpend: true,
  canManage: true,
  ...more,
});

export const award = (id: number, more: Partial<Award> = {}): Award => ({
  id,
  status: 'credited',
  giver,
  recipients: [ana],
  points: 100,
  total: 100,
  message: 'Thank you for the great launch work',
  budget: { id: 1, scope: 'store', storeId: 1, department: null, managerId: null },
  levels: 0,
  currentLevel: null,
  heldBy: [],
  steps: [],
  denyReason: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  decidedAt: null,
  ...more,
});

export const waiting = (id: number, more: Partial<Award> = {}) =>
  award(id, {
    status: 'waiting',
    points: 800,
    total: 800,
    levels: 1,
    currentLevel: 1,
    heldBy: [{ stepId: 70 + id, approver: marta, storeId: 1, waitingSince: '2026-03-02T10:00:00.000Z' }],
    ...more,
  });

export const pending = (stepId: number, a: Award, more: Partial<PendingApproval> = {}): PendingApproval => ({
  stepId,
  level: 1,
  levels: a.levels,
  asAdministrator: false,
  waitingSince: '2026-03-02T10:00:00.000Z',
  award: a,
  ...more,
});

export const list = <T,>(data: T[], page = 1, totalPages = 1) => ({ data, page, pageSize: 20, totalCount: data.length, totalPages });

/** A stand-in for the people search: a button per person it offers. */
export const fakePicker =
  (people: AwardPerson[]): RenderPicker =>
  (p) => (
    <div data-testid="picker" aria-label={p.label}>
      {people
        .filter((x) => !p.exclude.includes(x.id))
        .map((x) => (
          <button key={x.id} type="button" disabled={p.disabled} onClick={() => p.onPick(x)}>
            {`pick ${x.name}`}
          </button>
        ))}
    </div>
  );
