import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Language } from '@rewards/shared/enums';
import { addDays } from '@rewards/shared/program';
import {
  givingPeriodOf,
  RECIPROCAL_LIMIT,
  REPORT_MAX_DAYS,
  REPORT_TOP,
  type PeerReport,
  type ReportPerson,
} from '@rewards/shared/peer-report-rules';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { localDate, startOfLocalDay, type CalendarRules } from '../../lib/calendar.ts';
import { copyBlob, copyOut, inlineParams } from '../../lib/export/copy-out.ts';
import type { SqlRow, TableCopy, TableExport } from '../../lib/export/table-export.ts';
import { givingSettingsOf } from './allowance.service.ts';

/**
 * The giving report of a store (docs/architecture.md A6.16): participation, top givers and receivers, offices,
 * reciprocal pairs and totals of a period, and its gives as a file. Everything is computed by the database
 * from the gives (recognitions and add-ons: an add-on is a give of its giver to every recipient of the
 * recognition). A give belongs to the report where its giver's office when giving (the recognition's
 * `store_id`; an add-on's giver's office today, the add-on keeps none) or a recipient's office when receiving
 * (`peer_recognition_recipients.store_id`) is the store: one line per give and recipient, and a line is the
 * store's when either end of it is. Private recognitions are in it: the report is its store's administrators'
 * (and super administrators'), who see them in the feed too.
 */

export interface ReportPeriod {
  from: string;
  to: string;
  /** [start, end) as instants: the first local day's start to the start of the day after the last. */
  start: string;
  end: string;
  current: { from: string; to: string };
}

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The period asked for, local days of the program time zone (A6.2); an end left out is the store's current
 * giving period's (from its giving settings). Reversed or longer than REPORT_MAX_DAYS: VALIDATION_FAILED.
 */
export async function reportPeriod(
  db: DbOrTx,
  p: { storeId: number; from?: string; to?: string; now: Date; calendar: CalendarRules },
): Promise<ReportPeriod> {
  const settings = await givingSettingsOf(db, p.storeId);
  const current = givingPeriodOf(localDate(p.now, p.calendar.timeZone), settings.period);
  const from = p.from ?? current.from;
  const to = p.to ?? current.to;
  if (from > to)
    throw new AppError('VALIDATION_FAILED', [
      { field: p.to ? 'querystring.to' : 'querystring.from', message: 'The period must end on or after its start', code: 'custom' },
    ]);
  if (dayCount(from, to) > REPORT_MAX_DAYS)
    throw new AppError('VALIDATION_FAILED', [
      { field: 'querystring.from', message: `The period must be at most ${REPORT_MAX_DAYS} days`, code: 'too_big' },
    ]);
  const tz = p.calendar.timeZone;
  return {
    from,
    to,
    start: startOfLocalDay(from, tz).toISOString(),
    end: startOfLocalDay(addDays(to, 1), tz).toISOString(),
    current,
  };
}

/**
 * The store's lines of the period: one per give and recipient (`gkey` names the give: `r` and the
 * recognition's id, or `a` and the add-on's), with the giver's and the recipient's office then. Only
 * colleagues' recognitions are gives: the company's celebrations (docs/architecture.md A6.17) are not.
 */
function linesOf(storeId: number, p: ReportPeriod, scoped = true): SQL {
  const inPeriod = (column: SQL) => sql`${column} >= ${p.start}::timestamptz and ${column} < ${p.end}::timestamptz`;
  return sql`
    with gives as (
      select 'r' || r.id as gkey, r.id as recognition_id, null::int as addon_id, r.giver_id, r.store_id as giver_store,
        r.points, r.private, r.created_at
      from peer_recognitions r
      where r.kind = 'recognition' and ${inPeriod(sql`r.created_at`)}
      union all
      select 'a' || ad.id, ad.recognition_id, ad.id, ad.giver_id, gu.store_id, ad.points, r.private, ad.created_at
      from peer_addons ad
      join peer_recognitions r on r.id = ad.recognition_id
      join users gu on gu.id = ad.giver_id
      where r.kind = 'recognition' and ${inPeriod(sql`ad.created_at`)}
    ),
    lines as (
      select g.*, rr.user_id as recipient_id, rr.store_id as recipient_store
      from gives g
      join peer_recognition_recipients rr on rr.recognition_id = g.recognition_id
      ${scoped ? sql`where g.giver_store = ${storeId} or rr.store_id = ${storeId}` : sql``}
    )`;
}

/** Drivers hand sums back as numbers, strings (pg's int8) or bigints (PGlite): one number. */
const num = (v: unknown): number => Number(v ?? 0);

/** A person's columns, prefixed: id, name, e-mail, their office today. */
const personColumns = (user: string, store: string, prefix: string) =>
  sql.raw(
    `${user}.id as ${prefix}_id, concat_ws(' ', ${user}.name, ${user}.last_name) as ${prefix}_name, ${user}.email as ${prefix}_email, ${store}.title as ${prefix}_office`,
  );
const personOf = (r: Record<string, unknown>, prefix: string): ReportPerson => ({
  id: num(r[`${prefix}_id`]),
  name: String(r[`${prefix}_name`] ?? ''),
  email: String(r[`${prefix}_email`] ?? ''),
  office: (r[`${prefix}_office`] as string | null) ?? null,
});

/** A share 0 to 1, to four decimals (0 of nobody). */
const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

/** `GET /api/peer/stores/{id}/report`: six statements, side by side on PostgreSQL (PGlite: one after another). */
export async function getPeerReport(
  db: DbOrTx,
  p: { storeId: number; period: ReportPeriod; threshold: number; timeZone: string },
): Promise<PeerReport> {
  const { storeId, period, threshold } = p;
  const lines = linesOf(storeId, period);
  const [totals, participation, givers, receivers, offices, reciprocal] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`${lines}
      select count(distinct l.gkey)::int as gives,
        count(distinct l.recognition_id) filter (where l.addon_id is null)::int as recognitions,
        count(distinct l.addon_id)::int as addons,
        count(*)::int as recipients,
        coalesce(sum(l.points), 0)::bigint as points,
        count(distinct l.gkey) filter (where l.private)::int as private
      from lines l`),
    // Participation counts every give of the store's people, to anyone.
    db.execute<Record<string, unknown>>(sql`${linesOf(storeId, period, false)}
      select count(*)::int as people,
        count(*) filter (where exists (select 1 from lines l where l.giver_id = u.id))::int as givers,
        count(*) filter (where exists (select 1 from lines l where l.recipient_id = u.id))::int as receivers
      from users u
      where u.store_id = ${storeId} and u.active = 1 and not u.is_store`),
    db.execute<Record<string, unknown>>(sql`${lines}
      select ${personColumns('u', 'st', 'p')}, t.points, t.count
      from (
        select l.giver_id as id, sum(l.points)::bigint as points, count(distinct l.gkey)::int as count
        from lines l where l.giver_store = ${storeId} group by l.giver_id
      ) t
      join users u on u.id = t.id
      left join stores st on st.id = u.store_id
      order by t.points desc, t.count desc, u.id
      limit ${REPORT_TOP}`),
    db.execute<Record<string, unknown>>(sql`${lines}
      select ${personColumns('u', 'st', 'p')}, t.points, t.count
      from (
        select l.recipient_id as id, sum(l.points)::bigint as points, count(*)::int as count
        from lines l where l.recipient_store = ${storeId} group by l.recipient_id
      ) t
      join users u on u.id = t.id
      left join stores st on st.id = u.store_id
      order by t.points desc, t.count desc, u.id
      limit ${REPORT_TOP}`),
    db.execute<Record<string, unknown>>(sql`${lines}
      select o.store_id, st.title, sum(o.gave)::int as gave, sum(o.points_given)::bigint as points_given,
        sum(o.received)::int as received, sum(o.points_received)::bigint as points_received
      from (
        select l.giver_store as store_id, count(distinct l.gkey) as gave, sum(l.points) as points_given, 0 as received, 0 as points_received
        from lines l group by l.giver_store
        union all
        select l.recipient_store, 0, 0, count(*), sum(l.points)
        from lines l group by l.recipient_store
      ) o
      left join stores st on st.id = o.store_id
      group by o.store_id, st.title
      order by (o.store_id is not distinct from ${storeId}) desc, st.title nulls last, o.store_id`),
    db.execute<Record<string, unknown>>(sql`${lines},
    directed as (
      select l.giver_id, l.recipient_id, sum(l.points)::bigint as points, count(*)::int as count
      from lines l group by l.giver_id, l.recipient_id
    )
      select ${personColumns('ua', 'sa', 'a')}, ${personColumns('ub', 'sb', 'b')},
        x.points as a_to_b, y.points as b_to_a, x.count as a_to_b_count, y.count as b_to_a_count,
        count(*) over ()::int as total
      from directed x
      join directed y on y.giver_id = x.recipient_id and y.recipient_id = x.giver_id
      join users ua on ua.id = x.giver_id
      join users ub on ub.id = x.recipient_id
      left join stores sa on sa.id = ua.store_id
      left join stores sb on sb.id = ub.store_id
      where x.giver_id < x.recipient_id and x.points >= ${threshold} and y.points >= ${threshold}
      order by least(x.points, y.points) desc, x.points + y.points desc, x.giver_id, x.recipient_id
      limit ${RECIPROCAL_LIMIT}`),
  ]);
  const t = totals.rows[0]!;
  const part = participation.rows[0]!;
  const rank = (r: Record<string, unknown>) => ({ person: personOf(r, 'p'), points: num(r.points), count: num(r.count) });
  const people = num(part.people);
  return {
    storeId,
    period: { from: period.from, to: period.to, timeZone: p.timeZone, current: period.current },
    participation: {
      activePeople: people,
      givers: num(part.givers),
      receivers: num(part.receivers),
      giverShare: share(num(part.givers), people),
      receiverShare: share(num(part.receivers), people),
    },
    totals: {
      gives: num(t.gives),
      recognitions: num(t.recognitions),
      addons: num(t.addons),
      recipients: num(t.recipients),
      points: num(t.points),
      private: num(t.private),
    },
    topGivers: givers.rows.map(rank),
    topReceivers: receivers.rows.map(rank),
    offices: offices.rows.map((r) => ({
      storeId: r.store_id === null ? null : num(r.store_id),
      title: (r.title as string | null) ?? null,
      gave: num(r.gave),
      pointsGiven: num(r.points_given),
      received: num(r.received),
      pointsReceived: num(r.points_received),
    })),
    threshold,
    reciprocal: reciprocal.rows.map((r) => ({
      a: personOf(r, 'a'),
      b: personOf(r, 'b'),
      aToB: num(r.a_to_b),
      bToA: num(r.b_to_a),
      aToBCount: num(r.a_to_b_count),
      bToACount: num(r.b_to_a_count),
    })),
    reciprocalCount: num(reciprocal.rows[0]?.total),
  };
}

// ---------------------------------------------------------------------------------------------
// The export: one row per give and recipient (lib/export/table-export.ts)
// ---------------------------------------------------------------------------------------------

/** A line's values as SQL, for the export's columns. */
export interface ReportSqlRow extends SqlRow {
  createdAt: SQL;
  recognitionId: SQL;
  kind: Record<Language, SQL>;
  giverName: SQL;
  giverEmail: SQL;
  giverOffice: SQL;
  recipientName: SQL;
  recipientEmail: SQL;
  recipientOffice: SQL;
  points: SQL;
  /** The company values the recognition names, in the reader's language (the other as fallback, A6.15). */
  values: Record<Language, SQL>;
  private: Record<Language, SQL>;
}

const valuesIn = (lang: Language) => {
  const [first, second] = lang === 'es' ? ['v.name', 'v.name_en'] : ['v.name_en', 'v.name'];
  return sql.raw(`(select string_agg(coalesce(nullif(btrim(${first}), ''), ${second}), ', ' order by v.position, v.id)
    from peer_recognition_values rv join company_values v on v.id = rv.value_id where rv.recognition_id = l.recognition_id)`);
};

function reportSqlRow(rowNumber: SQL): ReportSqlRow {
  return {
    rowNumber,
    createdAt: sql`l.created_at`,
    recognitionId: sql`l.recognition_id`,
    kind: {
      es: sql`(case when l.addon_id is null then 'Reconocimiento' else 'Puntos añadidos' end)`,
      en: sql`(case when l.addon_id is null then 'Recognition' else 'Points added' end)`,
    },
    giverName: sql`concat_ws(' ', gu.name, gu.last_name)`,
    giverEmail: sql`gu.email`,
    giverOffice: sql`gs.title`,
    recipientName: sql`concat_ws(' ', ru.name, ru.last_name)`,
    recipientEmail: sql`ru.email`,
    recipientOffice: sql`rs.title`,
    points: sql`l.points`,
    values: { es: valuesIn('es'), en: valuesIn('en') },
    private: {
      es: sql`(case when l.private then 'Sí' else 'No' end)`,
      en: sql`(case when l.private then 'Yes' else 'No' end)`,
    },
  };
}

/** The export's columns, newest give first. */
export const reportExport: TableExport<ReportSqlRow> = {
  sheet: { es: 'Reconocimientos', en: 'Recognitions' },
  columns: [
    { heading: { es: 'Fecha', en: 'Date' }, value: (r) => r.createdAt, kind: 'date', width: 20, numFmt: 'yyyy-mm-dd hh:mm' },
    { heading: { es: 'Reconocimiento', en: 'Recognition' }, value: (r) => r.recognitionId, kind: 'number', width: 14 },
    { heading: { es: 'Tipo', en: 'Kind' }, value: (r, lang) => r.kind[lang], kind: 'text', width: 16 },
    { heading: { es: 'Emisor', en: 'Giver' }, value: (r) => r.giverName, kind: 'text', width: 26 },
    { heading: { es: 'Correo del emisor', en: 'Giver e-mail' }, value: (r) => r.giverEmail, kind: 'text', width: 30 },
    { heading: { es: 'Oficina del emisor', en: 'Giver office' }, value: (r) => r.giverOffice, kind: 'text', width: 24 },
    { heading: { es: 'Receptor', en: 'Recipient' }, value: (r) => r.recipientName, kind: 'text', width: 26 },
    { heading: { es: 'Correo del receptor', en: 'Recipient e-mail' }, value: (r) => r.recipientEmail, kind: 'text', width: 30 },
    { heading: { es: 'Oficina del receptor', en: 'Recipient office' }, value: (r) => r.recipientOffice, kind: 'text', width: 24 },
    { heading: { es: 'Puntos', en: 'Points' }, value: (r) => r.points, kind: 'number', width: 10, numFmt: '#,##0' },
    { heading: { es: 'Valores', en: 'Values' }, value: (r, lang) => r.values[lang], kind: 'text', width: 32 },
    { heading: { es: 'Privado', en: 'Private' }, value: (r, lang) => r.private[lang], kind: 'text', width: 10 },
  ],
};

/** Rows of a page of PGlite's export. */
export const REPORT_EXPORT_PAGE = 1_000;
/** The longest an export's COPY may take on PostgreSQL (a client that stops reading holds it). */
const EXPORT_TIMEOUT = '15min';
const dialect = new PgDialect();

/**
 * The store's lines of the period as the database writes them with COPY (lib/export/copy-out.ts), newest
 * first: on PostgreSQL one `COPY (…) TO STDOUT` streams them all (one snapshot); on PGlite, whose single
 * connection every request shares, pages of REPORT_EXPORT_PAGE rows are each copied whole.
 */
export async function* reportCopy(
  db: Db,
  p: { storeId: number; period: ReportPeriod },
  copy: TableCopy<ReportSqlRow>,
  pageSize = REPORT_EXPORT_PAGE,
): AsyncGenerator<Buffer> {
  const order = sql`l.created_at desc, l.gkey desc, l.recipient_id`;
  const select = (page?: { limit: number; offset: number }) => {
    const columns = copy.columns(reportSqlRow(sql`row_number() over (order by ${order})`));
    const query = dialect.sqlToQuery(sql`${linesOf(p.storeId, p.period)}
      select ${sql.join(
        columns.map((c, i) => sql`${c} as ${sql.raw(`c${i}`)}`),
        sql`, `,
      )}
      from lines l
      join users gu on gu.id = l.giver_id
      join users ru on ru.id = l.recipient_id
      left join stores gs on gs.id = l.giver_store
      left join stores rs on rs.id = l.recipient_store
      order by ${order}
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
    return inlineParams(query.sql, query.params);
  };
  const client: unknown = db.$client;
  if (client instanceof pg.Pool) {
    yield* copyOut(client, `copy (${select()}) to stdout ${copy.options}`, EXPORT_TIMEOUT);
    return;
  }
  // The row numbers are the window's over every line, so each page's continue the last page's.
  for (let offset = 0; ; offset += pageSize) {
    const chunk = await copyBlob(client as PGlite, `copy (${select({ limit: pageSize, offset })}) to '/dev/blob' ${copy.options}`);
    if (chunk.length === 0) return;
    yield chunk;
  }
}
