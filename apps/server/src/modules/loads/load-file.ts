import { isValidEmail, MAX_LOAD_EMAILS, normalizeEmail, type LoadFile } from '@rewards/shared/loads';
import { AppError } from '../../lib/app-error.ts';
import { emailHeader, readSheetRows, SCAN_ROWS } from '../../lib/sheet-rows.ts';

/**
 * The e-mails of an uploaded CSV or XLSX (docs/architecture.md A6.7, files that people upload;
 * docs/decisions/0005-bulk-loads.md). The file is read by lib/sheet-rows.ts (the format by its content,
 * the encoding and separator of text, a workbook's sheets). XLSX: the first sheet that has e-mails. The
 * column (ColumnCollector): the one whose header names it, in the first rows, else the one whose cells are
 * e-mails; titles and blank rows above are not entries. A cell is one entry, whatever it holds: a bad cell
 * is one refusal.
 *
 * Bounded: the upload is capped by the route (MAX_LOAD_FILE_BYTES), an XLSX's unpacking by
 * lib/sheet-rows.ts, and reading stops past MAX_LOAD_EMAILS.
 */

const tooMany = () => new AppError('LOAD_TOO_MANY_EMAILS', { max: MAX_LOAD_EMAILS });
const noColumn = () => new AppError('LOAD_FILE_NO_EMAIL_COLUMN', { rows: HEADER_SCAN_ROWS });

export async function readLoadFile(buffer: Buffer): Promise<LoadFile> {
  // Text has one sheet; of a workbook's, the first (by position) that has e-mails.
  const found: { position: number; name: string | null; collector: ColumnCollector }[] = [];
  let noColumnSeen = false;
  const format = await readSheetRows(
    buffer,
    (sheet) => {
      const collector = new ColumnCollector();
      return {
        row: (cells) => collector.add(cells),
        end: () => {
          collector.settle();
          noColumnSeen ||= collector.noColumn;
          if (collector.emails.length === 0) return false;
          found.push({ position: sheet.position < 0 ? Number.MAX_SAFE_INTEGER : sheet.position, name: sheet.name, collector });
          return sheet.position === 0;
        },
      };
    },
    { dateCells: 'empty' },
  );
  found.sort((a, b) => a.position - b.position);
  const first = found[0];
  if (!first && noColumnSeen) throw noColumn();
  const result: LoadFile = {
    emails: first?.collector.emails ?? [],
    format,
    sheet: format === 'xlsx' ? (first?.name ?? null) : null,
    column: first?.collector.header ?? null,
  };
  if (result.emails.length === 0) throw new AppError('LOAD_FILE_EMPTY');
  return result;
}

// ---------------------------------------------------------------------------------------------
// Choosing the column
// ---------------------------------------------------------------------------------------------

/** Rows with data looked at for the header, or for the column of e-mails when no row names it. */
export const HEADER_SCAN_ROWS = SCAN_ROWS;

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
