import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import awardsEn from '@/locales/en/awards.json';
import awardsEs from '@/locales/es/awards.json';
import { createTestI18n, fakeApi, polyfillDialog, renderWithProviders } from '@/test/render';
import type { Award, PendingApproval } from '../api/types';
import { award, budget, list, luis, pending, waiting } from '../test/fixtures';
import { ApprovalLinkView } from './approval-link-view';
import { ApprovalsList } from './approvals-list';
import { AwardsMenuItems } from './awards-menu-items';
import { MyAwards } from './my-awards';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ awards: { en: awardsEn, es: awardsEs } });
  await i18n.changeLanguage('en');
  polyfillDialog();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage('en');
});

const dialog = () => within(screen.getByRole('dialog'));
const refusal = (status: number, code: string) => [status, { statusCode: status, code, message: 'x', requestId: 'r' }] as [number, unknown];

describe('my awards', () => {
  it('shows each award with its state, who holds a waiting one and the reason of a denial', async () => {
    await i18n.changeLanguage('en');
    const awards = [
      waiting(3),
      award(2, { status: 'denied', levels: 1, denyReason: 'Not in this quarter, sorry', decidedAt: '2026-03-03T10:00:00.000Z' }),
      award(1, { recipients: [luis, { ...luis, id: 13, name: 'Eva' }], points: 50, total: 100 }),
    ];
    const calls = fakeApi(() => [200, list(awards)]);
    renderWithProviders(<MyAwards />, i18n);
    await waitFor(() => expect(screen.getAllByTestId('my-award')).toHaveLength(3));
    expect(calls[0]!.query.get('role')).toBe('given');
    const [w, d, c] = screen.getAllByTestId('my-award').map((r) => within(r));
    expect(w!.getByTestId('award-status').textContent).toBe('Waiting for approval');
    expect(w!.getByTestId('award-held-by').textContent).toBe('Waiting for Marta (level 1 of 1)');
    expect(w!.getByRole('button', { name: 'Withdraw the award of 800 points' })).toBeTruthy();
    expect(d!.getByTestId('award-deny-reason').textContent).toContain('Not in this quarter, sorry');
    expect(d!.queryByRole('button')).toBeNull();
    expect(c!.getByText('50 points each to 2 people (100 in all)')).toBeTruthy();
    expect(c!.getByText('To Luis, Eva')).toBeTruthy();
  });

  it('says the store administrators hold it when no manager was left, in Spanish', async () => {
    await i18n.changeLanguage('es');
    fakeApi(() => [
      200,
      list([waiting(4, { heldBy: [{ stepId: 9, approver: null, storeId: 1, waitingSince: '2026-03-02T10:00:00.000Z' }] })]),
    ]);
    renderWithProviders(<MyAwards />, i18n);
    expect((await screen.findByTestId('award-held-by')).textContent).toBe('Pendiente de los administradores de la tienda (nivel 1 de 1)');
  });

  it('withdraws a waiting award only after the confirmation', async () => {
    let awards: Award[] = [waiting(3)];
    const calls = fakeApi((c) => {
      if (c.method === 'POST') {
        awards = [{ ...awards[0]!, status: 'withdrawn', heldBy: [] }];
        return [200, { data: awards[0] }];
      }
      return [200, list(awards)];
    });
    renderWithProviders(<MyAwards />, i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the award of 800 points' }));
    expect(dialog().getByRole('heading', { name: 'Withdraw this award?' })).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the award of 800 points' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.getByTestId('award-status').textContent).toBe('Withdrawn'));
    expect(calls.filter((c) => c.method === 'POST')).toMatchObject([{ path: '/awards/3/withdraw' }]);
    expect(toast.success).toHaveBeenCalledWith('Award withdrawn');
  });

  it('has an empty state and an error state with a retry', async () => {
    let fail = true;
    fakeApi(() => (fail ? refusal(500, 'INTERNAL_ERROR') : [200, list([])]));
    renderWithProviders(<MyAwards />, i18n);
    expect((await screen.findByRole('alert')).textContent).toContain('Your awards could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('my-awards-empty')).textContent).toBe('You have not given any awards yet.');
  });
});

describe('approvals', () => {
  it('approves one at once and denies another only with a reason', async () => {
    let items: PendingApproval[] = [pending(71, waiting(1)), pending(72, waiting(2, { giver: luis }), { asAdministrator: true })];
    const calls = fakeApi((c) => {
      if (c.method === 'POST') {
        const step = Number(c.path.split('/')[2]);
        items = items.filter((p) => p.stepId !== step);
        return [200, { data: award(1) }];
      }
      return [200, list(items)];
    });
    renderWithProviders(<ApprovalsList />, i18n);
    await waitFor(() => expect(screen.getAllByTestId('approval')).toHaveLength(2));
    const second = within(screen.getAllByTestId('approval')[1]!);
    expect(second.getByText(/as the store's administrator/)).toBeTruthy();
    expect(second.getByText(/From Luis/)).toBeTruthy();

    fireEvent.click(within(screen.getAllByTestId('approval')[0]!).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getAllByTestId('approval')).toHaveLength(1));
    expect(toast.success).toHaveBeenCalledWith('Approved: the points were credited');

    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(dialog().getByText('Luis will read your reason. The points return to the budget.')).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Deny the award' }));
    expect(dialog().getByRole('alert').textContent).toBe('Required, between 3 and 500 characters');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    fireEvent.change(dialog().getByLabelText('Reason'), { target: { value: 'Too much for one task' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Deny the award' }));
    expect(await screen.findByTestId('approvals-empty')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toMatchObject([
      { path: '/approvals/71/approve' },
      { path: '/approvals/72/deny', body: { reason: 'Too much for one task' } },
    ]);
  });

  it('says when someone else decided first', async () => {
    fakeApi((c) => (c.method === 'POST' ? refusal(409, 'APPROVAL_DECIDED') : [200, list([pending(71, waiting(1))])]));
    renderWithProviders(<ApprovalsList />, i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This approval was already decided or passed to someone else'));
  });
});

describe('the approval link page', () => {
  const link = (more: Record<string, unknown> = {}) => ({
    action: 'approve',
    stepId: 71,
    approver: { id: 20, name: 'Marta', email: 'marta@example.com', active: true },
    expiresAt: '2026-03-16T10:00:00.000Z',
    usable: true,
    refusal: null,
    award: { id: 1, status: 'waiting', points: 800, total: 800, message: 'Great work', giver: luis, recipients: [luis], levels: 1 },
    ...more,
  });

  it('approves only when its approver confirms', async () => {
    const calls = fakeApi((c) => [200, { data: c.method === 'POST' ? link({ usable: false, refusal: 'decided' }) : link() }]);
    renderWithProviders(<ApprovalLinkView token="abc.def" />, i18n);
    expect(await screen.findByText('An approval request for Marta')).toBeTruthy();
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByTestId('link-state')).textContent).toContain('Approved. Thank you.');
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/approval-links/abc.def', body: {} });
  });

  it('asks a reason for a denial, in Spanish', async () => {
    await i18n.changeLanguage('es');
    const calls = fakeApi((c) => [200, { data: c.method === 'POST' ? link({ action: 'deny', usable: false }) : link({ action: 'deny' }) }]);
    renderWithProviders(<ApprovalLinkView token="abc.def" />, i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar el premio' }));
    expect(calls).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Motivo'), { target: { value: 'No corresponde' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar el premio' }));
    expect((await screen.findByTestId('link-state')).textContent).toContain('Rechazado.');
    expect(calls[1]).toMatchObject({ method: 'POST', body: { reason: 'No corresponde' } });
  });

  it('says why a used, escalated or unknown link no longer works', async () => {
    fakeApi(() => [200, { data: link({ usable: false, refusal: 'escalated' }) }]);
    renderWithProviders(<ApprovalLinkView token="abc.def" />, i18n);
    expect((await screen.findByTestId('link-state')).textContent).toContain('passed to someone else');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    cleanup();
    fakeApi(() => refusal(404, 'NOT_FOUND'));
    renderWithProviders(<ApprovalLinkView token="made.up" />, i18n);
    expect((await screen.findByTestId('link-error')).textContent).toBe('This link is not valid. Open your pending approvals instead.');
  });
});

describe('the account menu entries', () => {
  it('shows Awards to whoever may spend a budget and Approvals with how many wait', async () => {
    const calls = fakeApi((c) => [
      200,
      c.path === '/budgets' ? list([budget(1)]) : list([pending(71, waiting(1)), pending(72, waiting(2))]),
    ]);
    renderWithProviders(<AwardsMenuItems className="" />, i18n);
    expect((await screen.findByTestId('menu-approvals')).textContent).toBe('Approvals2');
    expect(screen.getByRole('menuitem', { name: 'Awards' }).getAttribute('href')).toBe('/awards');
    expect(calls.map((c) => c.path).sort()).toEqual(['/approvals', '/budgets']);
  });

  it('shows nothing to someone with neither', async () => {
    const calls = fakeApi(() => [200, list([])]);
    renderWithProviders(<AwardsMenuItems className="" />, i18n);
    await waitFor(() => expect(calls).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('menu-awards-group')).toBeNull();
  });
});
