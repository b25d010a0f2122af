import { inflateSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { postPoints } from '../points/points.service.ts';

/**
 * The statement in the reader's language (docs/architecture.md A6.15): its file name (`estado-de-cuenta_…`,
 * `statement_…`) and every line worded by describeMovement in that language, an administrator's texts
 * included. The shopper is this file's own.
 */
let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

/** The text a PDF shows: its content streams inflated, the strings of its text operators decoded (Helvetica, WinAnsi). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      out.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
  }
  return out.join('\n');
}

describe('the statement in both languages', () => {
  it("names the file and words every line in the reader's language", async () => {
    const me = await make.shopper();
    await postPoints(t.db, {
      entries: [{ userId: me.id, value: 300 }],
      kind: 'load',
      description: 'Colaboración: Proyecto de integración',
      descriptionKey: 'load',
      descriptionValues: {
        reward: { es: 'Colaboración', en: 'Collaboration' },
        reason: { es: 'Proyecto de integración', en: 'Integration project' },
      },
      now: t.clock.now(),
    });
    await postPoints(t.db, {
      entries: [{ userId: me.id, value: -100 }],
      kind: 'order',
      description: 'Order #41',
      descriptionKey: 'order',
      descriptionValues: { id: 41 },
      refType: 'order',
      refId: 41,
      now: t.clock.now(),
    });
    const download = (lang: string) =>
      t.app.inject({ method: 'GET', url: '/api/accounts/myMovements?format=pdf', headers: { ...me.headers, 'accept-language': lang } });

    const es = await download('es-MX,es;q=0.9');
    expect(es.headers['content-disposition']).toBe(
      `attachment; filename="estado-de-cuenta_${t.clock.now().toISOString().slice(0, 10)}.pdf"`,
    );
    const spanish = pdfText(es.rawPayload);
    expect(spanish).toContain('Estado de cuenta de puntos');
    expect(spanish).toContain('Colaboración: Proyecto de integración');
    expect(spanish).toContain('Pedido #41');

    const en = await download('en-US,en;q=0.9');
    expect(en.headers['content-disposition']).toBe(`attachment; filename="statement_${t.clock.now().toISOString().slice(0, 10)}.pdf"`);
    const english = pdfText(en.rawPayload);
    expect(english).toContain('Points statement');
    expect(english).toContain('Collaboration: Integration project');
    expect(english).toContain('Order #41');
    expect(english).not.toContain('Colaboración');

    // A period names the file, as the web names its download.
    const period = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/myMovements?format=pdf&from=2026-01-01&to=2026-03-31',
      headers: { ...me.headers, 'accept-language': 'es' },
    });
    expect(period.headers['content-disposition']).toBe('attachment; filename="estado-de-cuenta_2026-01-01_2026-03-31.pdf"');
  });
});
