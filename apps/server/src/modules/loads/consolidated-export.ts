import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { Language } from '@rewards/shared/enums';
import type { ConsolidatedRow } from '@rewards/shared/loads';

/**
 * The consolidated rows as a file, written while they are read (docs/decisions/0005-bulk-loads.md):
 * XLSX through exceljs' streaming WorkbookWriter (inline strings, each row committed as it is added),
 * CSV through csv-stringify (UTF-8 with a byte order mark and `;`, which Excel in Spanish opens as
 * columns). Dates are real dates (a date cell in XLSX, ISO 8601 in CSV), points are numbers. A text cell
 * that starts with `=`, `+`, `-`, `@` (or a tab or carriage return) gets a leading `'`, so a name never
 * runs as a formula in someone's spreadsheet (docs/architecture.md A6.7).
 */

const headings: Record<Language, string[]> = {
  es: [
    'ID',
    'Carga',
    'Fecha',
    'Reconocimiento',
    'Receptor',
    'Correo del receptor',
    'Oficina del receptor',
    'Emisor',
    'Correo del emisor',
    'Oficina del emisor',
    'Puntos',
  ],
  en: [
    'ID',
    'Load',
    'Date',
    'Recognition',
    'Receiver',
    'Receiver e-mail',
    'Receiver office',
    'Sender',
    'Sender e-mail',
    'Sender office',
    'Points',
  ],
};

/** A text cell as text: a leading `'` when a spreadsheet would read it as a formula. */
export function neutralise(text: string | null | undefined): string {
  const value = text ?? '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cells(r: ConsolidatedRow) {
  return [
    r.id,
    r.loadId,
    new Date(r.createdAt),
    neutralise(r.reward?.name),
    neutralise(r.receiver.name),
    neutralise(r.receiver.email),
    neutralise(r.receiverStoreName),
    neutralise(r.sender.name),
    neutralise(r.sender.email),
    neutralise(r.senderStoreName),
    r.points,
  ] as const;
}

/**
 * Waits while more than HIGH_WATER bytes wait for the client (in `out` and in the zip stream behind it),
 * so a slow client holds the export back instead of the server buffering it.
 */
const HIGH_WATER = 4 * 1024 * 1024;
async function drained(out: PassThrough, behind: () => number = () => 0) {
  while (!out.destroyed && out.readableLength + out.writableLength + behind() > HIGH_WATER) await new Promise((r) => setTimeout(r, 10));
}

export function exportConsolidated(
  batches: AsyncIterable<ConsolidatedRow[]>,
  format: 'xlsx' | 'csv',
  lang: Language,
  onError: (err: unknown) => void,
): Readable {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const fail = (err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  if (format === 'csv') void writeCsv(batches, lang, out).catch(fail);
  else void writeXlsx(batches, lang, out).catch(fail);
  return out;
}

async function writeCsv(batches: AsyncIterable<ConsolidatedRow[]>, lang: Language, out: PassThrough) {
  const csv = stringify({ delimiter: ';', bom: true, record_delimiter: 'windows', cast: { date: (d) => d.toISOString() } });
  csv.pipe(out);
  csv.write(headings[lang]);
  for await (const rows of batches) {
    if (out.destroyed) return void csv.destroy();
    for (const r of rows) csv.write(cells(r));
    await drained(out, () => csv.readableLength + csv.writableLength);
  }
  csv.end();
}

async function writeXlsx(batches: AsyncIterable<ConsolidatedRow[]>, lang: Language, out: PassThrough) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(lang === 'es' ? 'Consolidado' : 'Consolidated');
  const widths = [10, 8, 20, 24, 28, 32, 26, 24, 30, 26, 10];
  sheet.columns = headings[lang].map((header, i) => ({ header, width: widths[i] }));
  sheet.getColumn(3).numFmt = 'yyyy-mm-dd hh:mm';
  sheet.getColumn(11).numFmt = '#,##0';
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  // The zip stream exceljs writes into (archiver): what it holds has not reached `out` yet.
  const zip = (workbook as unknown as { zip?: { readableLength?: number } }).zip;
  for await (const rows of batches) {
    if (out.destroyed) return;
    for (const r of rows) sheet.addRow([...cells(r)]).commit();
    await drained(out, () => zip?.readableLength ?? 0);
  }
  sheet.commit();
  await workbook.commit();
}
