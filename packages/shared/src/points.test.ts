import { describe, expect, it } from 'vitest';
import { describeMovement } from './points.ts';

const line = { createdAt: '2026-10-16T00:00:00.000Z', refType: null, refId: null };

describe('describeMovement', () => {
  it("writes the system's own lines in the reader's language and keeps what an administrator typed", () => {
    expect(describeMovement({ ...line, kind: 'order', description: 'Order #7', refType: 'order', refId: 7 }, 'es')).toBe('Pedido #7');
    expect(describeMovement({ ...line, kind: 'refund', description: 'Refund of order #7', refType: 'order', refId: 7 }, 'es')).toBe(
      'Reembolso del pedido #7',
    );
    expect(describeMovement({ ...line, kind: 'order', description: 'Order #7', refType: 'order', refId: 7 }, 'en')).toBe('Order #7');
    expect(describeMovement({ ...line, kind: 'expiry', description: 'Points expired (2026)' }, 'es')).toBe('Vencimiento de puntos (2026)');
    expect(describeMovement({ ...line, kind: 'load', description: 'Carga trimestral', refType: 'admin' }, 'en')).toBe('Carga trimestral');
    expect(describeMovement({ ...line, kind: 'challenge', description: 'Trivia $& 2026', refType: 'challenge', refId: 3 }, 'es')).toBe(
      'Reto: Trivia $& 2026',
    );
    expect(describeMovement({ ...line, kind: 'challenge', description: 'Trivia', refType: 'challenge', refId: 3 }, 'en')).toBe(
      'Challenge: Trivia',
    );
  });
});
