import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import { setUserTimeZone } from '@/lib/format';
import peerEn from '@/locales/en/peer.json';
import peerEs from '@/locales/es/peer.json';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import type { Recognition } from '../api/types';
import { celebrationText, postedToday } from '../rules';
import { CelebrationsStrip } from './celebrations-strip';
import { useGiveRequest } from './give-launcher';
import { RecognitionCard } from './recognition-card';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ peer: { en: peerEn, es: peerEs } });
  setUserTimeZone('America/Mexico_City');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

const ana = { id: 4, name: 'Ana Ruiz', photoUrl: null, office: 'Madrid' };
const celebration = (id: number, over: Partial<Recognition> = {}): Recognition => ({
  id,
  kind: 'birthday',
  years: null,
  giver: null,
  recipients: [ana],
  points: 50,
  totalPoints: 50,
  message: '',
  private: false,
  values: [],
  addons: [],
  comments: [],
  commentCount: 0,
  reactions: [],
  createdAt: '2026-03-02T15:00:00.000Z',
  ...over,
});

/** Who the give dialog was opened for (the page's one dialog, held by the header in the app). */
function GiveProbe() {
  const request = useGiveRequest();
  return <p data-testid="give-probe">{request ? request.recipients.map((p) => p.name).join(',') || 'nobody' : 'closed'}</p>;
}

describe('a celebration in the feed', () => {
  it('says what is celebrated with the name, in either language, with the company’s points and no giver', async () => {
    const show = (item: Recognition) => {
      cleanup();
      renderWithProviders(<RecognitionCard item={item} readerId={1} />, i18n);
    };
    show(celebration(9));
    expect(screen.getByTestId('celebration-text').textContent).toBe('¡Feliz cumpleaños, Ana Ruiz!');
    expect(screen.getByTestId('recognition-points').textContent).toBe('50 puntos de la empresa');
    expect(screen.queryByTestId('recognition-message')).toBeNull();
    expect(screen.getByRole('article', { name: '¡Feliz cumpleaños, Ana Ruiz!' })).toBeTruthy();
    await i18n.changeLanguage('en');
    show(celebration(9, { kind: 'anniversary', years: 5, points: 500, totalPoints: 500 }));
    expect(screen.getByTestId('celebration-text').textContent).toBe("Ana Ruiz's 5-year work anniversary");
    expect(screen.getByTestId('recognition-points').textContent).toBe('500 points from the company');
    show(celebration(9, { kind: 'welcome', points: 0, totalPoints: 0 }));
    expect(screen.getByTestId('celebration-text').textContent).toBe('Welcome to the team, Ana Ruiz!');
    // No points configured: no badge.
    expect(screen.queryByTestId('recognition-points')).toBeNull();
  });

  it('words an anniversary of one year and of several in Spanish', () => {
    const t = i18n.getFixedT('es', 'peer');
    expect(celebrationText(t, celebration(1, { kind: 'anniversary', years: 1 }))).toBe('Ana Ruiz cumple 1 año en la empresa');
    expect(celebrationText(t, celebration(1, { kind: 'anniversary', years: 10 }))).toBe('Ana Ruiz cumple 10 años en la empresa');
  });

  it('opens the give dialog for the person from "Give points", which the person themselves does not get', () => {
    renderWithProviders(
      <>
        <RecognitionCard item={celebration(9)} readerId={1} />
        <GiveProbe />
      </>,
      i18n,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dar puntos a Ana Ruiz' }));
    expect(screen.getByTestId('give-probe').textContent).toBe('Ana Ruiz');
    cleanup();
    renderWithProviders(<RecognitionCard item={celebration(9)} readerId={ana.id} />, i18n);
    expect(screen.queryByTestId('celebration-give')).toBeNull();
    // Comments and reactions as any item.
    expect(screen.getByRole('group', { name: 'Reacciones' })).toBeTruthy();
    expect(screen.getByTestId('recognition-link').textContent).toBe('Comentar');
  });
});

describe("/feed's today's celebrations", () => {
  const now = new Date('2026-03-02T18:00:00Z'); // 12:00 in Mexico City

  it('keeps those posted on the reader’s today, in their time zone', () => {
    const items = [
      celebration(3, { createdAt: '2026-03-02T14:00:00Z' }),
      celebration(2, { createdAt: '2026-03-02T05:59:00Z' }), // 23:59 of the 1st in Mexico City
      celebration(1, { createdAt: '2026-03-01T15:00:00Z' }),
    ];
    expect(postedToday(items, now, 'America/Mexico_City').map((r) => r.id)).toEqual([3]);
    expect(postedToday(items, now, 'Europe/Madrid').map((r) => r.id)).toEqual([3, 2]);
  });

  it('asks for the celebrations and shows today’s, each with "Give points"; an empty day says so', async () => {
    const calls = fakeApi((call) =>
      call.path === '/recognitions'
        ? [
            200,
            {
              data: [celebration(3, { createdAt: '2026-03-02T14:00:00Z' }), celebration(1, { createdAt: '2026-03-01T15:00:00Z' })],
              nextCursor: null,
            },
          ]
        : [404, { code: 'NOT_FOUND' }],
    );
    renderWithProviders(
      <>
        <CelebrationsStrip readerId={1} now={now} />
        <GiveProbe />
      </>,
      i18n,
    );
    const today = await screen.findAllByTestId('celebration-today');
    expect(today).toHaveLength(1);
    expect(today[0]!.textContent).toContain('¡Feliz cumpleaños, Ana Ruiz!');
    expect(within(today[0]!).getByRole('link').getAttribute('href')).toBe('/recognition/3');
    expect(calls[0]!.query.get('kind')).toBe('celebration');
    expect(calls[0]!.query.get('limit')).toBe('20');
    fireEvent.click(within(today[0]!).getByRole('button', { name: 'Dar puntos a Ana Ruiz' }));
    expect(screen.getByTestId('give-probe').textContent).toBe('Ana Ruiz');

    cleanup();
    fakeApi(() => [200, { data: [celebration(1, { createdAt: '2026-03-01T15:00:00Z' })], nextCursor: null }]);
    renderWithProviders(<CelebrationsStrip readerId={1} now={now} />, i18n);
    expect((await screen.findByTestId('celebrations-today-empty')).textContent).toBe('Hoy no hay celebraciones.');
  });

  it('says when they could not be loaded, with a retry', async () => {
    fakeApi(() => [500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'x', requestId: 'r' }]);
    renderWithProviders(<CelebrationsStrip readerId={1} now={now} />, i18n);
    expect((await screen.findByRole('alert')).textContent).toContain('No se pudieron cargar las celebraciones de hoy.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
