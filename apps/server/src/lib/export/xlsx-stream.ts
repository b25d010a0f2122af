import zlib from 'node:zlib';
import { strToU8, Zip, ZipDeflate, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
import { TextBytes } from './text-bytes.ts';

/**
 * A one-sheet XLSX written as its rows come, in constant memory (docs/decisions/0005-bulk-loads.md,
 * "Exports stream"): fflate's streaming ZIP frames the entries (data descriptors: no sizes needed up
 * front), the fixed parts first, then the sheet, deflated by one zlib stream off the main thread
 * (SheetEntry). The writer makes the header row; the other rows come as records of COPY's text format
 * (addRecords), written into the sheet's XML straight from their bytes: cells are inline strings, numbers,
 * and dates as serial numbers in their column's format. Nothing is kept per row, so the caller holds one
 * chunk and takes the file's new bytes (`take()`) before adding the next: how fast it adds them is how fast
 * the client reads, which is the backpressure.
 */

export interface XlsxColumn {
  header: string;
  /** In characters, as Excel counts them. */
  width: number;
  /** A number (a date is one: its serial number, shown in its `numFmt`), or text. */
  kind: 'number' | 'text';
  /** How the column's numbers show ("yyyy-mm-dd hh:mm", "#,##0"). */
  numFmt?: string;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE = 'http://schemas.openxmlformats.org/package/2006';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** zlib's default level: the XML shrinks about tenfold. */
const LEVEL = 6;
/** An empty last block (fixed codes, end of block): ends deflate data that stopped at a sync flush. */
const LAST_BLOCK = Uint8Array.of(0x03, 0x00);
/** The XML deflated at a time. */
const PIECE = 128 * 1024;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Our own text (headers, sheet name, formats) as XML text. */
const escapeXml = (text: string) => text.replace(/[&<>"]/g, (c) => ENTITIES[c]!);

/** A (0), B (1) … Z, AA, AB … */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Style 0 is the default, 1 the bold header, then one per number format of the columns (ids from 164). */
function stylesXml(formats: readonly string[]): string {
  const numFmts = formats.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXml(f)}"/>`).join('');
  const xfs = formats.map((_, i) => `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`);
  return (
    `${HEAD}<styleSheet xmlns="${MAIN}">` +
    (formats.length ? `<numFmts count="${formats.length}">${numFmts}</numFmts>` : '') +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
    '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${2 + formats.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
    `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
  );
}

function fixedParts(sheetName: string, formats: readonly string[]): [string, string][] {
  const type = (t: string) => `application/vnd.openxmlformats-officedocument.spreadsheetml.${t}+xml`;
  return [
    [
      '[Content_Types].xml',
      `${HEAD}<Types xmlns="${PACKAGE}/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="${type('sheet.main')}"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${type('worksheet')}"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${type('styles')}"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${HEAD}<Relationships xmlns="${PACKAGE}/relationships">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIP}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIP}">` +
        `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${HEAD}<Relationships xmlns="${PACKAGE}/relationships">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIP}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${RELATIONSHIP}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', stylesXml(formats)],
  ];
}

/**
 * The sheet as an entry of fflate's Zip (its ZipInputFile interface: the size and CRC of the text, right
 * once the last piece is given), deflated by one zlib stream in Node's thread pool: each piece of text is
 * written and sync-flushed, so its compressed bytes are out when the write is done; the stream is then
 * dropped rather than finished, and an empty last block ends the deflate data. One stream for the whole
 * sheet: a zlib set-up per piece is a few hundred kilobytes taken and freed outside the heap each time,
 * which the server's memory keeps. There is no ZIP64: past 4 GB of XML (some 9 million rows) the export
 * fails rather than write a broken file.
 */
class SheetEntry implements ZipInputFile {
  readonly compression = 8;
  size = 0;
  crc = 0;
  ondata?: AsyncFlateStreamHandler;
  private readonly deflate = zlib.createDeflateRaw({ level: LEVEL });
  private readonly packed: Buffer[] = [];

  constructor(readonly filename: string) {
    this.deflate.on('data', (chunk: Buffer) => this.packed.push(chunk));
  }

  /** Deflates a piece of the sheet; `bytes` may be reused once this resolves. */
  async push(bytes: Buffer): Promise<void> {
    this.size += bytes.length;
    if (this.size > 0xffffffff) throw new Error('the sheet is larger than a ZIP without ZIP64 holds');
    this.crc = zlib.crc32(bytes, this.crc);
    await new Promise<void>((resolve, reject) => {
      this.deflate.once('error', reject);
      this.deflate.write(bytes);
      this.deflate.flush(zlib.constants.Z_SYNC_FLUSH, () => {
        this.deflate.off('error', reject);
        resolve();
      });
    });
    this.ondata!(null, Buffer.concat(this.packed), false);
    this.packed.length = 0;
  }

  end(): void {
    this.close();
    this.ondata!(null, LAST_BLOCK, true);
  }

  /** Frees the zlib stream (the data ends with LAST_BLOCK, not with the stream's own end). */
  close(): void {
    this.deflate.destroy();
  }
}

const bytes = (text: string) => Buffer.from(text);
const ROW_OPEN = bytes('<row r="');
const ROW_CLOSE = bytes('</row>');
const TAB = 0x09;
const LINE = 0x0a;
const SPACE = 0x20;

export class XlsxWriter {
  private readonly out: Uint8Array[] = [];
  private readonly zip = new Zip((err, data) => {
    if (err) throw err;
    this.out.push(data);
  });
  private readonly sheet = new SheetEntry('xl/worksheets/sheet1.xml');
  /**
   * Per column, the XML around a cell's row number and value, as bytes: `<c r="B` before the row number,
   * `" s="2"><v>` (or `" t="inlineStr"><is><t>`, or with xml:space="preserve") after it, `</v></c>` after the
   * value.
   */
  private readonly cells: { open: Buffer; close: Buffer; closeKeepingSpace: Buffer; end: Buffer }[];
  /** The sheet's XML not yet deflated. */
  private readonly text = new TextBytes();
  /** Records received but not yet whole (a chunk may end inside one). */
  private readonly records = new TextBytes(64 * 1024);

  /** Starts the file, with `columns`' headers in bold as row 1. */
  constructor(sheetName: string, columns: readonly XlsxColumn[]) {
    const formats = [...new Set(columns.flatMap((c) => (c.numFmt ? [c.numFmt] : [])))];
    for (const [name, xml] of fixedParts(sheetName, formats)) {
      const part = new ZipDeflate(name, { level: LEVEL });
      this.zip.add(part);
      part.push(strToU8(xml), true);
    }
    this.zip.add(this.sheet);
    const style = (s: number) => (s ? `" s="${s}"` : '"');
    this.cells = columns.map((c, i) => {
      const s = style(c.numFmt ? 2 + formats.indexOf(c.numFmt) : 0);
      return c.kind === 'number'
        ? { open: bytes(`<c r="${columnName(i)}`), close: bytes(`${s}><v>`), closeKeepingSpace: bytes(`${s}><v>`), end: bytes('</v></c>') }
        : {
            open: bytes(`<c r="${columnName(i)}`),
            close: bytes(`${s} t="inlineStr"><is><t>`),
            closeKeepingSpace: bytes(`${s} t="inlineStr"><is><t xml:space="preserve">`),
            end: bytes('</t></is></c>'),
          };
    });
    const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
    const header = columns
      .map((c, i) => `<c r="${columnName(i)}1${style(1)} t="inlineStr"><is><t>${escapeXml(c.header)}</t></is></c>`)
      .join('');
    this.text.add(`${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIP}"><cols>${cols}</cols><sheetData><row r="1">${header}</row>`);
  }

  /**
   * Adds rows below the last ones, from records as COPY writes them in its text format: one a line, fields
   * between tabs, the first the row's number (from 2), then the columns' values, a number's digits or text
   * already XML (no tab, line break, carriage return or backslash in it: COPY would escape those); an empty
   * field is no cell. The records may be cut anywhere between calls. Once it resolves, take() has the
   * rows' bytes. Rows are written from the bytes as they are: not a string is made for them.
   */
  async addRecords(chunk: Buffer): Promise<void> {
    this.records.addBytes(chunk);
    const b = this.records.bytes;
    let start = 0;
    for (let end = b.indexOf(LINE, start); end >= 0; end = b.indexOf(LINE, start)) {
      this.writeRecord(b, start, end);
      start = end + 1;
    }
    this.records.drop(start);
    // Deflated a piece of at least this much at a time.
    if (this.text.bytes.length < PIECE) return;
    await this.sheet.push(this.text.bytes);
    this.text.clear();
  }

  /** Closes the sheet and the file; once it resolves, take() has the last bytes. */
  async end(): Promise<void> {
    if (this.records.bytes.length) throw new Error('the last record of the sheet was cut short');
    this.text.add('</sheetData></worksheet>');
    await this.sheet.push(this.text.bytes);
    this.text.clear();
    this.sheet.end();
    this.zip.end();
  }

  /** Gives up the file (its client went away): frees what end() would have. */
  close(): void {
    this.sheet.close();
  }

  /** The file's bytes written since the last call (empty when none). */
  take(): Buffer {
    const bytes = Buffer.concat(this.out);
    this.out.length = 0;
    return bytes;
  }

  /** The record in `b` from `start` to `end` (its line break) as a row. */
  private writeRecord(b: Buffer, start: number, end: number): void {
    const text = this.text;
    const field = (from: number) => {
      const tab = b.indexOf(TAB, from);
      return tab < 0 || tab > end ? end : tab;
    };
    const numberEnd = field(start);
    text.addBytes(ROW_OPEN);
    text.addRange(b, start, numberEnd);
    text.add('">');
    let from = numberEnd + 1;
    for (let i = 0; i < this.cells.length && from <= end; i++) {
      const to = field(from);
      if (to > from) {
        const cell = this.cells[i]!;
        text.addBytes(cell.open);
        text.addRange(b, start, numberEnd);
        text.addBytes(b[from] === SPACE || b[to - 1] === SPACE ? cell.closeKeepingSpace : cell.close);
        text.addRange(b, from, to);
        text.addBytes(cell.end);
      }
      from = to + 1;
    }
    text.addBytes(ROW_CLOSE);
  }
}
