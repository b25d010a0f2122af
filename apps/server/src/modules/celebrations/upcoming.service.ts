import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { listResponse, type ListResponse, type Pagination } from '@rewards/shared/common';
import type { UpcomingCelebration } from '@rewards/shared/celebration-admin';
import { celebrationKinds, type CelebrationSettingsValues, type Feb29Rule } from '@rewards/shared/celebration-rules';
import type { Language } from '@rewards/shared/enums';
import type { Db, DbOrTx } from '../../db/client.ts';
import { copyBlob, copyOut, inlineParams } from '../../lib/export/copy-out.ts';
import type { SqlRow, TableCopy, TableExport } from '../../lib/export/table-export.ts';
import { textArray } from '../../lib/sql-arrays.ts';

/*
 * The celebrations of a store's people in the coming days (docs/architecture.md A6.17), for its
 * administrators: every active person of the store (not store accounts) whose birthday, work anniversary or
 * first day falls on one of the next `days` local days of their own zone (their position's, else their
 * office's, else the program's: the job's chain; a zone PostgreSQL does not know is skipped for the next),
 * today included. Each day is the one the job would celebrate: 29 February by the store's rule in a common
 * year, an anniversary from 1 year of service. The choice is the person's own or the store's default (`none`:
 * not celebrated, 0 points); the points are what the store's settings give that kind (a milestone's for its
 * anniversary). Each person's today is their zone's, so the statement takes this year's and next year's day of
 * each date and keeps those in the window: one pass over the store's people, whatever `days`.
 */

export interface UpcomingInput {
  storeId: number;
  days: number;
  now: Date;
  /** The program's zone (config.calendar.timeZone): the last of the chain. */
  programZone: string;
  settings: CelebrationSettingsValues;
}

/** The day a month-day ('MM-DD') is celebrated in `year`: rs_celebrated_on, as the job reckons it. */
function celebratedDay(monthDay: SQL, year: SQL, feb29: Feb29Rule): SQL {
  return sql`rs_celebrated_on(${monthDay}, ${year}, ${feb29}::text)`;
}

/**
 * The rows of the list as the CTE `listed` (day, kind, years, user_id, name, email, zone, choice,
 * choice_is_default, points), to be selected from.
 */
function listedOf(p: UpcomingInput): SQL {
  const s = p.settings;
  const years = sql`(values (extract(year from l.today)::int), (extract(year from l.today)::int + 1)) as y(y)`;
  return sql`
    with known as materialized (select name from pg_timezone_names),
    people as materialized (
      select u.id, concat_ws(' ', u.name, u.last_name) as name, u.email, u.birthday, u.hire_date, u.hire_month_day,
        coalesce(kp.name, ks.name, ${p.programZone}::text) as zone
      from users u
      left join profiles pr on pr.user_id = u.id
      left join stores st on st.id = u.store_id
      left join known kp on kp.name = pr.time_zone
      left join known ks on ks.name = st.time_zone
      where u.store_id = ${p.storeId}::int and u.active = 1 and not u.is_store
        and (u.birthday is not null or u.hire_date is not null)),
    dated as (select pe.*, (${p.now.toISOString()}::timestamptz at time zone pe.zone)::date as today from people pe),
    due as (
      select l.id, 'birthday'::text as kind, ${celebratedDay(sql`l.birthday`, sql`y.y`, s.feb29)} as day, null::int as years
      from dated l cross join lateral ${years}
      where l.birthday is not null
      union all
      select l.id, 'anniversary', ${celebratedDay(sql`l.hire_month_day`, sql`y.y`, s.feb29)}, y.y - extract(year from l.hire_date)::int
      from dated l cross join lateral ${years}
      where l.hire_date is not null and y.y > extract(year from l.hire_date)::int
      union all
      select l.id, 'welcome', l.hire_date, null from dated l where l.hire_date is not null),
    chosen as (
      select d.day, d.kind, d.years, l.id as user_id, l.name, l.email, l.zone, cc.choice is null as choice_is_default,
        coalesce(cc.choice, case d.kind when 'birthday' then ${s.defaults.birthday}::text
          when 'anniversary' then ${s.defaults.anniversary}::text else ${s.defaults.welcome}::text end) as choice
      from due d
      join dated l on l.id = d.id
      left join celebration_choices cc on cc.user_id = d.id and cc.kind = d.kind
      where d.day >= l.today and d.day < l.today + ${p.days}::int),
    listed as (
      select c.*, case when c.choice = 'none' then 0
          when c.kind = 'birthday' then ${s.birthdayPoints}::int
          when c.kind = 'welcome' then ${s.welcomePoints}::int
          else coalesce((${JSON.stringify(s.milestones)}::jsonb ->> c.years::text)::int, ${s.anniversaryPoints}::int) end as points
      from chosen c)`;
}

/** The list's order: by day, then kind (birthday, anniversary, welcome), then name. */
const listOrder = (alias: string) =>
  sql.raw(`${alias}.day, array_position('${textArray(celebrationKinds)}'::text[], ${alias}.kind), ${alias}.name, ${alias}.user_id`);

type UpcomingRow = {
  day: string;
  kind: UpcomingCelebration['kind'];
  years: number | null;
  user_id: number;
  name: string;
  email: string;
  zone: string;
  choice: UpcomingCelebration['choice'];
  choice_is_default: boolean;
  points: number;
};

/** GET /api/celebrations/stores/{id}/upcoming: a page of the list, and how many rows it has in all. One statement. */
export async function listUpcoming(db: DbOrTx, p: UpcomingInput & { at: Pagination }): Promise<ListResponse<UpcomingCelebration>> {
  const { rows } = await db.execute<Partial<UpcomingRow> & { total: number }>(sql`${listedOf(p)}
    select t.total, x.* from (select count(*)::int as total from listed) t
    left join lateral (
      select to_char(l.day, 'YYYY-MM-DD') as day, l.kind, l.years, l.user_id, l.name, l.email, l.zone, l.choice,
        l.choice_is_default, l.points
      from listed l order by ${listOrder('l')}
      limit ${p.at.pageSize}::int offset ${(p.at.page - 1) * p.at.pageSize}::int) x on true`);
  const data = rows
    .filter((r): r is UpcomingRow & { total: number } => r.user_id !== null && r.user_id !== undefined)
    .map((r) => ({
      date: r.day,
      kind: r.kind,
      years: r.years === null ? null : Number(r.years),
      userId: Number(r.user_id),
      name: r.name,
      email: r.email,
      choice: r.choice,
      choiceIsDefault: Boolean(r.choice_is_default),
      points: Number(r.points),
      timeZone: r.zone,
    }));
  return listResponse(data, p.at, Number(rows[0]?.total ?? 0));
}

// ---------------------------------------------------------------------------------------------
// The export: every row of the list (lib/export/table-export.ts)
// ---------------------------------------------------------------------------------------------

/** A row's values as SQL, for the export's columns. */
export interface UpcomingSqlRow extends SqlRow {
  date: SQL;
  kind: Record<Language, SQL>;
  years: SQL;
  name: SQL;
  email: SQL;
  choice: Record<Language, SQL>;
  points: SQL;
  timeZone: SQL;
}

const kindText: Record<Language, Record<(typeof celebrationKinds)[number], string>> = {
  es: { birthday: 'Cumpleaños', anniversary: 'Aniversario laboral', welcome: 'Bienvenida' },
  en: { birthday: 'Birthday', anniversary: 'Work anniversary', welcome: 'Welcome' },
};
const choiceText: Record<Language, Record<'public' | 'private' | 'none' | 'default', string>> = {
  es: { public: 'Pública', private: 'Privada', none: 'No se celebra', default: ' (predeterminada)' },
  en: { public: 'Public', private: 'Private', none: 'Not celebrated', default: ' (default)' },
};
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

function kindIn(lang: Language): SQL {
  const t = kindText[lang];
  return sql.raw(`(case l.kind when 'birthday' then ${quoted(t.birthday)} when 'anniversary' then ${quoted(t.anniversary)}
    else ${quoted(t.welcome)} end)`);
}
function choiceIn(lang: Language): SQL {
  const t = choiceText[lang];
  return sql.raw(`((case l.choice when 'public' then ${quoted(t.public)} when 'private' then ${quoted(t.private)}
    else ${quoted(t.none)} end) || (case when l.choice_is_default then ${quoted(t.default)} else '' end))`);
}

function upcomingSqlRow(rowNumber: SQL): UpcomingSqlRow {
  return {
    rowNumber,
    // The local day as the instant of its midnight in UTC: a date cell in XLSX, an ISO 8601 value in CSV.
    date: sql`(l.day::timestamp at time zone 'UTC')`,
    kind: { es: kindIn('es'), en: kindIn('en') },
    years: sql`l.years::text`,
    name: sql`l.name`,
    email: sql`l.email`,
    choice: { es: choiceIn('es'), en: choiceIn('en') },
    points: sql`l.points`,
    timeZone: sql`l.zone`,
  };
}

/** The export's columns, in the list's order. */
export const upcomingExport: TableExport<UpcomingSqlRow> = {
  sheet: { es: 'Celebraciones', en: 'Celebrations' },
  columns: [
    { heading: { es: 'Fecha', en: 'Date' }, value: (r) => r.date, kind: 'date', width: 12, numFmt: 'yyyy-mm-dd' },
    { heading: { es: 'Celebración', en: 'Celebration' }, value: (r, lang) => r.kind[lang], kind: 'text', width: 20 },
    { heading: { es: 'Años', en: 'Years' }, value: (r) => r.years, kind: 'text', width: 8 },
    { heading: { es: 'Nombre', en: 'Name' }, value: (r) => r.name, kind: 'text', width: 28 },
    { heading: { es: 'Correo', en: 'E-mail' }, value: (r) => r.email, kind: 'text', width: 30 },
    { heading: { es: 'Elección', en: 'Choice' }, value: (r, lang) => r.choice[lang], kind: 'text', width: 26 },
    { heading: { es: 'Puntos', en: 'Points' }, value: (r) => r.points, kind: 'number', width: 10, numFmt: '#,##0' },
    { heading: { es: 'Zona horaria', en: 'Time zone' }, value: (r) => r.timeZone, kind: 'text', width: 22 },
  ],
};

/** Rows of a page of PGlite's export. */
export const UPCOMING_EXPORT_PAGE = 1_000;
/** The longest an export's COPY may take on PostgreSQL (a client that stops reading holds it). */
const EXPORT_TIMEOUT = '15min';
const dialect = new PgDialect();

/**
 * The list's rows as the database writes them with COPY (lib/export/copy-out.ts): on PostgreSQL one
 * `COPY (…) TO STDOUT` streams them all; on PGlite, whose single connection every request shares, pages of
 * UPCOMING_EXPORT_PAGE rows are each copied whole.
 */
export async function* upcomingCopy(
  db: Db,
  p: UpcomingInput,
  copy: TableCopy<UpcomingSqlRow>,
  pageSize = UPCOMING_EXPORT_PAGE,
): AsyncGenerator<Buffer> {
  const select = (page?: { limit: number; offset: number }) => {
    const columns = copy.columns(upcomingSqlRow(sql`row_number() over (order by ${listOrder('l')})`));
    const query = dialect.sqlToQuery(sql`${listedOf(p)}
      select ${sql.join(
        columns.map((c, i) => sql`${c} as ${sql.raw(`c${i}`)}`),
        sql`, `,
      )}
      from listed l
      order by ${listOrder('l')}
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
    return inlineParams(query.sql, query.params);
  };
  const client: unknown = db.$client;
  if (client instanceof pg.Pool) {
    yield* copyOut(client, `copy (${select()}) to stdout ${copy.options}`, EXPORT_TIMEOUT);
    return;
  }
  for (let offset = 0; ; offset += pageSize) {
    const chunk = await copyBlob(client as PGlite, `copy (${select({ limit: pageSize, offset })}) to '/dev/blob' ${copy.options}`);
    if (chunk.length === 0) return;
    yield chunk;
  }
}
