import PDFDocument from 'pdfkit';
import type { Language } from '@rewards/shared/enums';
import { describeMovement, type MovementLine } from '@rewards/shared/points';

const text = {
  es: {
    title: 'Estado de cuenta de puntos',
    period: 'Periodo desde',
    to: 'hasta',
    today: 'hoy',
    name: 'Nombre',
    email: 'Correo',
    store: 'Tienda',
    delivery: 'Método de entrega',
    date: 'Fecha',
    description: 'Descripción',
    points: 'Puntos',
    total: 'Total del periodo',
    balance: 'Saldo actual',
    none: 'Sin movimientos en el periodo.',
    teams: 'Teams',
    mail: 'Correo',
    generated: 'Generado el',
  },
  en: {
    title: 'Points statement',
    period: 'Period from',
    to: 'to',
    today: 'today',
    name: 'Name',
    email: 'E-mail',
    store: 'Store',
    delivery: 'Delivery method',
    date: 'Date',
    description: 'Description',
    points: 'Points',
    total: 'Total for the period',
    balance: 'Current balance',
    none: 'No movements in this period.',
    teams: 'Teams',
    mail: 'E-mail',
    generated: 'Generated on',
  },
} as const;

/**
 * The statement's file name in the reader's language, with its period as the web names its download
 * (`estado-de-cuenta_2026-11-01_2026-11-30.pdf`, `statement_2026-11-01.pdf`), or the day it was made
 * when it has none (`statement_2026-11-27.pdf`).
 */
export function statementFileName(lang: Language, period: { from?: string; to?: string }, now: Date): string {
  const days = [period.from, period.to].filter((d): d is string => Boolean(d));
  return `${[lang === 'es' ? 'estado-de-cuenta' : 'statement', ...(days.length ? days : [now.toISOString().slice(0, 10)])].join('_')}.pdf`;
}

/** The statement of docs/architecture.md P3, in the user's language, as a PDF buffer; each line worded by describeMovement in it. */
export function statementPdf(p: {
  lang: Language;
  from?: string;
  to?: string;
  holder: { name: string; lastName: string | null; email: string; store: string | null; contact: string | null; points: number };
  movements: MovementLine[];
  /** Movement dates are days of the program time zone. */
  timeZone: string;
  now: Date;
}): Promise<Buffer> {
  const t = text[p.lang];
  const locale = p.lang === 'es' ? 'es-MX' : 'en-US';
  const format = (timeZone: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  /** Period ends are calendar days; movement times are instants shown in the program time zone. */
  const day = (date: string) => format('UTC').format(new Date(`${date}T00:00:00Z`));
  const date = (instant: string | Date) => format(p.timeZone).format(new Date(instant));
  const num = (n: number) => new Intl.NumberFormat(locale).format(n);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: t.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.fillColor('#3730a3').fontSize(20).text(t.title);
  doc.moveDown(0.5).fillColor('#111827').fontSize(10);
  const rows: [string, string][] = [
    [t.period, `${p.from ? day(p.from) : '—'} ${t.to} ${p.to ? day(p.to) : t.today}`],
    [t.name, [p.holder.name, p.holder.lastName].filter(Boolean).join(' ')],
    [t.email, p.holder.email],
    [t.store, p.holder.store ?? '—'],
    [t.delivery, p.holder.contact === 'teams' ? t.teams : t.mail],
  ];
  for (const [label, value] of rows) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  doc.moveDown();

  const x = { date: 50, description: 150, points: 460 };
  const header = () => {
    doc.font('Helvetica-Bold').fillColor('#374151');
    const y = doc.y;
    doc.text(t.date, x.date, y).text(t.description, x.description, y).text(t.points, x.points, y, { width: 85, align: 'right' });
    doc
      .moveTo(50, doc.y + 2)
      .lineTo(545, doc.y + 2)
      .strokeColor('#d1d5db')
      .stroke()
      .moveDown(0.4);
    doc.font('Helvetica').fillColor('#111827');
  };
  header();
  if (p.movements.length === 0) doc.text(t.none, x.date);
  for (const m of p.movements) {
    if (doc.y > 760) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.text(date(m.createdAt), x.date, y, { width: 95 });
    doc.text(describeMovement(m, p.lang), x.description, y, { width: 300 });
    doc
      .fillColor(m.value < 0 ? '#b91c1c' : '#047857')
      .text(num(m.value), x.points, y, { width: 85, align: 'right' })
      .fillColor('#111827');
    doc.moveDown(0.3);
  }
  doc
    .moveDown()
    .font('Helvetica-Bold')
    .text(`${t.total}: ${num(p.movements.reduce((n, m) => n + m.value, 0))}`, 50, doc.y, { align: 'right', width: 495 })
    .text(`${t.balance}: ${num(p.holder.points)}`, 50, doc.y, { align: 'right', width: 495 });
  doc
    .moveDown(2)
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#6b7280')
    .text(`${t.generated} ${date(p.now)}`, 50);
  doc.end();
  return done;
}
