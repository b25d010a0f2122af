import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import yauzl from 'yauzl';
import { AppError } from './app-error.ts';

/**
 * The rows of an uploaded CSV or XLSX (docs/architecture.md A6.7, files that people upload;
 * docs/decisions/0005-bulk-loads.md), given to the reader row by row as the texts of their cells. The
 * content decides the format, never the name: a ZIP is read as XLSX, anything else as text. Text: UTF-16
 * and UTF-8 byte order marks, else UTF-8 when it decodes, else Windows-1252 (Spanish Excel); the separator
 * (`;`, `,`, tab) from the first rows. XLSX: each sheet in the order the workbook stores them, until the
 * reader has what it needs.
 *
 * Bounded: the upload is capped by the route; an XLSX is unpacked by yauzl, which stops an entry the
 * moment it yields more than its declared size, with at most XLSX_MAX_UNPACKED bytes in all, and only
 * the parts that hold cells are unpacked; those are packed again (stored, in the order exceljs reads
 * best) so that its streaming reader never sees anything that was not measured; rows are read as a stream
 * and the reader stops them by throwing (an AppError goes through as it is).
 */

export const XLSX_MAX_UNPACKED = 50 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 10_000;
/** A CSV field longer than this is not a list of people. */
const CSV_MAX_FIELD = 64 * 1024;
/** Rows with data looked at for the separator (and by the readers for a header). */
export const SCAN_ROWS = 20;

export type SheetFormat = 'csv' | 'xlsx';

/**
 * What reads one sheet: its rows in order (`cells[i]` is column i, '' when empty), each with its number as a
 * spreadsheet shows it (1-based; the blank rows it is not given count), then its end.
 */
export interface SheetVisitor {
  row(cells: string[], number: number): void;
  /** After the sheet's last row: true when nothing more is to be read (the other sheets are skipped). */
  end(): boolean;
}

/** A sheet as given to the reader: its name (null for text) and its position in the workbook (-1 unknown). */
export interface SheetInfo {
  name: string | null;
  position: number;
}

export interface SheetRowsOptions {
  /** An XLSX date cell as its day 'YYYY-MM-DD' (`iso`), or as an empty cell (`empty`). */
  dateCells: 'iso' | 'empty';
}

/** What reads one sheet's rows and says whether it found the header it looks for (`columns` set). */
export interface SheetCollector {
  add(cells: readonly string[], row: number): void;
  readonly columns: object | null;
}

/**
 * Reads the file's sheets, each into a collector of its own, and answers the first sheet by position whose
 * collector found its header (a workbook's first sheet stops the reading once it has), with every sheet's
 * collector (what the others saw explains a file without such a header).
 */
export async function readFirstSheet<C extends SheetCollector>(
  buffer: Buffer,
  collector: () => C,
  opts: SheetRowsOptions,
): Promise<{ format: SheetFormat; sheet: string | null; first: C | null; all: C[] }> {
  const found: { position: number; name: string | null; collector: C }[] = [];
  const all: C[] = [];
  const format = await readSheetRows(
    buffer,
    (sheet) => {
      const c = collector();
      all.push(c);
      return {
        row: (cells, row) => c.add(cells, row),
        end: () => {
          if (!c.columns) return false;
          found.push({ position: sheet.position < 0 ? Number.MAX_SAFE_INTEGER : sheet.position, name: sheet.name, collector: c });
          return sheet.position === 0;
        },
      };
    },
    opts,
  );
  found.sort((a, b) => a.position - b.position);
  const first = found[0];
  return { format, sheet: format === 'xlsx' ? (first?.name ?? null) : null, first: first?.collector ?? null, all };
}

const unreadable = (reason: string) => new AppError('LOAD_FILE_UNREADABLE', { reason });
const unsupported = (format: string) => new AppError('LOAD_FILE_UNSUPPORTED', { format });

/**
 * Reads the file's sheets, each through the visitor `visit` gives for it; answers the format. An empty
 * file is LOAD_FILE_EMPTY, an old Excel (.xls), a PDF or an encrypted workbook LOAD_FILE_UNSUPPORTED, a
 * damaged one LOAD_FILE_UNREADABLE, one too large unpacked LOAD_FILE_TOO_LARGE.
 */
export async function readSheetRows(
  buffer: Buffer,
  visit: (sheet: SheetInfo) => SheetVisitor,
  opts: SheetRowsOptions,
): Promise<SheetFormat> {
  if (buffer.length === 0) throw new AppError('LOAD_FILE_EMPTY');
  const head = buffer.subarray(0, 8);
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    await readXlsx(buffer, visit, opts);
    return 'xlsx';
  }
  if (head.equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) throw unsupported('xls');
  if (head.subarray(0, 4).toString('latin1') === '%PDF') throw unsupported('pdf');
  readCsv(buffer, visit({ name: null, position: 0 }));
  return 'csv';
}

// ---------------------------------------------------------------------------------------------
// Headers
// ---------------------------------------------------------------------------------------------

/** The words of a cell as headers compare them: no case, no accents, "e-mail" as "email". */
export function headerWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\be[-_. ]?mail/g, 'email')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}
const EMAIL_WORDS = new Set(['email', 'emails', 'mail', 'mails', 'correo', 'correos']);
const EMAIL_NAMES = new Set([
  'correo electronico',
  'correos electronicos',
  'direccion de correo',
  'direccion de correo electronico',
  'direccion electronica',
  'email address',
  'mail address',
]);

/**
 * How a cell names the e-mail column: 2 exactly (Correo, E-mail, Correo electrónico, Email address), 1 as
 * the first or last word of a short name (Correo del receptor, Work e-mail), 0 not at all (an address,
 * a title such as "Carga de puntos – noviembre 2026").
 */
export function emailHeader(cell: string): number {
  if (cell.includes('@')) return 0;
  const words = headerWords(cell);
  if (words.length === 0 || words.length > 4) return 0;
  const name = words.join(' ');
  if (EMAIL_WORDS.has(name) || EMAIL_NAMES.has(name)) return 2;
  return words.length <= 3 && (EMAIL_WORDS.has(words[0]!) || EMAIL_WORDS.has(words.at(-1)!)) ? 1 : 0;
}

/** Whole names of a birthday column, and the words that name one within a short header. */
const BIRTHDAY_NAMES = new Set(['fecha de nacimiento', 'date of birth', 'birth date', 'fecha de cumpleanos', 'dia de cumpleanos', 'dob']);
const BIRTHDAY_WORDS = new Set(['cumpleanos', 'cumpleano', 'cumple', 'nacimiento', 'birthday', 'birthdate', 'birth']);
/** Whole names of a hire date column, and the words that name one within a short header. */
const HIRE_NAMES = new Set([
  'fecha de ingreso',
  'fecha de alta',
  'hire date',
  'date of hire',
  'start date',
  'fecha de contratacion',
  'fecha de inicio',
]);
const HIRE_WORDS = new Set(['ingreso', 'alta', 'antiguedad', 'hire', 'hired', 'hiring', 'contratacion', 'start', 'joined']);

function namesColumn(cell: string, whole: ReadonlySet<string>, words: ReadonlySet<string>): boolean {
  if (cell.includes('@')) return false;
  const w = headerWords(cell);
  if (w.length === 0 || w.length > 5) return false;
  return whole.has(w.join(' ')) || w.some((word) => words.has(word));
}
/** Whether a header names a birthday or a hire date column (people's dates, A6.17; the directory sync, A6.18). */
export const namesBirthday = (cell: string) => namesColumn(cell, BIRTHDAY_NAMES, BIRTHDAY_WORDS);
export const namesHireDate = (cell: string) => namesColumn(cell, HIRE_NAMES, HIRE_WORDS);

// ---------------------------------------------------------------------------------------------
// CSV and other text
// ---------------------------------------------------------------------------------------------

function decodeText(buffer: Buffer): string {
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return new TextDecoder('utf-16le').decode(buffer.subarray(2));
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return new TextDecoder('utf-16be').decode(buffer.subarray(2));
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) return new TextDecoder('utf-8').decode(buffer.subarray(3));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/;

/**
 * The separator of the first rows with data (a title above the header has none, or another): the one
 * found in the most of them, outside quotes, then the most often; a tie goes to tab, then `;`.
 */
function detectDelimiter(text: string): string {
  const lines = text
    .slice(0, 64 * 1024)
    .split(/\r\n|\r|\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, SCAN_ROWS)
    .map((l) => l.replace(/"[^"]*"/g, ''));
  let best = { delimiter: ',', lines: 0, count: 0 };
  for (const delimiter of ['\t', ';', ',']) {
    const counts = lines.map((l) => l.split(delimiter).length - 1);
    const found = { delimiter, lines: counts.filter((n) => n > 0).length, count: counts.reduce((a, b) => a + b, 0) };
    if (found.lines > best.lines || (found.lines === best.lines && found.count > best.count)) best = found;
  }
  return best.delimiter;
}

function readCsv(buffer: Buffer, visitor: SheetVisitor): void {
  const text = decodeText(buffer);
  if (BINARY.test(text.slice(0, 64 * 1024))) throw unreadable('binary');
  try {
    parseCsv(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: CSV_MAX_FIELD,
      // Each record is looked at and dropped: only what the reader keeps stays in memory. A record's row
      // counts the skipped empty lines above it, and a quoted field over several lines is one row, as Excel opens it.
      on_record: (record: string[], info: { records: number; empty_lines: number }) => {
        visitor.row(record, info.records + info.empty_lines);
        return null;
      },
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable('csv');
  }
  visitor.end();
}

// ---------------------------------------------------------------------------------------------
// XLSX
// ---------------------------------------------------------------------------------------------

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const KEEP = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'];
/** Where a cell's number format says it is a date: read only when date cells are wanted. */
const STYLES = 'xl/styles.xml';

/** The parts of the workbook that hold cells (`keep` and the sheets), each unpacked to exactly its declared size. */
function unpackXlsx(buffer: Buffer, keep: ReadonlySet<string>): Promise<Map<string, Uint8Array>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(unreadable('zip'));
      const parts = new Map<string, Uint8Array>();
      let entries = 0;
      let unpacked = 0;
      const fail = (error: AppError) => {
        zip.close();
        reject(error);
      };
      zip.on('error', () => fail(unreadable('zip')));
      zip.on('end', () => resolve(parts));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (++entries > XLSX_MAX_ENTRIES) return fail(new AppError('LOAD_FILE_TOO_LARGE', { entries: XLSX_MAX_ENTRIES }));
        const name = entry.fileName;
        if (!(keep.has(name) || SHEET.test(name)) || parts.has(name)) return zip.readEntry();
        if (entry.isEncrypted()) return fail(unsupported('encrypted'));
        unpacked += entry.uncompressedSize;
        if (unpacked > XLSX_MAX_UNPACKED) return fail(new AppError('LOAD_FILE_TOO_LARGE', { unpackedBytes: XLSX_MAX_UNPACKED }));
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return fail(unreadable('zip'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          // A stream that yields more (or less) than its entry declared ends here with an error.
          stream.on('error', () => fail(unreadable('zip')));
          stream.on('end', () => {
            parts.set(name, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A date cell's day: exceljs gives the cell's serial as that day's midnight UTC. */
const dayOf = (value: Date) => (Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10));

function cellText(value: ExcelJS.CellValue, opts: SheetRowsOptions): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return opts.dateCells === 'iso' ? dayOf(value) : '';
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue, opts);
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as ExcelJS.CellValue, opts);
  return '';
}

async function readXlsx(buffer: Buffer, visit: (sheet: SheetInfo) => SheetVisitor, opts: SheetRowsOptions): Promise<void> {
  const keep = new Set(opts.dateCells === 'iso' ? [...KEEP, STYLES] : KEEP);
  const parts = await unpackXlsx(buffer, keep);
  if (!parts.has('xl/workbook.xml')) throw unsupported('zip');
  const sheets = [...parts.keys()].filter((n) => SHEET.test(n)).sort((a, b) => Number(SHEET.exec(a)![1]) - Number(SHEET.exec(b)![1]));
  if (sheets.length === 0) throw new AppError('LOAD_FILE_EMPTY');
  // Shared strings before the sheets, so the streaming reader never parks a sheet in a temporary file.
  const order = [...keep].filter((n) => parts.has(n)).concat(sheets);
  const packed = zipSync(Object.fromEntries(order.map((n) => [n, [parts.get(n)!, { level: 0 }] as const])));
  parts.clear();

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(Buffer.from(packed)), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: opts.dateCells === 'iso' ? 'cache' : 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let seen = 0;
  try {
    for await (const sheet of reader) {
      const model = (reader as unknown as { model?: { sheets?: { name: string }[] } }).model;
      const name = (sheet as unknown as { name?: string }).name ?? `Sheet${seen + 1}`;
      seen++;
      const visitor = visit({ name, position: model?.sheets?.findIndex((s) => s.name === name) ?? -1 });
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          cells[col - 1] = cellText(cell.value, opts);
        });
        for (let i = 0; i < cells.length; i++) cells[i] ??= '';
        visitor.row(cells, row.number);
      }
      if (visitor.end()) break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable('xlsx');
  }
}
