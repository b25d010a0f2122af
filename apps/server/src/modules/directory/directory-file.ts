import { MAX_SYNC_ROWS, type DirectoryAttribute } from '@rewards/shared/directory';
import { AppError } from '../../lib/app-error.ts';
import { emailHeader, headerWords, namesBirthday, namesHireDate, readFirstSheet, SCAN_ROWS } from '../../lib/sheet-rows.ts';

/**
 * The people of a directory sync file (docs/architecture.md A6.18, decision 0050): an HR export, CSV or XLSX,
 * read by lib/sheet-rows.ts as a bulk load's (format by content, encoding, separator, bounded XLSX); a
 * spreadsheet's date cells arrive as 'YYYY-MM-DD'. The header is the first row, among the first SCAN_ROWS with
 * data, with a cell that names the person's e-mail column and one that names their name or office; each other
 * attribute's column is the cell of that row that names it best, in Spanish or English (case and accents
 * aside), and an attribute with none is left out: the sync leaves it as it is. Titles and blank rows above are
 * skipped; below, each row with something in a column found is one row, its cells as written, trimmed (the
 * planning reads and refuses them). Of a workbook's sheets, the first (by position) with such a header.
 *
 * Bounded: the upload is capped by the route, an XLSX's unpacking by lib/sheet-rows.ts, and reading stops
 * past MAX_SYNC_ROWS; of each row only the cells of the columns found are kept.
 */

export interface DirectoryFileRow {
  /** The row's number as a spreadsheet shows it (1-based, counting the header and any rows above it). */
  row: number;
  /** The cells of the columns found, trimmed, '' for an empty cell; an attribute absent: no such column. */
  cells: Partial<Record<DirectoryAttribute, string>>;
}

export interface DirectoryFile {
  format: 'csv' | 'xlsx';
  /** XLSX: the sheet read. */
  sheet: string | null;
  /** The header text of each column found. */
  columns: Partial<Record<DirectoryAttribute, string>>;
  rows: DirectoryFileRow[];
}

// ---------------------------------------------------------------------------------------------
// Naming the columns
// ---------------------------------------------------------------------------------------------

/**
 * The headers of each attribute, as headerWords joins them ("Nombre(s)" is "nombre s", "Nº de empleado"
 * "n de empleado"), by rank: a column named by a higher rank wins over one named by a lower (a first name over
 * a full name, the surname over the first of two), the leftmost of the same rank.
 */
const NAMES: Partial<Record<DirectoryAttribute, readonly (readonly string[])[]>> = {
  externalId: [
    [
      'external id',
      'externalid',
      'id externo',
      'identificador externo',
      'directory id',
      'id de directorio',
      'object id',
      'objectid',
      'immutable id',
    ],
  ],
  name: [
    ['nombre', 'nombres', 'nombre s', 'name', 'first name', 'firstname', 'given name', 'givenname', 'primer nombre', 'nombre de pila'],
    ['nombre completo', 'nombre y apellido', 'nombre y apellidos', 'full name', 'employee name', 'nombre del empleado', 'display name'],
  ],
  lastName: [
    ['apellido', 'apellidos', 'apellido s', 'last name', 'lastname', 'surname', 'surnames', 'family name', 'familyname'],
    ['apellido paterno', 'primer apellido'],
  ],
  is: [
    [
      'is',
      'employee number',
      'employee no',
      'employee id',
      'employeeid',
      'employee code',
      'numero de empleado',
      'num de empleado',
      'nro de empleado',
      'no de empleado',
      'n de empleado',
      'id de empleado',
      'id empleado',
      'codigo de empleado',
      'legajo',
      'numero de legajo',
      'nro de legajo',
      'n de legajo',
    ],
  ],
  department: [['departamento', 'depto', 'area', 'department', 'dept']],
  office: [
    ['oficina', 'sede', 'office', 'location', 'site'],
    ['sucursal', 'branch', 'tienda', 'store', 'ubicacion', 'work location', 'office location'],
  ],
  active: [['activo', 'activa', 'active', 'is active', 'estado', 'status', 'estatus', 'enabled', 'habilitado']],
};
/** Each header of NAMES with its attribute and score (higher is better). */
const BY_NAME = new Map<string, { attribute: DirectoryAttribute; score: number }>(
  Object.entries(NAMES).flatMap(([attribute, ranks]) =>
    ranks.flatMap((names, rank) =>
      names.map((name) => [name, { attribute: attribute as DirectoryAttribute, score: ranks.length - rank }] as const),
    ),
  ),
);

const MANAGER_WORDS = new Set(['manager', 'jefe', 'jefa', 'supervisor', 'supervisora', 'responsable', 'boss']);
const MANAGER_NAMES = new Set(['reports to', 'reporta a']);
const EMAIL_WORDS = new Set(['email', 'emails', 'mail', 'correo', 'correos', 'electronico']);
/** Words around a manager word that leave it naming the manager ("Jefe directo", "Line manager"), not something of theirs. */
const MANAGER_FILLERS = new Set(['de', 'del', 'la', 'el', 'su', 's', 'directo', 'directa', 'inmediato', 'inmediata', 'direct', 'line']);

/**
 * How a header names the manager's column: 2 their e-mail ("Manager e-mail", "Correo del jefe"), 1 the manager
 * ("Jefe", "Supervisor directo", "Reports to"), 0 something else of the manager ("Nombre del jefe", "Manager
 * ID": no column, but never the person's own), null not the manager at all.
 */
function managerHeader(words: readonly string[]): number | null {
  if (MANAGER_NAMES.has(words.join(' '))) return 1;
  if (!words.some((w) => MANAGER_WORDS.has(w))) return null;
  if (words.some((w) => EMAIL_WORDS.has(w))) return 2;
  return words.every((w) => MANAGER_WORDS.has(w) || MANAGER_FILLERS.has(w)) ? 1 : 0;
}

/** The attribute a header (not the manager's) names, and how well; null: none. */
function attributeHeader(cell: string, words: readonly string[]): { attribute: DirectoryAttribute; score: number } | null {
  const named = BY_NAME.get(words.join(' '));
  if (named) return named;
  if (namesBirthday(cell)) return { attribute: 'birthday', score: 1 };
  if (namesHireDate(cell)) return { attribute: 'hireDate', score: 1 };
  return null;
}

/** The columns of a header row (attribute to its index), or null when the row is not the header. */
function headerColumns(cells: readonly string[]): Map<DirectoryAttribute, number> | null {
  const best = new Map<DirectoryAttribute, { index: number; score: number }>();
  const offer = (attribute: DirectoryAttribute, index: number, score: number) => {
    if (score > (best.get(attribute)?.score ?? 0)) best.set(attribute, { index, score });
  };
  cells.forEach((cell, index) => {
    if (cell.includes('@')) return;
    const words = headerWords(cell);
    if (words.length === 0 || words.length > 6) return;
    // A column about the manager is never the person's own e-mail ("Manager e-mail" reads as an e-mail header).
    const manager = managerHeader(words);
    if (manager !== null) return offer('manager', index, manager);
    const email = emailHeader(cell);
    if (email > 0) return offer('email', index, email);
    const named = attributeHeader(cell, words);
    if (named) offer(named.attribute, index, named.score);
  });
  if (!best.has('email') || !(best.has('name') || best.has('office'))) return null;
  return new Map([...best].map(([attribute, { index }]) => [attribute, index]));
}

// ---------------------------------------------------------------------------------------------
// Reading the rows
// ---------------------------------------------------------------------------------------------

/** The header and the rows below it, of one sheet. */
class DirectoryCollector {
  columns: Partial<Record<DirectoryAttribute, string>> | null = null;
  /** Some row had data. */
  hasData = false;
  readonly rows: DirectoryFileRow[] = [];
  /** The columns found, left to right: every row's cells are built in one order, so they share one shape. */
  private found: [DirectoryAttribute, number][] = [];
  private scanned = 0;

  add(cells: readonly string[], row: number): void {
    if (this.columns) return this.take(cells, row);
    if (this.scanned >= SCAN_ROWS || !cells.some((c) => c.trim() !== '')) return;
    this.hasData = true;
    this.scanned++;
    const columns = headerColumns(cells);
    if (!columns) return;
    this.found = [...columns].sort((a, b) => a[1] - b[1]);
    this.columns = Object.fromEntries(this.found.map(([attribute, index]) => [attribute, cells[index]!.trim()]));
  }

  private take(cells: readonly string[], row: number): void {
    const taken: Partial<Record<DirectoryAttribute, string>> = {};
    let any = false;
    for (const [attribute, index] of this.found) {
      const value = cells[index]?.trim() ?? '';
      if (value !== '') any = true;
      taken[attribute] = value;
    }
    if (!any) return;
    if (this.rows.length >= MAX_SYNC_ROWS) throw new AppError('LOAD_TOO_MANY_EMAILS', { max: MAX_SYNC_ROWS });
    this.rows.push({ row, cells: taken });
  }
}

/**
 * `POST /api/directory/sync`: the rows of a file in order. No header: DIRECTORY_FILE_NO_COLUMNS; no rows (or no
 * data at all): LOAD_FILE_EMPTY; more than MAX_SYNC_ROWS: LOAD_TOO_MANY_EMAILS; the file itself as a load's
 * (LOAD_FILE_*).
 */
export async function readDirectoryFile(buffer: Buffer): Promise<DirectoryFile> {
  const { format, sheet, first, all } = await readFirstSheet(buffer, () => new DirectoryCollector(), { dateCells: 'iso' });
  if (!first)
    throw all.some((c) => c.hasData) ? new AppError('DIRECTORY_FILE_NO_COLUMNS', { rows: SCAN_ROWS }) : new AppError('LOAD_FILE_EMPTY');
  if (first.rows.length === 0) throw new AppError('LOAD_FILE_EMPTY');
  return { format, sheet, columns: first.columns!, rows: first.rows };
}
