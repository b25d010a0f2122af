import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { Dashboard } from '@rewards/shared/dashboard';
import * as i18nModule from '@/lib/i18n';
import { I18nProvider, type I18n } from '@/lib/use-translation';
import dashboardEn from '@/locales/en/dashboard.json';
import dashboardEs from '@/locales/es/dashboard.json';
import { createTestI18n } from '@/test/render';
import { PeerFigures } from './peer-figures';
import { PointsFigures } from './points-figures';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ dashboard: { en: dashboardEn, es: dashboardEs } });
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18n.changeLanguage('es');
});

const data = {
  storeId: 1,
  period: { from: '2026-03-01', to: '2026-03-31', timeZone: 'UTC', programYear: { from: '2025-11-01', to: '2026-10-31' }, bucket: 'week' },
  points: {
    issued: 2_095,
    issuedByKind: { load: 1_000, challenge: 500, recognition: 550, celebration: 0, award: 0, adjustment: 45 },
    redeemed: 0,
    ordered: 0,
    refunded: 0,
    expired: 0,
    deducted: 0,
    outstanding: 2_095,
  },
  orders: { count: 0, byStatus: [] },
  topProducts: [],
  topRecognitions: [],
  loadsOverTime: [],
  users: { total: 8, active: 3 },
  lowStock: { threshold: 5, count: 0, products: [] },
  peer: { people: 8, givers: 3, giverShare: 0.375, recognitions: 12, addons: 1, points: 1_550 },
} satisfies Dashboard;

async function show(lang: 'es' | 'en') {
  vi.spyOn(i18nModule, 'currentLanguage').mockReturnValue(lang);
  await i18n.changeLanguage(lang);
  render(
    <I18nProvider i18n={i18n}>
      <PointsFigures data={data} />
      <PeerFigures data={data} />
    </I18nProvider>,
  );
}

describe('the dashboard figures of peer recognition (docs/architecture.md A6.16)', () => {
  it('shows participation, recognitions and points given, and recognition among the points issued, in Spanish', async () => {
    await show('es');
    expect(screen.getByRole('heading', { name: 'Reconocimiento entre compañeros' })).toBeTruthy();
    expect(screen.getByTestId('peer-figure-participation-value').textContent).toBe('37.5%');
    expect(screen.getByTestId('peer-figure-participation').textContent).toContain('3 de 8 personas reconocieron a alguien');
    expect(screen.getByTestId('peer-figure-recognitions-value').textContent).toBe('12');
    expect(screen.getByTestId('peer-figure-recognitions').textContent).toContain('Y 1 aporte de puntos');
    expect(screen.getByTestId('peer-figure-points-value').textContent).toBe('1,550');
    expect(screen.getByTestId('figure-issued').textContent).toContain('reconocimientos entre compañeros 550');
  });

  it('says the same in English', async () => {
    await show('en');
    expect(screen.getByRole('heading', { name: 'Peer recognition' })).toBeTruthy();
    expect(screen.getByTestId('peer-figure-participation-value').textContent).toBe('37.5%');
    expect(screen.getByTestId('peer-figure-participation').textContent).toContain('3 of 8 people recognized someone');
    expect(screen.getByTestId('peer-figure-recognitions').textContent).toContain('And 1 points add-on');
    expect(screen.getByTestId('figure-issued').textContent).toContain('peer recognition 550');
  });
});
