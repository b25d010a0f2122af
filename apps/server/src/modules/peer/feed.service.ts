import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  FEED_COMMENTS,
  peerReactions,
  type FeedEventKind,
  type PeerPersonResult,
  type Recognition,
  type RecognitionPage,
} from '@rewards/shared/peer-rules';
import type { FeedQuery } from '@rewards/shared/peer';
import { Role } from '@rewards/shared/enums';
import { preparedRows, type Db, type DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { intArray, textArray } from '../../lib/sql-arrays.ts';
import type { FeedAnnouncement } from '../../plugins/realtime.ts';

/**
 * The recognition feed (docs/architecture.md A6.16): newest first, paged by id, with what each card shows.
 * A private recognition is seen only by its giver, its recipients, the administrators of the giver's or a
 * recipient's store and super administrators, and that is decided in the query itself (`visibleTo`), so a
 * page is never short or wrong whatever the mix of private ones. The company's celebrations of a person
 * (docs/architecture.md A6.17) are items of the same table of another `kind`, with no giver and one
 * recipient, never private: every card shows its kind and an anniversary's years.
 */

const dialect = new PgDialect();

/**
 * The rows of a hot read (a feed page, a card, a give's checks): on PostgreSQL a named prepared statement per
 * distinct text, parsed and planned once per connection (db/client.ts preparedRows); in a transaction, on its
 * connection through Drizzle.
 */
export async function hotRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  if (!('$client' in db)) return (await db.execute<Record<string, unknown>>(query)).rows as T[];
  const q = dialect.sqlToQuery(query);
  return preparedRows<T>(db as Db, `rs_peer_${createHash('md5').update(q.sql).digest('hex')}`, q.sql, q.params);
}

/** Who is reading: enough to decide what they may see. */
export interface Viewer {
  id: number;
  role: number;
  adminStores: readonly number[];
}

/** The condition "the viewer may see recognition `r`" over the alias `r` of peer_recognitions. */
export function visibleTo(viewer: Viewer): SQL {
  if (viewer.role === Role.SuperAdmin) return sql`true`;
  const mine = sql`r.giver_id = ${viewer.id} or exists (select 1 from peer_recognition_recipients v
    where v.recognition_id = r.id and v.user_id = ${viewer.id})`;
  const stores = viewer.role === Role.Admin ? viewer.adminStores : [];
  const administered = stores.length
    ? sql` or r.store_id = any(${intArray(stores)}::int[]) or exists (select 1 from peer_recognition_recipients v
        where v.recognition_id = r.id and v.store_id = any(${intArray(stores)}::int[]))`
    : sql``;
  return sql`(not r.private or ${mine}${administered})`;
}

/** A person as cards show them, from the aliases `u` (users) and `st` (their store). */
const personColumns = (u: string, st: string) =>
  sql.raw(
    `${u}.id, btrim(${u}.name || ' ' || coalesce(${u}.last_name, '')) as name, ${u}.profile_picture_url as photo_url, coalesce(${st}.title, nullif(btrim(${u}.office_location), '')) as office`,
  );

type PersonRow = {
  id: number;
  name: string;
  photo_url: string | null;
  office: string | null;
};
const person = (r: PersonRow) => ({ id: Number(r.id), name: r.name, photoUrl: r.photo_url, office: r.office });

/** The same person as a JSON object of the card (PeerPerson), from the aliases `u` and `st`. */
export const personJson = (u: string, st: string) =>
  sql.raw(
    `json_build_object('id', ${u}.id, 'name', btrim(${u}.name || ' ' || coalesce(${u}.last_name, '')), 'photoUrl', ${u}.profile_picture_url, 'office', coalesce(${st}.title, nullif(btrim(${u}.office_location), '')))`,
  );
/** An instant as the API writes it (an ISO string in UTC with milliseconds, as Date.toISOString). */
export const isoOf = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A recognition's card as the database builds it, and who may hear of a write to it. */
type CardRow = {
  id: number;
  kind: Recognition['kind'];
  celebration_years: number | null;
  points: number;
  message: string;
  private: boolean;
  created_at: string;
  giver: Recognition['giver'];
  recipients: Recognition['recipients'];
  value_tags: Recognition['values'];
  comments: Recognition['comments'];
  comment_count: number;
  addons: Recognition['addons'];
  reactions: Recognition['reactions'];
  audience?: number[] | null;
  stores?: number[] | null;
};

/**
 * The columns of the card of recognition `r`, each part a subquery of the same statement: its giver,
 * recipients, values, the latest `comments` comments (null: all) and their count, add-ons and reactions
 * (`mine`: the viewer's). One statement per page or item, whatever the number of cards (decision 0048).
 */
function cardColumns(viewerId: number, comments: number | null): SQL {
  return sql`r.id, r.kind, r.celebration_years, r.points, r.message, r.private, ${isoOf('r.created_at')} as created_at,
    (select ${personJson('u', 'st')} from users u left join stores st on st.id = u.store_id where u.id = r.giver_id) as giver,
    (select coalesce(json_agg(${personJson('u', 'st')} order by u.name, u.last_name, u.id), '[]'::json)
      from peer_recognition_recipients p join users u on u.id = p.user_id left join stores st on st.id = u.store_id
      where p.recognition_id = r.id) as recipients,
    (select coalesce(json_agg(json_build_object('id', v.id, 'name', v.name, 'nameEn', v.name_en, 'emoji', v.emoji, 'color', v.color)
        order by v.position, v.id), '[]'::json)
      from peer_recognition_values pv join company_values v on v.id = pv.value_id where pv.recognition_id = r.id) as value_tags,
    (select coalesce(json_agg(json_build_object('id', c.id, 'recognitionId', c.recognition_id, 'author', ${personJson('u', 'st')},
        'message', c.message, 'createdAt', ${isoOf('c.created_at')}) order by c.id), '[]'::json)
      from (select * from peer_comments c where c.recognition_id = r.id order by c.id desc
        ${comments === null ? sql`` : sql`limit ${comments}`}) c
      join users u on u.id = c.user_id left join stores st on st.id = u.store_id) as comments,
    (select count(*)::int from peer_comments c where c.recognition_id = r.id) as comment_count,
    (select coalesce(json_agg(json_build_object('id', a.id, 'recognitionId', a.recognition_id, 'giver', ${personJson('u', 'st')},
        'points', a.points, 'message', a.message, 'createdAt', ${isoOf('a.created_at')}) order by a.id), '[]'::json)
      from peer_addons a join users u on u.id = a.giver_id left join stores st on st.id = u.store_id
      where a.recognition_id = r.id) as addons,
    (select coalesce(json_agg(json_build_object('emoji', x.emoji, 'count', x.n, 'mine', x.mine)
        order by array_position(${textArray(peerReactions)}::text[], x.emoji)), '[]'::json)
      from (select e.emoji, count(*)::int as n, bool_or(e.user_id = ${viewerId}) as mine from peer_reactions e
        where e.recognition_id = r.id and e.emoji = any(${textArray(peerReactions)}::text[]) group by e.emoji) x) as reactions`;
}

/**
 * Who may hear of a write to recognition `r` (plugins/realtime.ts): for a private one its giver and
 * recipients and the stores of all of them; nothing more is needed for a public one.
 */
const audienceColumns = sql`
  case when r.private then array(select r.giver_id union select p.user_id from peer_recognition_recipients p
    where p.recognition_id = r.id) end as audience,
  case when r.private then array(select r.store_id where r.store_id is not null union select p.store_id
    from peer_recognition_recipients p where p.recognition_id = r.id and p.store_id is not null) end as stores`;

/** The card of a row of `cardColumns`: only the totals are computed here. */
function card(r: CardRow): Recognition {
  const perPerson = Number(r.points) + r.addons.reduce((n, a) => n + a.points, 0);
  return {
    id: Number(r.id),
    kind: r.kind,
    years: r.celebration_years === null ? null : Number(r.celebration_years),
    giver: r.giver,
    recipients: r.recipients,
    points: Number(r.points),
    totalPoints: perPerson * r.recipients.length,
    message: r.message,
    values: r.value_tags,
    private: Boolean(r.private),
    createdAt: r.created_at,
    comments: r.comments,
    commentCount: Number(r.comment_count),
    addons: r.addons,
    reactions: r.reactions,
  };
}

/** The announcement of a write of `kind` to the recognition of a row that has `audienceColumns`. */
export function announcementOf(kind: FeedEventKind, r: Pick<CardRow, 'id' | 'private' | 'audience' | 'stores'>): FeedAnnouncement {
  return {
    kind,
    recognitionId: Number(r.id),
    private: Boolean(r.private),
    audience: (r.audience ?? []).map(Number),
    stores: (r.stores ?? []).map(Number),
  };
}

/**
 * The condition of the feed's `kind` filter over the alias `r`: colleagues' recognitions, or the company's
 * celebrations of every kind (docs/architecture.md A6.17; read newest first from their partial index).
 */
function ofKind(kind: FeedQuery['kind']): SQL[] {
  if (kind === 'recognition') return [sql`r.kind = 'recognition'`];
  if (kind === 'celebration') return [sql`r.kind <> 'recognition'`];
  return [];
}

/**
 * One page of the feed the viewer may see, newest first. Filters: a value, a person (what they gave,
 * received, or both), a store (given from it or received in it), a kind (recognitions or celebrations).
 * The page is chosen, from the most selective filter's index and stopping after `limit + 1` rows, and its
 * cards built in one statement.
 */
export async function listRecognitions(db: DbOrTx, viewer: Viewer, q: FeedQuery): Promise<RecognitionPage> {
  const take = q.limit + 1;
  const conditions: SQL[] = [q.cursor === undefined ? sql`true` : sql`r.id < ${q.cursor}`, visibleTo(viewer), ...ofKind(q.kind)];
  const byValue = sql`exists (select 1 from peer_recognition_values pv where pv.recognition_id = r.id and pv.value_id = ${q.valueId ?? 0})`;
  const byStore = sql`(r.store_id = ${q.storeId ?? 0} or exists (select 1 from peer_recognition_recipients sr
    where sr.recognition_id = r.id and sr.store_id = ${q.storeId ?? 0}))`;
  // Each side of a page is read from its own index newest first, at most `take` rows, then merged.
  let sides: SQL[];
  if (q.personId !== undefined) {
    if (q.valueId !== undefined) conditions.push(byValue);
    if (q.storeId !== undefined) conditions.push(byStore);
    const where = sql.join(conditions, sql` and `);
    const given = sql`(select r.id from peer_recognitions r where r.giver_id = ${q.personId} and ${where} order by r.id desc limit ${take})`;
    const received = sql`(select r.id from peer_recognition_recipients p join peer_recognitions r on r.id = p.recognition_id
      where p.user_id = ${q.personId} and ${where} order by p.recognition_id desc limit ${take})`;
    sides = q.direction === 'given' ? [given] : q.direction === 'received' ? [received] : [given, received];
  } else if (q.valueId !== undefined) {
    if (q.storeId !== undefined) conditions.push(byStore);
    const where = sql.join(conditions, sql` and `);
    sides = [
      sql`(select r.id from peer_recognition_values v join peer_recognitions r on r.id = v.recognition_id
        where v.value_id = ${q.valueId} and ${where} order by v.recognition_id desc limit ${take})`,
    ];
  } else if (q.storeId !== undefined) {
    const where = sql.join(conditions, sql` and `);
    sides = [
      sql`(select r.id from peer_recognitions r where r.store_id = ${q.storeId} and ${where} order by r.id desc limit ${take})`,
      sql`(select r.id from peer_recognition_recipients p join peer_recognitions r on r.id = p.recognition_id
        where p.store_id = ${q.storeId} and ${where} order by p.recognition_id desc limit ${take})`,
    ];
  } else {
    const where = sql.join(conditions, sql` and `);
    sides = [sql`(select r.id from peer_recognitions r where ${where} order by r.id desc limit ${take})`];
  }
  // The page's ids (one more than the page says whether another follows), then the first `limit` cards.
  const rows = await hotRows<CardRow & { found: number }>(
    db,
    sql`
    with page as (select distinct id from (${sql.join(sides, sql` union all `)}) x order by id desc limit ${take})
    select ${cardColumns(viewer.id, FEED_COMMENTS)}, (select count(*)::int from page) as found
    from (select id from page order by id desc limit ${q.limit}) pg join peer_recognitions r on r.id = pg.id
    order by r.id desc`,
  );
  const data = rows.map(card);
  const more = rows.length > 0 && Number(rows[0]!.found) > q.limit;
  return { data, nextCursor: more ? String(data[data.length - 1]!.id) : null };
}

/** One recognition the viewer may see, with all its comments; 404 otherwise. */
export async function getRecognition(db: DbOrTx, viewer: Viewer, id: number): Promise<Recognition> {
  return (await recognitionFor(db, viewer, id)).recognition;
}

/**
 * One recognition the viewer may see, with all its comments, and who may hear of a write to it; 404
 * otherwise. One statement.
 */
export async function recognitionFor(
  db: DbOrTx,
  viewer: Viewer,
  id: number,
): Promise<{ recognition: Recognition; announce: (kind: FeedEventKind) => FeedAnnouncement }> {
  const rows = await hotRows<CardRow>(
    db,
    sql`
    select ${cardColumns(viewer.id, null)}, ${audienceColumns}
    from peer_recognitions r where r.id = ${id} and ${visibleTo(viewer)}`,
  );
  const row = rows[0];
  if (!row) throw notFound();
  return { recognition: card(row), announce: (kind) => announcementOf(kind, row) };
}

/** The columns that say who may hear of a write to recognition `r` (for a statement that writes to it). */
export const announcementColumns = sql`r.id, r.private, ${audienceColumns}`;

/**
 * Colleagues to recognise: active people of any store (not store accounts, not the caller) whose name or
 * e-mail contains the text, accents and case aside; by name, at most `limit`.
 */
export async function searchPeople(
  db: DbOrTx,
  p: { viewerId: number; q: string; id?: number; limit: number },
): Promise<PeerPersonResult[]> {
  const like = `%${p.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await db.execute<PersonRow & { store_id: number | null }>(sql`
    select ${personColumns('u', 'st')}, u.store_id
    from users u left join stores st on st.id = u.store_id
    where u.active = 1 and not u.is_store and u.id <> ${p.viewerId}
      ${p.q ? sql`and unaccent(concat_ws(' ', u.name, u.last_name, u.email)) ilike unaccent(${like}::text)` : sql``}
      ${p.id === undefined ? sql`` : sql`and u.id = ${p.id}`}
    order by u.name, u.last_name, u.id
    limit ${p.limit}`);
  return rows.map((r) => ({ ...person(r), storeId: r.store_id === null ? null : Number(r.store_id) }));
}
