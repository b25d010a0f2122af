import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { errorMessages } from '@rewards/shared/errors';
import type { LoadFile, LoadReview } from '@rewards/shared/loads';
import { factories, type FactoryUser } from '../../../test/factories.ts';
import { as, createTestApp, multipart, ORIGIN, png, type TestApp } from '../../../test/harness.ts';
import { HEADER_SCAN_ROWS } from './load-file.ts';

/**
 * `POST /api/loads/emails/file` (docs/architecture.md A6.7, files that people upload): what office Excel and HR
 * systems write, read as such (titles and blank rows above the header, the header anywhere in the first rows,
 * or no header at all); a broken or hostile file answered with a clear 4xx and a stable code, quickly and
 * without holding it whole in memory.
 */
let t: TestApp;
let make: ReturnType<typeof factories>;
let storeId: number;
let admin: FactoryUser;
let shopper: FactoryUser;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  storeId = (await make.store()).id;
  admin = await make.admin({ stores: [storeId] });
  shopper = await make.shopper({ storeId });
});
afterAll(() => t?.close());

async function upload(data: Buffer, name = 'correos.csv', session: string | null = admin.session, lang = 'es') {
  const form = await multipart({}, [{ field: 'file', name, data }]);
  const started = Date.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/loads/emails/file',
    headers: { ...(session ? as(session) : ORIGIN), ...form.headers, 'accept-language': lang },
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

    // No header: the column of e-mails; a cell is one entry, whatever it holds; blank lines and a missing value are skipped.
    const bare = Buffer.from('10;a@empresa.test\n\n11;b@empresa.test, c@empresa.test\n12;\n13;no-es-correo\n');
    expect(await read(bare)).toMatchObject({
      column: null,
      emails: ['a@empresa.test', 'b@empresa.test, c@empresa.test', 'no-es-correo'],
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

/** A sheet from rows given by number (1-based), as someone would lay it out; `merge` joins cells of the title. */
function sheetOf(rows: Record<number, (string | number | null)[]>, merge?: string) {
  return xlsx((wb) => {
    const sheet = wb.addWorksheet('Carga');
    for (const [n, cells] of Object.entries(rows)) sheet.getRow(Number(n)).values = cells;
    if (merge) sheet.mergeCells(merge);
  });
}
const csvOf = (lines: string[], delimiter = ';') => Buffer.from(lines.map((l) => l.replaceAll(';', delimiter)).join('\r\n') + '\r\n');
const TITLE = 'Carga de puntos – noviembre 2026';
const people = ['jose.nunez@empresa.test', 'maria.pena@empresa.test', 'inigo@empresa.test'];

describe('where the e-mails are: titles, blank rows and the header anywhere in the first rows', () => {
  it('XLSX: a title in A1 and a blank row above the header in row 3; the e-mails in another column than the title', async () => {
    const file = await sheetOf(
      {
        1: [TITLE],
        3: ['Nombre', 'Correo', 'Área'],
        4: ['José Núñez', people[0]!, 'Ventas'],
        5: ['María Peña', people[1]!, 'Diseño'],
        7: ['Íñigo', people[2]!, null],
      },
      'A1:C1',
    );
    expect(await read(file, 'carga.xlsx')).toEqual({ format: 'xlsx', sheet: 'Carga', column: 'Correo', emails: people });
  });

  it('CSV: the same with each separator the loader accepts (a title has none, or another)', async () => {
    for (const delimiter of [';', ',', '\t']) {
      const lines = [
        TITLE,
        '',
        'Nombre;Correo;Área',
        `José Núñez;${people[0]};Ventas`,
        `María Peña;${people[1]};Diseño`,
        ';;',
        `Íñigo;${people[2]};`,
      ];
      expect(await read(csvOf(lines, delimiter)), JSON.stringify(delimiter)).toEqual({
        format: 'csv',
        sheet: null,
        column: 'Correo',
        emails: people,
      });
    }
    // Windows-1252 (Spanish Excel), a title that has a comma of its own.
    const latin = csvOf(['Carga de puntos, noviembre', 'Nombre;Correo electrónico', `José;${people[0]}`, `María;${people[1]}`]);
    expect(await read(Buffer.from(latin.toString(), 'latin1'))).toMatchObject({ column: 'Correo electrónico', emails: people.slice(0, 2) });
  });

  it(`finds the header in any of the first ${HEADER_SCAN_ROWS} rows with data, and not below them`, async () => {
    for (const at of [1, 2, 5, HEADER_SCAN_ROWS]) {
      // Titles and notes above the header, with blank rows between them (blank rows do not count).
      const above = Array.from({ length: at - 1 }, (_, i) => [`Nota ${i + 1} de la carga`, '']).flat();
      const lines = [...above, 'Nombre;E-mail', `José;${people[0]}`, `María;${people[1]}`];
      expect(await read(csvOf(lines)), `CSV, header in row ${at}`).toMatchObject({ column: 'E-mail', emails: people.slice(0, 2) });
      const rows: Record<number, string[]> = {};
      above.forEach((text, i) => {
        if (text) rows[i + 1] = [text];
      });
      rows[above.length + 1] = ['Nombre', 'E-mail'];
      rows[above.length + 2] = ['José', people[0]!];
      const file = await sheetOf(rows);
      expect(await read(file, 'carga.xlsx'), `XLSX, header in row ${at}`).toMatchObject({ column: 'E-mail', emails: people.slice(0, 1) });
    }
    // A header below them is not looked for: nothing above it is an e-mail column either.
    const notes = Array.from({ length: HEADER_SCAN_ROWS }, (_, i) => `Nota ${i + 1}`);
    const tooLow = csvOf([...notes, 'Nombre;Correo', 'José;Ramón Cañizares']);
    expect((await upload(tooLow)).json()).toMatchObject({ statusCode: 422, code: 'LOAD_FILE_NO_EMAIL_COLUMN' });
    const rows: Record<number, string[]> = Object.fromEntries(notes.map((note, i) => [i + 1, [note]]));
    rows[HEADER_SCAN_ROWS + 1] = ['Nombre', 'Correo'];
    rows[HEADER_SCAN_ROWS + 2] = ['José', people[0]!];
    expect((await upload(await sheetOf(rows), 'carga.xlsx')).json()).toMatchObject({ statusCode: 422, code: 'LOAD_FILE_NO_EMAIL_COLUMN' });
  });

  it('knows the header by its name, without case or accents; a title that mentions it is not one', async () => {
    for (const name of [
      'CORREO ELECTRÓNICO',
      'correo electronico',
      'E-Mail',
      'email',
      'Mail',
      'Correos',
      'Dirección de correo',
      'Email address',
      'Correo del receptor',
      'Work e-mail',
    ]) {
      const lines = ['Envíe el archivo por correo a Recursos Humanos', `Nombre;${name};Notas`, `José;${people[0]};sin correo`];
      expect(await read(csvOf(lines)), name).toMatchObject({ column: name, emails: people.slice(0, 1) });
    }
    // A cell that holds an address is never the header, even one that starts like a header name.
    expect(await read(csvOf(['correo@empresa.test', people[0]!]))).toMatchObject({
      column: null,
      emails: ['correo@empresa.test', people[0]],
    });
  });

  it('without a header: the column that holds e-mails, from its first e-mail on (titles above are not entries)', async () => {
    const csv = csvOf([TITLE, '', `1;José;${people[0]}`, `2;María;${people[1]}`, '3;Ramón;Ramón Cañizares', `4;Íñigo;${people[2]}`]);
    expect(await read(csv)).toEqual({
      format: 'csv',
      sheet: null,
      column: null,
      emails: [people[0], people[1], 'Ramón Cañizares', people[2]],
    });
    const file = await sheetOf(
      { 1: [TITLE], 2: ['Lista de noviembre'], 4: [1, 'José', people[0]!], 5: [2, 'María', people[1]!], 6: [3, 'Ramón', 'ramon@'] },
      'A1:C1',
    );
    expect(await read(file, 'lista.xlsx')).toMatchObject({ column: null, emails: [people[0], people[1], 'ramon@'] });
  });

  it('with no header and no column of e-mails, says so: LOAD_FILE_NO_EMAIL_COLUMN, in Spanish and English', async () => {
    const csv = csvOf([TITLE, 'Nombre;Área', 'José;Ventas', 'María;Diseño']);
    const file = await sheetOf({ 1: [TITLE], 3: ['Nombre', 'Área'], 4: ['José', 'Ventas'] });
    for (const [data, name] of [
      [csv, 'nombres.csv'],
      [file, 'nombres.xlsx'],
    ] as const) {
      for (const lang of ['es', 'en'] as const) {
        const res = await upload(data, name, admin.session, lang);
        expect(res.json(), `${name} ${lang}`).toMatchObject({
          statusCode: 422,
          code: 'LOAD_FILE_NO_EMAIL_COLUMN',
          message: errorMessages.LOAD_FILE_NO_EMAIL_COLUMN[lang].replace('{{rows}}', String(HEADER_SCAN_ROWS)),
        });
      }
    }
  });

  it('a cell is one entry: "Ramón Cañizares" is one refusal, not two, and neither the title nor the header is one', async () => {
    const known = await make.shopper({ storeId, email: `conocido-${process.pid}@empresa.test` });
    const recognition = await make.recognition({ storeId, limit: 5 });
    const csv = csvOf([
      TITLE,
      '',
      'Nombre;Correo',
      `Conocido;${known.email}`,
      'Ramón;Ramón Cañizares',
      'Dos;uno@empresa.test; dos@empresa.test',
    ]);
    // The last line is three cells (a `;` file): the e-mail column holds "uno@empresa.test".
    const file = await sheetOf({
      1: [TITLE],
      3: ['Nombre', 'Correo'],
      4: ['Conocido', known.email],
      5: ['Ramón', 'Ramón Cañizares'],
      6: ['Dos', 'uno@empresa.test dos@empresa.test'],
    });
    const fromCsv = await read(csv);
    const fromXlsx = await read(file, 'carga.xlsx');
    expect(fromCsv.emails).toEqual([known.email, 'Ramón Cañizares', 'uno@empresa.test']);
    expect(fromXlsx.emails).toEqual([known.email, 'Ramón Cañizares', 'uno@empresa.test dos@empresa.test']);
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/loads/review',
      headers: admin.headers,
      payload: { storeId, rewardId: recognition.id, emails: fromXlsx.emails },
    });
    expect(review.statusCode, review.body).toBe(200);
    const { correct, incorrect } = review.json<{ data: LoadReview }>().data;
    expect(correct.map((c) => c.email)).toEqual([known.email]);
    expect(incorrect.map((i) => [i.email, i.reason])).toEqual([
      ['Ramón Cañizares', 'INVALID_FORMAT'],
      ['uno@empresa.test dos@empresa.test', 'INVALID_FORMAT'],
    ]);
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
    expect((await upload(data, 'a.csv', shopper.session)).json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    const json = await t.app.inject({ method: 'POST', url: '/api/loads/emails/file', headers: admin.headers, payload: { emails: [] } });
    expect(json.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const none = await multipart({ note: 'sin archivo' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/loads/emails/file',
      headers: { ...admin.headers, ...none.headers },
      payload: none.payload,
    });
    expect(noFile.json()).toMatchObject({ statusCode: 422, code: 'LOAD_FILE_EMPTY' });
  });
});
