import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ProgramCalendar } from '@rewards/shared/program';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import { setUserTimeZone } from '@/lib/format';
import { createTestI18n } from '@/test/render';
import { ProgramCalendarCard } from './program-calendar';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setUserTimeZone(null);
});

// A program run on Mexico City's calendar: orders are taken until the end of 15 Oct there (06:00 UTC on the 16th).
const calendar: ProgramCalendar = {
  timeZone: 'America/Mexico_City',
  today: '2026-10-13',
  year: { from: '2025-11-01', to: '2026-10-31' },
  accrual: { from: '2025-11-01', to: '2026-09-30', open: false, closesAt: '2026-10-01T06:00:00.000Z' },
  redemption: { from: '2025-11-01', to: '2026-10-15', open: true, closesAt: '2026-10-16T06:00:00.000Z' },
  expiresOn: '2026-10-16',
  expired: false,
};

function renderCard() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: calendar }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <ProgramCalendarCard />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe("the program's redemption deadline", () => {
  it("counts down to the last minute in the user's time zone (Madrid: the morning of the 16th)", async () => {
    setUserTimeZone('Europe/Madrid');
    renderCard();
    expect((await screen.findByTestId('program-status')).textContent).toMatch(
      /^Quedan 2 días para canjear tus puntos \(hasta el 16 oct 2026, 7:59\sa\.\s?m\., en tu hora\)\.$/,
    );
  });

  it('shows the same deadline as 11:59 p.m. on the 15th for a user in Mexico City', async () => {
    setUserTimeZone('America/Mexico_City');
    renderCard();
    expect((await screen.findByTestId('program-status')).textContent).toMatch(/hasta el 15 oct 2026, 11:59\sp\.\s?m\., en tu hora/);
  });
});
