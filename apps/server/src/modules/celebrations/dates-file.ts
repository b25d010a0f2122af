import { MAX_PEOPLE_DATES_ROWS, type PeopleDatesFile } from '@rewards/shared/celebrations';
import { AppError } from '../../lib/app-error.ts';
import { emailHeader, namesBirthday, namesHireDate, readFirstSheet, SCAN_ROWS } from '../../lib/sheet-rows.ts';

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
  const { format, sheet, first, all } = await readFirstSheet(buffer, () => new DatesCollector(), { dateCells: 'iso' });
  if (!first)
    throw new AppError(all.some((c) => c.noDateColumn) ? 'DATES_FILE_NO_DATE_COLUMN' : 'DATES_FILE_NO_EMAIL_COLUMN', { rows: SCAN_ROWS });
  if (first.rows.length === 0) throw new AppError('LOAD_FILE_EMPTY');
  return { rows: first.rows, format, sheet, columns: first.headers! };
}
