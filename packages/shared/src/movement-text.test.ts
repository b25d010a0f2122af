import { describe, expect, it } from 'vitest';
import { describeMovement, type MovementText } from './movement-text.ts';

// A ledger line as the API gives it, keyed as every row written since docs/architecture.md A6.15.
const keyed = (text: MovementText, kind = text.descriptionKey, description = 'stored text') => ({
  kind,
  description,
  refType: null,
  refId: null,
  createdAt: '2026-11-03T15:00:00.000Z',
  ...text,
});

describe('describeMovement of keyed lines', () => {
  it("words a load in the reader's language: the recognition, the activity as typed and the reason", () => {
    const load = keyed({
      descriptionKey: 'load',
      descriptionValues: {
        reward: { es: 'Colaboración', en: 'Collaboration' },
        activity: 'Webinar de seguridad',
        reason: { es: 'Proyecto de integración', en: 'Integration project' },
      },
    });
    expect(describeMovement(load, 'es')).toBe('Colaboración (Webinar de seguridad): Proyecto de integración');
    expect(describeMovement(load, 'en')).toBe('Collaboration (Webinar de seguridad): Integration project');
  });

  it('gives the other language of a text not written in the reader’s, and a load without a recognition its reason', () => {
    const load = keyed({
      descriptionKey: 'load',
      descriptionValues: { reward: { es: 'Voz del cliente', en: '' }, activity: null, reason: { es: '', en: 'Customer praise' } },
    });
    expect(describeMovement(load, 'en')).toBe('Voz del cliente: Customer praise');
    expect(describeMovement(load, 'es')).toBe('Voz del cliente: Customer praise');
    const noReward = keyed({ descriptionKey: 'load', descriptionValues: { reward: null, reason: { es: 'Bono', en: 'Bonus' } } });
    expect(describeMovement(noReward, 'en')).toBe('Bonus');
  });

  it('words the system lines from their values in both languages', () => {
    const order = keyed({ descriptionKey: 'order', descriptionValues: { id: 12 } });
    expect([describeMovement(order, 'es'), describeMovement(order, 'en')]).toEqual(['Pedido #12', 'Order #12']);
    const edited = keyed({ descriptionKey: 'refund', descriptionValues: { id: 12, edited: true } });
    expect([describeMovement(edited, 'es'), describeMovement(edited, 'en')]).toEqual([
      'Reembolso del pedido #12 (modificado)',
      'Refund of order #12 (edited)',
    ]);
    const expiry = keyed({ descriptionKey: 'expiry', descriptionValues: { year: 2026 } });
    expect([describeMovement(expiry, 'es'), describeMovement(expiry, 'en')]).toEqual([
      'Vencimiento de puntos (2026)',
      'Points expired (2026)',
    ]);
    const initial = keyed({ descriptionKey: 'initial', descriptionValues: {} }, 'load');
    expect([describeMovement(initial, 'es'), describeMovement(initial, 'en')]).toEqual(['Carga inicial de puntos', 'Opening balance']);
  });

  it("words a challenge's award with its title in the reader's language, special characters kept", () => {
    const award = keyed({ descriptionKey: 'challenge', descriptionValues: { title: { es: 'Trivia $& 2026', en: 'Trivia $& quiz' } } });
    expect(describeMovement(award, 'es')).toBe('Reto: Trivia $& 2026');
    expect(describeMovement(award, 'en')).toBe('Challenge: Trivia $& quiz');
  });

  it('keeps what an administrator typed for one person as typed, in every language', () => {
    const adjustment = keyed({ descriptionKey: 'adjustment', descriptionValues: { reason: 'Corrección de saldo' } });
    expect(describeMovement(adjustment, 'en')).toBe('Corrección de saldo');
  });

  it('shows the stored text of a key it does not know, and words lines without a key as before', () => {
    expect(describeMovement({ ...keyed({ descriptionKey: 'initial', descriptionValues: {} }), descriptionKey: 'later' }, 'en')).toBe(
      'stored text',
    );
    const old = { kind: 'order', description: 'Order #7', refType: 'order', refId: 7, createdAt: '2026-01-01T00:00:00.000Z' };
    expect(describeMovement({ ...old, descriptionKey: null, descriptionValues: null }, 'es')).toBe('Pedido #7');
    expect(describeMovement({ ...old, kind: 'load', description: 'Carga trimestral', refType: 'admin', refId: null }, 'en')).toBe(
      'Carga trimestral',
    );
  });
});

// The company's points on a birthday, work anniversary or first day (docs/architecture.md A6.17).
describe('describeMovement of celebrations', () => {
  it('words each kind in the reader’s language, with the years of an anniversary', () => {
    const line = (kind: 'birthday' | 'anniversary' | 'welcome', years: number | null) =>
      keyed({ descriptionKey: 'celebration', descriptionValues: { kind, years } }, 'celebration');
    expect([describeMovement(line('birthday', null), 'es'), describeMovement(line('birthday', null), 'en')]).toEqual([
      'Cumpleaños',
      'Birthday',
    ]);
    expect([describeMovement(line('anniversary', 5), 'es'), describeMovement(line('anniversary', 5), 'en')]).toEqual([
      'Aniversario laboral: 5 años',
      'Work anniversary: 5 years',
    ]);
    expect([describeMovement(line('anniversary', 1), 'es'), describeMovement(line('anniversary', 1), 'en')]).toEqual([
      'Aniversario laboral: 1 año',
      'Work anniversary: 1 year',
    ]);
    expect([describeMovement(line('welcome', null), 'es'), describeMovement(line('welcome', null), 'en')]).toEqual([
      'Bienvenida',
      'Welcome',
    ]);
    // A kind this version does not know: the stored text.
    expect(
      describeMovement(keyed({ descriptionKey: 'celebration', descriptionValues: { kind: 'party' as 'birthday', years: null } }), 'en'),
    ).toBe('stored text');
  });
});
