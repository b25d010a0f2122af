import { MAX_PEOPLE_DATES_ROWS, type PeopleDatesFile } from '@rewards/shared/celebrations';
import { AppError } from '../../lib/app-error.ts';
import { emailHeader, headerWords, readSheetRows, SCAN_ROWS } from '../../lib/sheet-rows.ts';

/**
 * The people's dates of an uploaded CSV or XLSX (docs/architecture.md A6.17): a column of e-mails and one of
 * birthdays and/or one of hire dates, named by their headers in Spanish or English (case and accents aside).
 * The file is read by lib/sheet-rows.ts as a bulk load's (format by content, encoding, separator, bounded
 * XLSX); a spreadsheet's date cells arrive as 'YYYY-MM-DD'. The header is the first row, among the first
 * SCAN_ROWS with data, with a cell that names the e-mail column (as a load's); the date columns are the
 * cells of that row that name them. Titles and blank rows above are skipped; below, each row with something
 * in one of the three columns is one entry, its cells as written (the review reads and refuses them). Of a
 * workbook's sheets, the first (by position) with such a header.
 */

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

function names(cell: string, whole: ReadonlySet<string>, words: ReadonlySet<string>): boolean {
  if (cell.includes('@')) return false;
  const w = headerWords(cell);
  if (w.length === 0 || w.length > 5) return false;
  return whole.has(w.join(' ')) || w.some((word) => words.has(word));
}
const namesBirthday = (cell: string) => names(cell, BIRTHDAY_NAMES, BIRTHDAY_WORDS);
const namesHireDate = (cell: string) => names(cell, HIRE_NAMES, HIRE_WORDS);

interface Columns {
  email: number;
  birthday: number | null;
  hireDate: number | null;
}

/** The header and the rows below it, of one sheet. */
class DatesCollector {
  columns: Columns | null = null;
  headers: PeopleDatesFile['columns'] | null = null;
  /** The header named e-mails but no dates. */
  noDateColumn = false;
  readonly rows: PeopleDatesFile['rows'] = [];
  private scanned = 0;

  add(cells: readonly string[]): void {
    if (!cells.some((c) => c.trim() !== '')) return;
    if (this.columns) return this.take(cells);
    if (this.noDateColumn || this.scanned >= SCAN_ROWS) return;
    this.scanned++;
    let email = -1;
    let best = 0;
    cells.forEach((cell, i) => {
      const score = emailHeader(cell);
      if (score > best) {
        email = i;
        best = score;
      }
    });
    if (email < 0) return;
    const find = (test: (cell: string) => boolean) => {
      const i = cells.findIndex((cell, j) => j !== email && test(cell));
      return i < 0 ? null : i;
    };
    const birthday = find(namesBirthday);
    const hireDate = find((cell) => !namesBirthday(cell) && namesHireDate(cell));
    if (birthday === null && hireDate === null) {
      this.noDateColumn = true;
      return;
    }
    this.columns = { email, birthday, hireDate };
    const header = (i: number | null) => (i === null ? null : cells[i]!.trim());
    this.headers = { email: cells[email]!.trim(), birthday: header(birthday), hireDate: header(hireDate) };
  }

  private take(cells: readonly string[]): void {
    const { email, birthday, hireDate } = this.columns!;
    const cell = (i: number | null) => (i === null ? null : cells[i]?.trim() || null);
    const row = { email: cell(email) ?? '', birthday: cell(birthday), hireDate: cell(hireDate) };
    if (!row.email && !row.birthday && !row.hireDate) return;
    if (this.rows.length >= MAX_PEOPLE_DATES_ROWS) throw new AppError('LOAD_TOO_MANY_EMAILS', { max: MAX_PEOPLE_DATES_ROWS });
    this.rows.push(row);
  }
}

/**
 * `POST /api/celebrations/dates/file`: the rows of a file in order. No e-mail header: DATES_FILE_NO_EMAIL_COLUMN;
 * an e-mail header with no date column beside it: DATES_FILE_NO_DATE_COLUMN; no rows: LOAD_FILE_EMPTY; more than
 * MAX_PEOPLE_DATES_ROWS: LOAD_TOO_MANY_EMAILS; the file itself as a load's (LOAD_FILE_*).
 */
export async function readPeopleDatesFile(buffer: Buffer): Promise<PeopleDatesFile> {
  const found: { position: number; name: string | null; collector: DatesCollector }[] = [];
  let noDateColumn = false;
  const format = await readSheetRows(
    buffer,
    (sheet) => {
      const collector = new DatesCollector();
      return {
        row: (cells) => collector.add(cells),
        end: () => {
          noDateColumn ||= collector.noDateColumn;
          if (!collector.columns) return false;
          found.push({ position: sheet.position < 0 ? Number.MAX_SAFE_INTEGER : sheet.position, name: sheet.name, collector });
          return sheet.position === 0;
        },
      };
    },
    { dateCells: 'iso' },
  );
  found.sort((a, b) => a.position - b.position);
  const first = found[0];
  if (!first) throw new AppError(noDateColumn ? 'DATES_FILE_NO_DATE_COLUMN' : 'DATES_FILE_NO_EMAIL_COLUMN', { rows: SCAN_ROWS });
  if (first.collector.rows.length === 0) throw new AppError('LOAD_FILE_EMPTY');
  return { rows: first.collector.rows, format, sheet: format === 'xlsx' ? first.name : null, columns: first.collector.headers! };
}
