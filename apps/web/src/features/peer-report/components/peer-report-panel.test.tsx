import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PeerReport } from '@rewards/shared/peer-report-rules';
import * as i18nModule from '@/lib/i18n';
import type { I18n } from '@/lib/use-translation';
import reportEn from '@/locales/en/peerReport.json';
import reportEs from '@/locales/es/peerReport.json';
import controlsEn from '@/locales/en/controls.json';
import controlsEs from '@/locales/es/controls.json';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import { PeerReportPanel } from './peer-report-panel';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ peerReport: { en: reportEn, es: reportEs }, controls: { en: controlsEn, es: controlsEs } });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('es');
});

const ana = { id: 11, name: 'Ana Alfa', email: 'ana@x.test', office: 'Oficina Centro' };
const beto = { id: 12, name: 'Beto Beta', email: 'beto@x.test', office: 'Oficina Centro' };

const report = (over: Partial<PeerReport> = {}): PeerReport => ({
  storeId: 3,
  period: { from: '2026-03-01', to: '2026-03-31', timeZone: 'UTC', current: { from: '2026-03-01', to: '2026-03-31' } },
  participation: { activePeople: 8, givers: 3, receivers: 4, giverShare: 0.375, receiverShare: 0.5 },
  totals: { gives: 6, recognitions: 5, addons: 1, recipients: 7, points: 1_300, private: 1 },
  topGivers: [
    { person: ana, points: 80, count: 3 },
    { person: beto, points: 30, count: 1 },
  ],
  topReceivers: [{ person: beto, points: 65, count: 3 }],
  offices: [
    { storeId: 3, title: 'Oficina Centro', gave: 5, pointsGiven: 115, received: 6, pointsReceived: 120 },
    { storeId: null, title: null, gave: 1, pointsGiven: 15, received: 0, pointsReceived: 0 },
  ],
  threshold: 50,
  reciprocal: [],
  reciprocalCount: 0,
  ...over,
});

describe('PeerReportPanel (docs/architecture.md A6.16)', () => {
  it("shows the current period's participation, totals, top lists and offices, in Spanish", async () => {
    const calls = fakeApi(() => [200, { data: report() }]);
    renderWithProviders(<PeerReportPanel storeId={3} />, i18n);
    await screen.findByTestId('peer-report');
    expect(calls).toMatchObject([{ method: 'GET', path: '/peer/stores/3/report' }]);
    expect([...calls[0]!.query.keys()]).toEqual([]);
    expect(screen.getByTestId('peer-report-period').textContent).toMatch(/^Periodo actual: del /);
    expect(screen.getByTestId('peer-report-givers').textContent).toContain('3 de 8 personas');
    expect(screen.getByTestId('peer-report-points-value').textContent).toBe('1,300');
    expect(screen.getByTestId('peer-report-gives').textContent).toContain('5 dados y 1 aportes; 1 privados');
    const givers = screen.getAllByTestId('peer-top-givers-row');
    expect(givers.map((r) => r.textContent)).toEqual([expect.stringContaining('Ana Alfa'), expect.stringContaining('Beto Beta')]);
    expect(givers[0]!.textContent).toContain('80 pts');
    expect(givers[0]!.textContent).toContain('3 reconocimientos');
    const offices = screen.getAllByTestId('peer-report-office');
    expect(offices[1]!.textContent).toContain('Sin oficina');
    expect(screen.getByTestId('peer-report-reciprocal').textContent).toContain('Ninguna pareja llega al umbral');
  });

  it('asks again for the period and threshold chosen, and lists the reciprocal pairs', async () => {
    const calls = fakeApi((call) => [
      200,
      {
        data: call.query.get('threshold')
          ? report({
              period: { from: '2026-02-01', to: '2026-03-31', timeZone: 'UTC', current: { from: '2026-03-01', to: '2026-03-31' } },
              threshold: 30,
              reciprocal: [{ a: ana, b: beto, aToB: 60, bToA: 30, aToBCount: 2, bToACount: 1 }],
              reciprocalCount: 1,
            })
          : report(),
      },
    ]);
    renderWithProviders(<PeerReportPanel storeId={3} />, i18n);
    await screen.findByTestId('peer-report');
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-03-31' } });
    fireEvent.change(screen.getByLabelText('Umbral de reciprocidad'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ver' }));
    const pair = await screen.findByTestId('peer-report-pair');
    expect(Object.fromEntries(calls.at(-1)!.query)).toEqual({ from: '2026-02-01', to: '2026-03-31', threshold: '30' });
    expect(pair.textContent).toContain('Ana Alfa');
    expect(pair.textContent).toContain('60 · 2 reconocimientos');
    expect(pair.textContent).toContain('30 · 1 reconocimiento');
    expect(screen.getByTestId('peer-report-period').textContent).toMatch(/^Del /);
  });

  it('refuses a reversed period and a bad threshold before asking', async () => {
    const calls = fakeApi(() => [200, { data: report() }]);
    renderWithProviders(<PeerReportPanel storeId={3} />, i18n);
    await screen.findByTestId('peer-report');
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-03-01' } });
    expect(screen.getByRole('alert').textContent).toBe('La fecha final debe ser igual o posterior a la inicial.');
    expect((screen.getByRole('button', { name: 'Ver' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Umbral de reciprocidad'), { target: { value: '0' } });
    expect(screen.getByRole('alert').textContent).toContain('El umbral debe ser un número entero de 1 a');
    expect(calls).toHaveLength(1);
  });

  it("exports the report's period as XLSX or CSV", async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    // jsdom does not follow a download link: the names it would save are kept instead.
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = fakeApi(() => [200, { data: report() }]);
    renderWithProviders(<PeerReportPanel storeId={3} />, i18n);
    await screen.findByTestId('peer-report');
    fireEvent.click(screen.getByTestId('peer-export-csv'));
    await waitFor(() => expect(calls.some((c) => c.path === '/peer/stores/3/report/export')).toBe(true));
    const call = calls.find((c) => c.path === '/peer/stores/3/report/export')!;
    expect(Object.fromEntries(call.query)).toEqual({ from: '2026-03-01', to: '2026-03-31', format: 'csv' });
    // Named in the reader's language, as the server names it.
    await waitFor(() => expect(saved).toEqual(['reconocimientos-3-2026-03-01-2026-03-31.csv']));
  });

  it('says it in English', async () => {
    vi.spyOn(i18nModule, 'currentLanguage').mockReturnValue('en');
    await i18n.changeLanguage('en');
    fakeApi(() => [200, { data: report() }]);
    renderWithProviders(<PeerReportPanel storeId={3} />, i18n);
    await screen.findByTestId('peer-report');
    expect(screen.getByTestId('peer-report-givers').textContent).toContain('3 of 8 people');
    expect(screen.getByTestId('peer-report-givers').textContent).toContain('37.5%');
    expect(within(screen.getByTestId('peer-top-receivers')).getByText('Top receivers')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Excel (XLSX)' })).toBeTruthy();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(screen.getByTestId('peer-export-xlsx'));
    await waitFor(() => expect(saved).toEqual(['recognitions-3-2026-03-01-2026-03-31.xlsx']));
  });
});
