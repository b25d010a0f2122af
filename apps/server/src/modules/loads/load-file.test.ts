import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { LoadFile } from '@rewards/shared/loads';
import { as, createTestApp, multipart, ORIGIN, png, signIn, type TestApp } from '../../../test/harness.ts';

/**
 * `POST /api/loads/emails/file` (docs/architecture.md A6.7, files that people upload): what office Excel and HR
 * systems write, read as such; a broken or hostile file answered with a clear 4xx and a stable code,
 * quickly and without holding it whole in memory.
 */
let t: TestApp;
const who: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'ana']) who[u] = (await signIn(t.app, `${u}@rewards.test`)).session!;
});
afterAll(() => t?.close());

async function upload(data: Buffer, name = 'correos.csv', session: string | null = who.admin!, type?: string) {
  const form = await multipart({}, [{ field: 'file', name, data, type }]);
  const started = Date.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/loads/emails/file',
    headers: { ...(session ? as(session) : ORIGIN), ...form.headers },
    payload: form.payload,
  });
  return Object.assign(res, { ms: Date.now() - started });
}
const read = async (data: Buffer, name?: string) => {
  const res = await upload(data, name);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: LoadFile }>().data;
};

async function xlsx(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Sets the declared uncompressed size of the ZIP entries named `name` (local header and central directory). */
function lieAboutSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i < out.length - 46; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50 && out.toString('latin1', i + 30, i + 30 + out.readUInt16LE(i + 26)) === name) out.writeUInt32LE(size, i + 22);
    if (sig === 0x02014b50 && out.toString('latin1', i + 46, i + 46 + out.readUInt16LE(i + 28)) === name) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

describe('CSV and text', () => {
  it("reads a Spanish Excel CSV: Windows-1252, ';', CRLF, a Correo column after the names", async () => {
    const text =
      'Nombre;Correo;Área\r\nJosé Núñez;jose.nunez@empresa.test;Ventas\r\nMaría Peña;MARIA.PENA@empresa.test ;Diseño\r\n;;\r\nÍñigo;inigo@empresa.test;\r\n';
    const data = await read(Buffer.from(text, 'latin1'));
    expect(data).toEqual({
      format: 'csv',
      sheet: null,
      column: 'Correo',
      emails: ['jose.nunez@empresa.test', 'MARIA.PENA@empresa.test', 'inigo@empresa.test'],
    });
  });

  it('reads UTF-8 with a byte order mark, quoted fields and commas; UTF-16 tab-separated (Excel "Unicode text"); a bare list', async () => {
    const utf8 = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('"Apellido, Nombre",e-mail\n"Núñez, José",jose@empresa.test\n"Peña, Ana","ana@empresa.test"\n'),
    ]);
    expect(await read(utf8)).toMatchObject({ column: 'e-mail', emails: ['jose@empresa.test', 'ana@empresa.test'] });

    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Correo electrónico\tNombre\r\nuno@empresa.test\tUno\r\ndos@empresa.test\tDos\r\n', 'utf16le'),
    ]);
    expect(await read(utf16, 'lista.txt')).toMatchObject({
      column: 'Correo electrónico',
      emails: ['uno@empresa.test', 'dos@empresa.test'],
    });

    // No header: the column with an @; a cell may hold several e-mails; blank lines and a missing value are skipped.
    const bare = Buffer.from('10;a@empresa.test\n\n11;b@empresa.test, c@empresa.test\n12;\n13;no-es-correo\n');
    expect(await read(bare)).toMatchObject({
      column: null,
      emails: ['a@empresa.test', 'b@empresa.test', 'c@empresa.test', 'no-es-correo'],
    });
  });

  it('reads by content, not by name: an XLSX called .csv is read as XLSX', async () => {
    const file = await xlsx((wb) => wb.addWorksheet('Hoja1').addRow(['x@empresa.test']));
    expect(await read(file, 'correos.csv')).toMatchObject({ format: 'xlsx', emails: ['x@empresa.test'] });
  });
});

describe('XLSX', () => {
  it('reads the first sheet that has data, past blank rows and columns: shared strings, formulas with cached values, rich text, links', async () => {
    const file = await xlsx((wb) => {
      wb.addWorksheet('Portada');
      const sheet = wb.addWorksheet('Empleados');
      sheet.getCell('C3').value = 'Nombre';
      sheet.getCell('D3').value = 'Correo electrónico';
      sheet.getCell('C4').value = 'José';
      sheet.getCell('D4').value = 'jose@empresa.test';
      sheet.getCell('D5').value = { formula: 'LOWER("FORMULA@EMPRESA.TEST")', result: 'formula@empresa.test' };
      sheet.getCell('D6').value = { richText: [{ text: 'rich', font: { bold: true } }, { text: '@empresa.test' }] };
      sheet.getCell('D7').value = { text: 'link@empresa.test', hyperlink: 'mailto:link@empresa.test' };
      sheet.getCell('D9').value = 12345;
      wb.addWorksheet('Otra').addRow(['otra@empresa.test']);
    });
    expect(await read(file, 'empleados.xlsx')).toEqual({
      format: 'xlsx',
      sheet: 'Empleados',
      column: 'Correo electrónico',
      emails: ['jose@empresa.test', 'formula@empresa.test', 'rich@empresa.test', 'link@empresa.test', '12345'],
    });
  });

  it('reads cells written as strings of their own: t="str" (streaming writers) and t="inlineStr" (other tools)', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = wb.addWorksheet('Datos');
    sheet.addRow(['email']).commit();
    for (let i = 0; i < 50; i++) sheet.addRow([`persona${i}@empresa.test`]).commit();
    sheet.commit();
    await wb.commit();
    const file = Buffer.concat(chunks);
    const data = await read(file, 'datos.xlsx');
    expect(data.emails).toHaveLength(50);
    expect(data).toMatchObject({ sheet: 'Datos', column: 'email' });

    const parts = unzipSync(file);
    const xml = strFromU8(parts['xl/worksheets/sheet1.xml']!);
    expect(xml).toContain('t="str"');
    const inlined = xml.replace(/t="str"><v>([^<]*)<\/v>/g, 't="inlineStr"><is><t>$1</t></is>');
    expect(inlined.match(/t="inlineStr"/g)).toHaveLength(51);
    parts['xl/worksheets/sheet1.xml'] = strToU8(inlined);
    const inline = await read(Buffer.from(zipSync(parts)), 'inline.xlsx');
    expect(inline.emails).toEqual(data.emails);
  });
});

describe('broken and hostile files', () => {
  it('refuses a ZIP bomb by its declared size, and one that lies about it when it overflows, in bounded time', async () => {
    const base = {
      '[Content_Types].xml': Buffer.from('<Types/>'),
      'xl/workbook.xml': Buffer.from('<workbook/>'),
    };
    const bomb = Buffer.from(zipSync({ ...base, 'xl/worksheets/sheet1.xml': new Uint8Array(60 * 1024 * 1024) }));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const honest = await upload(bomb, 'bomba.xlsx');
    expect(honest.statusCode).toBe(413);
    expect(honest.json()).toMatchObject({ code: 'LOAD_FILE_TOO_LARGE' });
    const liar = await upload(lieAboutSize(bomb, 'xl/worksheets/sheet1.xml', 1000), 'bomba.xlsx');
    expect(liar.statusCode).toBe(422);
    expect(liar.json()).toMatchObject({ code: 'LOAD_FILE_UNREADABLE' });
    expect(honest.ms + liar.ms).toBeLessThan(5000);
    // Many entries, each small.
    const many = Buffer.from(zipSync(Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`x/${i}.txt`, new Uint8Array(1)]))));
    expect((await upload(many, 'muchos.xlsx')).json().code).toBe('LOAD_FILE_TOO_LARGE');
  });

  it('answers each broken or foreign file with its own code', async () => {
    const good = await xlsx((wb) => wb.addWorksheet('Hoja1').addRow(['x@empresa.test']));
    const cases: [string, Buffer, number, string][] = [
      ['truncated.xlsx', good.subarray(0, Math.floor(good.length / 2)), 422, 'LOAD_FILE_UNREADABLE'],
      ['photo.csv', await png(), 422, 'LOAD_FILE_UNREADABLE'],
      [
        'old.xls',
        Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]),
        415,
        'LOAD_FILE_UNSUPPORTED',
      ],
      ['doc.xlsx', Buffer.from(zipSync({ 'word/document.xml': Buffer.from('<w:document/>') })), 415, 'LOAD_FILE_UNSUPPORTED'],
      [
        'broken.xlsx',
        Buffer.from(
          zipSync({
            'xl/workbook.xml': Buffer.from('<workbook/>'),
            'xl/worksheets/sheet1.xml': Buffer.from(
              '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a@b.co</t></is></c></row></sheetDat></worksheet>',
            ),
          }),
        ),
        422,
        'LOAD_FILE_UNREADABLE',
      ],
      ['empty.csv', Buffer.from('\r\n\r\n;;\r\n'), 422, 'LOAD_FILE_EMPTY'],
      ['big.csv', Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), 413, 'LOAD_FILE_TOO_LARGE'],
      ['one-line.csv', Buffer.alloc(200 * 1024, 'a'), 422, 'LOAD_FILE_UNREADABLE'],
      ['many.csv', Buffer.from(Array.from({ length: 100_001 }, (_, i) => `p${i}@e.co`).join('\n')), 422, 'LOAD_TOO_MANY_EMAILS'],
    ];
    for (const [name, data, status, code] of cases) {
      const res = await upload(data, name);
      expect(res.json(), name).toMatchObject({ statusCode: status, code });
      expect(res.ms, name).toBeLessThan(5000);
    }
  });

  it('is for administrators, and only takes a multipart file', async () => {
    const data = Buffer.from('a@empresa.test');
    expect((await upload(data, 'a.csv', null)).statusCode).toBe(401);
    expect((await upload(data, 'a.csv', who.ana)).json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    const json = await t.app.inject({ method: 'POST', url: '/api/loads/emails/file', headers: as(who.admin), payload: { emails: [] } });
    expect(json.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const none = await multipart({ note: 'sin archivo' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/loads/emails/file',
      headers: { ...as(who.admin), ...none.headers },
      payload: none.payload,
    });
    expect(noFile.json()).toMatchObject({ statusCode: 422, code: 'LOAD_FILE_EMPTY' });
  });
});
