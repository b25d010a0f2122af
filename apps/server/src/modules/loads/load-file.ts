import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import yauzl from 'yauzl';
import { isValidEmail, MAX_LOAD_EMAILS, normalizeEmail, type LoadFile } from '@rewards/shared/loads';
import { AppError } from '../../lib/app-error.ts';

/**
 * The e-mails of an uploaded CSV or XLSX (docs/architecture.md A6.7, files that people upload;
 * docs/decisions/0005-bulk-loads.md). The content decides the format, never the name: a ZIP is read as
 * XLSX, anything else as text. Text: UTF-16 and UTF-8 byte order marks, else UTF-8 when it decodes,
 * else Windows-1252 (Spanish Excel); the separator (`;`, `,`, tab) from the first rows. XLSX: the
 * first sheet that has e-mails. The column (ColumnCollector): the one whose header names it, in the
 * first rows, else the one whose cells are e-mails; titles and blank rows above are not entries. A cell
 * is one entry, whatever it holds: a bad cell is one refusal.
 *
 * Bounded: the upload is capped by the route (MAX_LOAD_FILE_BYTES); an XLSX is unpacked by yauzl,
 * which stops an entry the moment it yields more than its declared size, with at most
 * XLSX_MAX_UNPACKED bytes in all, and only the parts that hold cells are unpacked; those are packed
 * again (stored, in the order exceljs reads best) so that its streaming reader never sees anything
 * that was not measured; rows are read as a stream and reading stops past MAX_LOAD_EMAILS.
 */

export const XLSX_MAX_UNPACKED = 50 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 10_000;
/** A CSV field longer than this is not an e-mail list. */
const CSV_MAX_FIELD = 64 * 1024;

const unreadable = (reason: string) => new AppError('LOAD_FILE_UNREADABLE', { reason });
const unsupported = (format: string) => new AppError('LOAD_FILE_UNSUPPORTED', { format });
const tooMany = () => new AppError('LOAD_TOO_MANY_EMAILS', { max: MAX_LOAD_EMAILS });
const noColumn = () => new AppError('LOAD_FILE_NO_EMAIL_COLUMN', { rows: HEADER_SCAN_ROWS });

export async function readLoadFile(buffer: Buffer): Promise<LoadFile> {
  if (buffer.length === 0) throw new AppError('LOAD_FILE_EMPTY');
  const head = buffer.subarray(0, 8);
  let result: LoadFile;
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) result = await readXlsx(buffer);
  else if (head.equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) throw unsupported('xls');
  else if (head.subarray(0, 4).toString('latin1') === '%PDF') throw unsupported('pdf');
  else result = readCsv(buffer);
  if (result.emails.length === 0) throw new AppError('LOAD_FILE_EMPTY');
  return result;
}

// ---------------------------------------------------------------------------------------------
// Choosing the column
// ---------------------------------------------------------------------------------------------

/** Rows with data looked at for the header, or for the column of e-mails when no row names it. */
export const HEADER_SCAN_ROWS = 20;

/** The words of a cell as headers compare them: no case, no accents, "e-mail" as "email". */
function headerWords(text: string): string[] {
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
function emailHeader(cell: string): number {
  if (cell.includes('@')) return 0;
  const words = headerWords(cell);
  if (words.length === 0 || words.length > 4) return 0;
  const name = words.join(' ');
  if (EMAIL_WORDS.has(name) || EMAIL_NAMES.has(name)) return 2;
  return words.length <= 3 && (EMAIL_WORDS.has(words[0]!) || EMAIL_WORDS.has(words.at(-1)!)) ? 1 : 0;
}

const isEmail = (cell: string) => isValidEmail(normalizeEmail(cell));

/**
 * Collects the e-mails of one column from rows given in order (blank rows are skipped). The header is
 * the first row, among the first HEADER_SCAN_ROWS with data and above the first that holds an e-mail,
 * with a cell that names the e-mail column; it and the rows above it (titles) are not entries. With no
 * such row, the column is the one holding the most e-mails in those rows (the leftmost of a tie), and
 * its entries start at its first e-mail. Each non-empty cell of the column below is one entry.
 */
class ColumnCollector {
  column: number | null = null;
  header: string | null = null;
  readonly emails: string[] = [];
  /** Some row had data. */
  hasData = false;
  /** Rows with data waiting for the column to be known (null once it is settled). */
  private pending: string[][] | null = [];
  /** A row above held an e-mail: a header can no longer come. */
  private pastHeader = false;

  /** `cells[i]` is the text of column i (0-based); empty or missing cells are ''. */
  add(cells: readonly string[]): void {
    if (!cells.some((c) => c.trim() !== '')) return;
    this.hasData = true;
    if (this.column !== null) return this.take(cells);
    if (this.pending === null) return;
    if (!this.pastHeader) {
      let best = -1;
      let bestScore = 0;
      cells.forEach((cell, i) => {
        const score = emailHeader(cell);
        if (score > bestScore) {
          best = i;
          bestScore = score;
        }
      });
      if (best >= 0) {
        this.column = best;
        this.header = cells[best]!.trim();
        this.pending = null;
        return;
      }
      this.pastHeader = cells.some(isEmail);
    }
    this.pending.push([...cells]);
    if (this.pending.length >= HEADER_SCAN_ROWS) this.settle();
  }

  /** No header among the first rows: the column holding the most e-mails, from its first e-mail on (none: `column` stays null). */
  settle(): void {
    const rows = this.pending;
    if (rows === null) return;
    this.pending = null;
    const counts: number[] = [];
    for (const row of rows)
      row.forEach((cell, i) => {
        if (isEmail(cell)) counts[i] = (counts[i] ?? 0) + 1;
      });
    let column = -1;
    let most = 0;
    counts.forEach((n, i) => {
      if (n > most) {
        column = i;
        most = n;
      }
    });
    if (column < 0) return;
    this.column = column;
    for (const row of rows.slice(rows.findIndex((r) => isEmail(r[column] ?? '')))) this.take(row);
  }

  /** Settled with no header and no column of e-mails in rows that have data. */
  get noColumn(): boolean {
    return this.hasData && this.column === null;
  }

  private take(cells: readonly string[]): void {
    const value = cells[this.column!]?.trim();
    if (!value) return;
    if (this.emails.length >= MAX_LOAD_EMAILS) throw tooMany();
    this.emails.push(value);
  }
}

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
    .slice(0, HEADER_SCAN_ROWS)
    .map((l) => l.replace(/"[^"]*"/g, ''));
  let best = { delimiter: ',', lines: 0, count: 0 };
  for (const delimiter of ['\t', ';', ',']) {
    const counts = lines.map((l) => l.split(delimiter).length - 1);
    const found = { delimiter, lines: counts.filter((n) => n > 0).length, count: counts.reduce((a, b) => a + b, 0) };
    if (found.lines > best.lines || (found.lines === best.lines && found.count > best.count)) best = found;
  }
  return best.delimiter;
}

function readCsv(buffer: Buffer): LoadFile {
  const text = decodeText(buffer);
  if (BINARY.test(text.slice(0, 64 * 1024))) throw unreadable('binary');
  const collector = new ColumnCollector();
  try {
    parseCsv(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: CSV_MAX_FIELD,
      // Each record is looked at and dropped: only the e-mail column stays in memory.
      on_record: (record: string[]) => {
        collector.add(record);
        return null;
      },
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable('csv');
  }
  collector.settle();
  if (collector.noColumn) throw noColumn();
  return { emails: collector.emails, format: 'csv', sheet: null, column: collector.header };
}

// ---------------------------------------------------------------------------------------------
// XLSX
// ---------------------------------------------------------------------------------------------

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const KEEP = new Set(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml']);

/** The parts of the workbook that hold cells, each unpacked to exactly its declared size. */
function unpackXlsx(buffer: Buffer): Promise<Map<string, Uint8Array>> {
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
        if (!(KEEP.has(name) || SHEET.test(name)) || parts.has(name)) return zip.readEntry();
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

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return '';
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as ExcelJS.CellValue);
  return '';
}

async function readXlsx(buffer: Buffer): Promise<LoadFile> {
  const parts = await unpackXlsx(buffer);
  if (!parts.has('xl/workbook.xml')) throw unsupported('zip');
  const sheets = [...parts.keys()].filter((n) => SHEET.test(n)).sort((a, b) => Number(SHEET.exec(a)![1]) - Number(SHEET.exec(b)![1]));
  if (sheets.length === 0) throw new AppError('LOAD_FILE_EMPTY');
  // Shared strings before the sheets, so the streaming reader never parks a sheet in a temporary file.
  const order = [...KEEP].filter((n) => parts.has(n)).concat(sheets);
  const packed = zipSync(Object.fromEntries(order.map((n) => [n, [parts.get(n)!, { level: 0 }] as const])));
  parts.clear();

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(Buffer.from(packed)), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const found: { position: number; name: string; collector: ColumnCollector }[] = [];
  let noColumnSeen = false;
  try {
    for await (const sheet of reader) {
      const model = (reader as unknown as { model?: { sheets?: { name: string }[] } }).model;
      const name = (sheet as unknown as { name?: string }).name ?? `Sheet${found.length + 1}`;
      const position = model?.sheets?.findIndex((s) => s.name === name) ?? -1;
      const collector = new ColumnCollector();
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          cells[col - 1] = cellText(cell.value);
        });
        for (let i = 0; i < cells.length; i++) cells[i] ??= '';
        collector.add(cells);
      }
      collector.settle();
      noColumnSeen ||= collector.noColumn;
      if (collector.emails.length > 0) {
        found.push({ position: position < 0 ? Number.MAX_SAFE_INTEGER : position, name, collector });
        if (position === 0) break;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable('xlsx');
  }
  found.sort((a, b) => a.position - b.position);
  const first = found[0];
  if (!first && noColumnSeen) throw noColumn();
  return { emails: first?.collector.emails ?? [], format: 'xlsx', sheet: first?.name ?? null, column: first?.collector.header ?? null };
}
