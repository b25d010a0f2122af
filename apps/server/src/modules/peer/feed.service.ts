import { sql, type SQL } from 'drizzle-orm';
import { FEED_COMMENTS, isPeerReaction, type PeerPersonResult, type Recognition, type RecognitionPage } from '@rewards/shared/peer-rules';
import type { FeedQuery } from '@rewards/shared/peer';
import { Role } from '@rewards/shared/enums';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { intArray } from '../../lib/sql-arrays.ts';

/**
 * The recognition feed (docs/architecture.md A6.16): newest first, paged by id, with what each card shows.
 * A private recognition is seen only by its giver, its recipients, the administrators of the giver's or a
 * recipient's store and super administrators, and that is decided in the query itself (`visibleTo`), so a
 * page is never short or wrong whatever the mix of private ones.
 */

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
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/**
 * One page of the feed the viewer may see, newest first. Filters: a value, a person (what they gave,
 * received, or both), a store (given from it or received in it). The page is chosen in one query that starts
 * from the most selective filter's index and stops after `limit + 1` rows.
 */
export async function listRecognitions(db: DbOrTx, viewer: Viewer, q: FeedQuery): Promise<RecognitionPage> {
  const take = q.limit + 1;
  const conditions: SQL[] = [q.cursor === undefined ? sql`true` : sql`r.id < ${q.cursor}`, visibleTo(viewer)];
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
  const { rows } = await db.execute<{ id: number }>(
    sql`select distinct id from (${sql.join(sides, sql` union all `)}) x order by id desc limit ${take}`,
  );
  const ids = rows.map((r) => Number(r.id));
  const more = ids.length > q.limit;
  const page = more ? ids.slice(0, q.limit) : ids;
  return { data: await hydrate(db, viewer.id, page, FEED_COMMENTS), nextCursor: more ? String(page[page.length - 1]) : null };
}

/** One recognition the viewer may see, with all its comments; 404 otherwise. */
export async function getRecognition(db: DbOrTx, viewer: Viewer, id: number): Promise<Recognition> {
  await assertVisible(db, viewer, id);
  const [item] = await hydrate(db, viewer.id, [id], null);
  if (!item) throw notFound();
  return item;
}

/** 404 unless the recognition exists and the viewer may see it. */
export async function assertVisible(db: DbOrTx, viewer: Viewer, id: number): Promise<{ giverId: number; recipients: number[] }> {
  const { rows } = await db.execute<{ giver_id: number; recipients: number[] }>(sql`
    select r.giver_id, array(select p.user_id from peer_recognition_recipients p where p.recognition_id = r.id order by p.user_id) as recipients
    from peer_recognitions r where r.id = ${id} and ${visibleTo(viewer)}`);
  const row = rows[0];
  if (!row) throw notFound();
  return { giverId: Number(row.giver_id), recipients: (row.recipients ?? []).map(Number) };
}

/** The cards of these recognitions, in this order; `comments`: the latest so many (null: all). */
async function hydrate(db: DbOrTx, viewerId: number, ids: readonly number[], comments: number | null): Promise<Recognition[]> {
  if (ids.length === 0) return [];
  const list = sql`${intArray(ids)}::int[]`;
  const [heads, recipients, values, commentRows, counts, addons, reactions] = await Promise.all([
    db.execute<PersonRow & { rid: number; points: number; message: string; private: boolean; created_at: unknown }>(sql`
      select r.id as rid, r.points, r.message, r.private, r.created_at, ${personColumns('u', 'st')}
      from peer_recognitions r join users u on u.id = r.giver_id left join stores st on st.id = u.store_id
      where r.id = any(${list})`),
    db.execute<PersonRow & { rid: number }>(sql`
      select p.recognition_id as rid, ${personColumns('u', 'st')}
      from peer_recognition_recipients p join users u on u.id = p.user_id left join stores st on st.id = u.store_id
      where p.recognition_id = any(${list}) order by p.recognition_id, u.name, u.last_name, u.id`),
    db.execute<{ rid: number; id: number; name: string; name_en: string; emoji: string | null; color: string | null }>(sql`
      select pv.recognition_id as rid, v.id, v.name, v.name_en, v.emoji, v.color
      from peer_recognition_values pv join company_values v on v.id = pv.value_id
      where pv.recognition_id = any(${list}) order by pv.recognition_id, v.position, v.id`),
    db.execute<PersonRow & { rid: number; cid: number; message: string; created_at: unknown }>(sql`
      select c.recognition_id as rid, c.id as cid, c.message, c.created_at, ${personColumns('u', 'st')}
      from unnest(${list}) as x(id)
      cross join lateral (select * from peer_comments c where c.recognition_id = x.id order by c.id desc
        ${comments === null ? sql`` : sql`limit ${comments}`}) c
      join users u on u.id = c.user_id left join stores st on st.id = u.store_id
      order by c.recognition_id, c.id`),
    db.execute<{ rid: number; n: number }>(sql`
      select recognition_id as rid, count(*)::int as n from peer_comments where recognition_id = any(${list}) group by recognition_id`),
    db.execute<PersonRow & { rid: number; aid: number; points: number; message: string | null; created_at: unknown }>(sql`
      select a.recognition_id as rid, a.id as aid, a.points, a.message, a.created_at, ${personColumns('u', 'st')}
      from peer_addons a join users u on u.id = a.giver_id left join stores st on st.id = u.store_id
      where a.recognition_id = any(${list}) order by a.recognition_id, a.id`),
    db.execute<{ rid: number; emoji: string; n: number; mine: boolean }>(sql`
      select recognition_id as rid, emoji, count(*)::int as n, bool_or(user_id = ${viewerId}) as mine
      from peer_reactions where recognition_id = any(${list}) group by recognition_id, emoji`),
  ]);
  const by = <T extends { rid: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const row of rows) {
      const key = Number(row.rid);
      const bucket = map.get(key);
      if (bucket) bucket.push(row);
      else map.set(key, [row]);
    }
    return map;
  };
  const recipientsOf = by(recipients.rows);
  const valuesOf = by(values.rows);
  const commentsOf = by(commentRows.rows);
  const addonsOf = by(addons.rows);
  const reactionsOf = by(reactions.rows);
  const countOf = new Map(counts.rows.map((c) => [Number(c.rid), Number(c.n)]));
  const headOf = new Map(heads.rows.map((h) => [Number(h.rid), h]));
  const reactionOrder = ['clap', 'heart', 'party', 'star', 'thumbsup', 'fire'];
  return ids.flatMap((id) => {
    const h = headOf.get(id);
    if (!h) return [];
    const people = (recipientsOf.get(id) ?? []).map(person);
    const addonList = (addonsOf.get(id) ?? []).map((a) => ({
      id: Number(a.aid),
      recognitionId: id,
      giver: person(a),
      points: Number(a.points),
      message: a.message,
      createdAt: iso(a.created_at),
    }));
    const perPerson = Number(h.points) + addonList.reduce((n, a) => n + a.points, 0);
    return [
      {
        id,
        giver: person(h),
        recipients: people,
        points: Number(h.points),
        totalPoints: perPerson * people.length,
        message: h.message,
        values: (valuesOf.get(id) ?? []).map((v) => ({
          id: Number(v.id),
          name: v.name,
          nameEn: v.name_en,
          emoji: v.emoji,
          color: v.color,
        })),
        private: Boolean(h.private),
        createdAt: iso(h.created_at),
        comments: (commentsOf.get(id) ?? []).map((c) => ({
          id: Number(c.cid),
          recognitionId: id,
          author: person(c),
          message: c.message,
          createdAt: iso(c.created_at),
        })),
        commentCount: countOf.get(id) ?? 0,
        addons: addonList,
        reactions: (reactionsOf.get(id) ?? [])
          .filter((r) => isPeerReaction(r.emoji))
          .sort((a, b) => reactionOrder.indexOf(a.emoji) - reactionOrder.indexOf(b.emoji))
          .map((r) => ({ emoji: r.emoji as Recognition['reactions'][number]['emoji'], count: Number(r.n), mine: Boolean(r.mine) })),
      },
    ];
  });
}

/**
 * Colleagues to recognise: active people of any store (not store accounts, not the caller) whose name or
 * e-mail contains the text, accents and case aside; by name, at most `limit`.
 */
export async function searchPeople(db: DbOrTx, p: { viewerId: number; q: string; limit: number }): Promise<PeerPersonResult[]> {
  const like = `%${p.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await db.execute<PersonRow & { store_id: number | null }>(sql`
    select ${personColumns('u', 'st')}, u.store_id
    from users u left join stores st on st.id = u.store_id
    where u.active = 1 and not u.is_store and u.id <> ${p.viewerId}
      ${p.q ? sql`and unaccent(concat_ws(' ', u.name, u.last_name, u.email)) ilike unaccent(${like}::text)` : sql``}
    order by u.name, u.last_name, u.id
    limit ${p.limit}`);
  return rows.map((r) => ({ ...person(r), storeId: r.store_id === null ? null : Number(r.store_id) }));
}
