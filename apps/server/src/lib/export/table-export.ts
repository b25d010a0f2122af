import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@rewards/shared/enums';
import { XlsxWriter, type XlsxColumn } from './xlsx-stream.ts';

/**
 * A table of rows as a file, written while they are read, in constant memory (docs/decisions/0005-bulk-loads.md,
 * "Exports stream"), for every export that streams (the loads' consolidated rows, peer recognition's gives).
 * The database writes the file's body with COPY (the SQL below: the CSV fields, or each row of the sheet's
 * XML), the caller's reader (`ReadCopy`, copy-out.ts) hands it over in chunks, and the file is an async
 * generator of chunks behind `Readable.from`, which asks for the next only when the client has taken the last:
 * the database is read as fast as the client reads, and no more than a chunk or two wait. XLSX through our
 * streaming writer (xlsx-stream.ts); CSV is UTF-8 with a byte order mark and `;` (which Excel in Spanish
 * opens as columns), quoted by PostgreSQL's CSV writer. Dates are real dates (a date cell in XLSX, ISO 8601
 * in CSV), numbers are numbers. A text cell that starts with `=`, `+`, `-`, `@` (or a tab or carriage
 * return) gets a leading `'`, so a name never runs as a formula in someone's spreadsheet (docs/architecture.md
 * A6.7).
 */

/** What an export has the database write: the columns of each row, and COPY's options (`with (format csv…)`). */
export interface TableCopy<R> {
  columns: (row: R) => SQL[];
  options: string;
}

/** Has the database write the export (the caller's COPY, bound to a request's filters). */
export type ReadCopy<R> = (copy: TableCopy<R>) => AsyncIterable<Buffer>;

/** The values of a row as SQL: `rowNumber` is 1 for the first row of the file, then 2, 3… */
export interface SqlRow {
  rowNumber: SQL;
}

export type CellKind = 'number' | 'date' | 'text';

/** A column: its heading in each language, its value (texts in the reader's language where they have two), of what kind, how wide in XLSX and how its numbers show. */
export interface TableColumn<R> {
  heading: Record<Language, string>;
  value: (row: R, lang: Language) => SQL;
  kind: CellKind;
  width: number;
  numFmt?: string;
}

export interface TableExport<R extends SqlRow> {
  /** The sheet's name in each language. */
  sheet: Record<Language, string>;
  columns: readonly TableColumn<R>[];
}

// Patterns and characters are written into the query as literals; PostgreSQL's regular expressions read
// \t, \r, \s and \uXXXX themselves.
/** Text a spreadsheet would run as a formula. */
const FORMULA = String.raw`^[=+\-@\t\r]`;
/** Characters XML 1.0 cannot hold (PostgreSQL text has no NUL). */
const NOT_XML = String.raw`[\u0001-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]`;

/** A text value as a cell shows it: never null, with a leading `'` when it would run as a formula. */
function neutral(v: SQL): SQL {
  const text = sql`coalesce(${v}, '')`;
  return sql`(case when ${text} ~ ${FORMULA}::text then '''' || ${text} else ${text} end)`;
}

/** CSV: PostgreSQL's CSV writer quotes a field that holds `;`, a quote or a line break; an empty text is an empty field. */
function csvCopy<R extends SqlRow>(table: TableExport<R>, lang: Language): TableCopy<R> {
  return {
    columns: (r) =>
      table.columns.map(({ value, kind }) =>
        kind === 'date'
          ? sql`to_char(${value(r, lang)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
          : kind === 'number'
            ? value(r, lang)
            : sql`nullif(${neutral(value(r, lang))}, '')`,
      ),
    options: `with (format csv, delimiter ';')`,
  };
}

/** A CSV field of the header (ours, in JavaScript), quoted as PostgreSQL's are. */
const csvField = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

async function* csvChunks<R extends SqlRow>(table: TableExport<R>, read: ReadCopy<R>, lang: Language): AsyncGenerator<Buffer> {
  yield Buffer.from(`\ufeff${table.columns.map((c) => csvField(c.heading[lang])).join(';')}\n`);
  yield* read(csvCopy(table, lang));
}

/**
 * XLSX: the records the writer turns into rows (XlsxWriter.addRecords): the row's number in the sheet (after
 * the header's), then each value, a number's digits (a date's serial number: days since 1899-12-30, UTC) or
 * text as XML text. Inside a text, a backslash, tab, line break or carriage return is a character
 * reference, which XML reads as the character and COPY's text format has nothing to escape in.
 */
const references: [string, string][] = [
  ['\\', '&#92;'],
  ['\t', '&#9;'],
  ['\n', '&#10;'],
  ['\r', '&#13;'],
];
function xlsxCopy<R extends SqlRow>(table: TableExport<R>, lang: Language): TableCopy<R> {
  return {
    columns: (r) => [
      sql`(${r.rowNumber} + 1)::text`,
      ...table.columns.map(({ value, kind }) => {
        if (kind === 'number') return sql`(${value(r, lang)})::text`;
        if (kind === 'date') return sql`(extract(epoch from ${value(r, lang)})::float8 / 86400 + 25569)::text`;
        let text = sql`replace(replace(replace(replace(regexp_replace(${neutral(value(r, lang))}, ${NOT_XML}::text, '', 'g'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')`;
        for (const [character, reference] of references) text = sql`replace(${text}, ${character}::text, ${reference}::text)`;
        return text;
      }),
    ],
    options: '',
  };
}

async function* xlsxChunks<R extends SqlRow>(table: TableExport<R>, read: ReadCopy<R>, lang: Language): AsyncGenerator<Buffer> {
  const file = new XlsxWriter(
    table.sheet[lang],
    table.columns.map(({ heading, width, numFmt, kind }): XlsxColumn => ({
      header: heading[lang],
      width,
      numFmt,
      kind: kind === 'text' ? 'text' : 'number',
    })),
  );
  try {
    for await (const records of read(xlsxCopy(table, lang))) {
      await file.addRecords(records);
      const bytes = file.take();
      if (bytes.length) yield bytes;
    }
    await file.end();
    yield file.take();
  } finally {
    file.close();
  }
}

/**
 * The export as a stream for the reply. A failure after the first bytes can no longer change the status:
 * `onError` hears of it and the response is cut short, so the client never mistakes it for a whole file.
 * A client that goes away destroys the stream, which ends the generators, and with them the database read.
 */
export function exportTable<R extends SqlRow>(
  table: TableExport<R>,
  read: ReadCopy<R>,
  format: 'xlsx' | 'csv',
  lang: Language,
  onError: (err: unknown) => void,
): Readable {
  async function* reported() {
    try {
      yield* format === 'csv' ? csvChunks(table, read, lang) : xlsxChunks(table, read, lang);
    } catch (err) {
      onError(err);
      throw err;
    }
  }
  return Readable.from(reported(), { objectMode: false, highWaterMark: 64 * 1024 });
}

/** The content type of an export's reply. */
export const exportContentType = (format: 'xlsx' | 'csv') =>
  format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file an export streams (XLSX or CSV): binary in the OpenAPI document. */
const exportFile = z.custom<Readable>().meta({ type: 'string', format: 'binary' });

/** An export route's 200 in the document: the file, streamed as it is written (the schemas only say what it is). */
export const exportFileResponse = {
  description: 'The file, as an attachment: XLSX, or CSV (UTF-8 with BOM, `;` between fields)',
  content: {
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: exportFile },
    'text/csv': { schema: exportFile },
  },
};

/** Sends an export's stream as an attachment named `name`, never cached. */
export function sendExportFile(reply: FastifyReply, stream: Readable, format: 'xlsx' | 'csv', name: string) {
  return reply
    .type(exportContentType(format))
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
