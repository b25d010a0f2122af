import type { Readable } from 'node:stream';
import type { Language } from '@rewards/shared/enums';
import { exportTable, type ReadCopy as ReadTableCopy, type TableExport } from '../../lib/export/table-export.ts';
import type { ConsolidatedSqlRow } from './loads.service.ts';

/**
 * The consolidated rows as a file, written while they are read, in constant memory
 * (docs/decisions/0005-bulk-loads.md, "Exports stream"): the columns below, written by the shared streaming
 * export (lib/export/table-export.ts: XLSX or CSV, formulas neutralised, docs/architecture.md A6.7), the rows
 * read with `consolidatedCopy`.
 */

/** Has the database write the export (consolidatedCopy, bound to a request's filters). */
export type ReadCopy = ReadTableCopy<ConsolidatedSqlRow>;

/** The columns, in order (texts in the reader's language where they have two). */
const consolidated: TableExport<ConsolidatedSqlRow> = {
  sheet: { es: 'Consolidado', en: 'Consolidated' },
  columns: [
    { heading: { es: 'ID', en: 'ID' }, value: (r) => r.id, kind: 'number', width: 10 },
    { heading: { es: 'Carga', en: 'Load' }, value: (r) => r.loadId, kind: 'number', width: 8 },
    { heading: { es: 'Fecha', en: 'Date' }, value: (r) => r.createdAt, kind: 'date', width: 20, numFmt: 'yyyy-mm-dd hh:mm' },
    { heading: { es: 'Reconocimiento', en: 'Recognition' }, value: (r, lang) => r.rewardName[lang], kind: 'text', width: 24 },
    { heading: { es: 'Receptor', en: 'Receiver' }, value: (r) => r.receiverName, kind: 'text', width: 28 },
    { heading: { es: 'Correo del receptor', en: 'Receiver e-mail' }, value: (r) => r.receiverEmail, kind: 'text', width: 32 },
    { heading: { es: 'Oficina del receptor', en: 'Receiver office' }, value: (r) => r.receiverStoreName, kind: 'text', width: 26 },
    { heading: { es: 'Emisor', en: 'Sender' }, value: (r) => r.senderName, kind: 'text', width: 24 },
    { heading: { es: 'Correo del emisor', en: 'Sender e-mail' }, value: (r) => r.senderEmail, kind: 'text', width: 30 },
    { heading: { es: 'Oficina del emisor', en: 'Sender office' }, value: (r) => r.senderStoreName, kind: 'text', width: 26 },
    { heading: { es: 'Puntos', en: 'Points' }, value: (r) => r.points, kind: 'number', width: 10, numFmt: '#,##0' },
  ],
};

/**
 * The export as a stream for the reply. A failure after the first bytes can no longer change the status:
 * `onError` hears of it and the response is cut short, so the client never mistakes it for a whole file.
 */
export function exportConsolidated(read: ReadCopy, format: 'xlsx' | 'csv', lang: Language, onError: (err: unknown) => void): Readable {
  return exportTable(consolidated, read, format, lang, onError);
}
