import { sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_MAX_DAYS,
  DASHBOARD_TOP,
  DASHBOARD_WEEKLY_MAX_DAYS,
  LOW_STOCK_LIMIT,
  LOW_STOCK_THRESHOLD,
  type Dashboard,
  type DashboardBucket,
} from '@rewards/shared/dashboard';
import { OrderStatus } from '@rewards/shared/enums';
import { addDays } from '@rewards/shared/program';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { programCalendar, startOfLocalDay, type CalendarRules } from '../../lib/calendar.ts';

export interface DashboardInput {
  /** `null`: every store (super administrators). */
  storeId: number | null;
  from?: string;
  to?: string;
  now: Date;
  rules: CalendarRules;
}

interface Period {
  from: string;
  to: string;
  /** [start, end) as instants: the first local day's start to the start of the day after the last. */
  start: string;
  end: string;
  bucket: DashboardBucket;
}

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The period asked for, each end defaulting to the program year's; refused when reversed or too long. */
export function dashboardPeriod(input: Pick<DashboardInput, 'from' | 'to' | 'now' | 'rules'>) {
  const calendar = programCalendar(input.now, input.rules);
  const from = input.from ?? calendar.year.from;
  const to = input.to ?? calendar.year.to;
  if (from > to)
    throw new AppError('VALIDATION_FAILED', [
      { field: input.to ? 'querystring.to' : 'querystring.from', message: 'The period must end on or after its start', code: 'custom' },
    ]);
  const days = dayCount(from, to);
  if (days > DASHBOARD_MAX_DAYS)
    throw new AppError('VALIDATION_FAILED', [
      { field: 'querystring.from', message: `The period must be at most ${DASHBOARD_MAX_DAYS} days`, code: 'too_big' },
    ]);
  const period: Period = {
    from,
    to,
    start: startOfLocalDay(from, input.rules.timeZone).toISOString(),
    end: startOfLocalDay(addDays(to, 1), input.rules.timeZone).toISOString(),
    bucket: days <= DASHBOARD_WEEKLY_MAX_DAYS ? 'week' : 'month',
  };
  return { period, programYear: calendar.year };
}

/** Drivers hand sums back as numbers, strings (pg's int8) or bigints (PGlite): one number. */
const num = (v: unknown): number => Number(v ?? 0);

/** `and <column> = storeId`, or nothing for every store. */
const inStore = (column: SQL, storeId: number | null) => (storeId === null ? sql`` : sql`and ${column} = ${storeId}`);

/**
 * The store's ledger in the period, by kind, and how many of its active users moved points. A
 * movement belongs to the store of its holder (users.store_id), the same users whose balances make
 * `outstanding`: for one store, the index on (user_id, created_at) serves each user.
 */
function ledgerFigures(db: DbOrTx, storeId: number | null, p: Period) {
  type Kinds =
    | 'load'
    | 'challenge'
    | 'recognition'
    | 'celebration'
    | 'award'
    | 'adjustment'
    | 'deducted'
    | 'ordered'
    | 'refunded'
    | 'expired'
    | 'active_users';
  return db.execute<Record<Kinds, unknown>>(sql`
    select
      coalesce(sum(pt.value) filter (where pt.kind = 'load'), 0)::bigint as load,
      coalesce(sum(pt.value) filter (where pt.kind = 'challenge'), 0)::bigint as challenge,
      coalesce(sum(pt.value) filter (where pt.kind = 'recognition'), 0)::bigint as recognition,
      coalesce(sum(pt.value) filter (where pt.kind = 'celebration'), 0)::bigint as celebration,
      coalesce(sum(pt.value) filter (where pt.kind = 'award'), 0)::bigint as award,
      coalesce(sum(pt.value) filter (where pt.kind = 'adjustment' and pt.value > 0), 0)::bigint as adjustment,
      coalesce(-sum(pt.value) filter (where pt.kind = 'adjustment' and pt.value < 0), 0)::bigint as deducted,
      coalesce(-sum(pt.value) filter (where pt.kind = 'order'), 0)::bigint as ordered,
      coalesce(sum(pt.value) filter (where pt.kind = 'refund'), 0)::bigint as refunded,
      coalesce(-sum(pt.value) filter (where pt.kind = 'expiry'), 0)::bigint as expired,
      count(distinct pt.user_id) filter (where pt.kind <> 'expiry' and u.active = 1)::int as active_users
    from point_transactions pt
    join users u on u.id = pt.user_id
    where pt.created_at >= ${p.start}::timestamptz and pt.created_at < ${p.end}::timestamptz ${inStore(sql`u.store_id`, storeId)}`);
}

/** Balances now and the store's active accounts. */
function userFigures(db: DbOrTx, storeId: number | null) {
  return db.execute<Record<'total' | 'outstanding', unknown>>(sql`
    select count(*) filter (where u.active = 1)::int as total, coalesce(sum(u.points), 0)::bigint as outstanding
    from users u
    where true ${inStore(sql`u.store_id`, storeId)}`);
}

/** Orders placed in the store in the period, counted under their current status; every status appears. */
function ordersByStatus(db: DbOrTx, storeId: number | null, p: Period) {
  return db.execute<Record<'status' | 'count' | 'points' | 'total', unknown>>(sql`
    select st.status::int as status, count(o.id)::int as count, coalesce(sum(o.total), 0)::bigint as points,
      sum(count(o.id)) over ()::int as total
    from generate_series(${OrderStatus.Pending}::int, ${OrderStatus.Canceled}::int) as st(status)
    left join orders o on o.status = st.status
      and o.created_at >= ${p.start}::timestamptz and o.created_at < ${p.end}::timestamptz ${inStore(sql`o.store_id`, storeId)}
    group by st.status
    order by st.status`);
}

function topProducts(db: DbOrTx, storeId: number | null, p: Period) {
  return db.execute<Record<'product_id' | 'store_id' | 'name' | 'name_en' | 'units' | 'points', unknown>>(sql`
    select p.id as product_id, p.store_id, p.name, p.name_en,
      sum(l.quantity)::bigint as units, sum(l.quantity::bigint * l.price)::bigint as points
    from orders o
    join order_lines l on l.order_id = o.id
    join products p on p.id = l.product_id
    where o.status <> ${OrderStatus.Canceled}
      and o.created_at >= ${p.start}::timestamptz and o.created_at < ${p.end}::timestamptz ${inStore(sql`o.store_id`, storeId)}
    group by p.id, p.store_id, p.name, p.name_en
    order by units desc, points desc, p.id
    limit ${DASHBOARD_TOP}`);
}

/** Recognitions of the store's bulk loads in the period (the entry's recognition, else the load's). */
function topRecognitions(db: DbOrTx, storeId: number | null, p: Period) {
  return db.execute<Record<'reward_id' | 'store_id' | 'name' | 'name_en' | 'entries' | 'points', unknown>>(sql`
    select r.id as reward_id, r.store_id, r.name, r.name_en, count(*)::int as entries, coalesce(sum(e.points), 0)::bigint as points
    from loads ld
    join load_entries e on e.load_id = ld.id
    join rewards r on r.id = coalesce(e.reward_id, ld.reward_id)
    where ld.created_at >= ${p.start}::timestamptz and ld.created_at < ${p.end}::timestamptz ${inStore(sql`ld.store_id`, storeId)}
    group by r.id, r.store_id, r.name, r.name_en
    order by entries desc, points desc, r.id
    limit ${DASHBOARD_TOP}`);
}

/**
 * Points credited (loads, challenges, peer recognition) to the store's users per week or month of the
 * period, in the program time zone; buckets without credits are listed with 0.
 */
function loadsOverTime(db: DbOrTx, storeId: number | null, p: Period, timeZone: string) {
  // Only 'week' or 'month' (an enum), written into the statement: date_trunc and the step need a literal.
  const unit = sql.raw(`'${p.bucket}'`);
  const step = sql.raw(`interval '1 ${p.bucket}'`);
  return db.execute<Record<'period' | 'load' | 'challenge' | 'recognition', unknown>>(sql`
    with credited as (
      select date_trunc(${unit}, pt.created_at at time zone ${timeZone}) as bucket,
        sum(pt.value) filter (where pt.kind = 'load') as load,
        sum(pt.value) filter (where pt.kind = 'challenge') as challenge,
        sum(pt.value) filter (where pt.kind = 'recognition') as recognition
      from point_transactions pt
      join users u on u.id = pt.user_id
      where pt.kind in ('load', 'challenge', 'recognition')
        and pt.created_at >= ${p.start}::timestamptz and pt.created_at < ${p.end}::timestamptz ${inStore(sql`u.store_id`, storeId)}
      group by 1
    )
    select to_char(b.bucket, 'YYYY-MM-DD') as period,
      coalesce(c.load, 0)::bigint as load, coalesce(c.challenge, 0)::bigint as challenge,
      coalesce(c.recognition, 0)::bigint as recognition
    from generate_series(date_trunc(${unit}, ${p.from}::date::timestamp), ${p.to}::date::timestamp, ${step}) as b(bucket)
    left join credited c on c.bucket = b.bucket
    order by b.bucket`);
}

/**
 * Peer recognition given in the period by the store's people (users.store_id today, as the ledger's
 * figures): recognitions and add-ons, the points they gave (points x recipients), and how many of the
 * store's active people (not store accounts) gave at least once. The company's celebrations
 * (docs/architecture.md A6.17) are not gives.
 */
function peerFigures(db: DbOrTx, storeId: number | null, p: Period) {
  const inPeriod = (column: SQL) => sql`${column} >= ${p.start}::timestamptz and ${column} < ${p.end}::timestamptz`;
  return db.execute<Record<'people' | 'givers' | 'recognitions' | 'addons' | 'points', unknown>>(sql`
    with gives as (
      select r.giver_id, 1 as recognition, 0 as addon, r.points * (select count(*) from peer_recognition_recipients rr where rr.recognition_id = r.id) as points
      from peer_recognitions r
      where r.kind = 'recognition' and ${inPeriod(sql`r.created_at`)}
      union all
      select ad.giver_id, 0, 1, ad.points * (select count(*) from peer_recognition_recipients rr where rr.recognition_id = ad.recognition_id)
      from peer_addons ad
      where ${inPeriod(sql`ad.created_at`)}
    ),
    store_gives as (
      select g.* from gives g join users u on u.id = g.giver_id where true ${inStore(sql`u.store_id`, storeId)}
    )
    select
      (select count(*) from users u where u.active = 1 and not u.is_store ${inStore(sql`u.store_id`, storeId)})::int as people,
      (select count(distinct u.id) from store_gives g join users u on u.id = g.giver_id where u.active = 1 and not u.is_store)::int as givers,
      (select coalesce(sum(g.recognition), 0) from store_gives g)::int as recognitions,
      (select coalesce(sum(g.addon), 0) from store_gives g)::int as addons,
      (select coalesce(sum(g.points), 0) from store_gives g)::bigint as points`);
}

function lowStock(db: DbOrTx, storeId: number | null) {
  return db.execute<Record<'product_id' | 'store_id' | 'name' | 'name_en' | 'stock' | 'total', unknown>>(sql`
    select p.id as product_id, p.store_id, p.name, p.name_en, p.stock, count(*) over ()::int as total
    from products p
    where p.active and p.stock <= ${LOW_STOCK_THRESHOLD} ${inStore(sql`p.store_id`, storeId)}
    order by p.stock, coalesce(nullif(btrim(p.name), ''), p.name_en), p.id
    limit ${LOW_STOCK_LIMIT}`);
}

/**
 * The administrator's dashboard: every figure is an aggregate computed by the database, eight
 * statements run side by side (PostgreSQL runs them on separate connections; PGlite one after another).
 */
export async function getDashboard(db: DbOrTx, input: DashboardInput): Promise<Dashboard> {
  const { period: p, programYear } = dashboardPeriod(input);
  const { storeId } = input;
  const [ledger, users, orders, products, recognitions, overTime, low, peer] = await Promise.all([
    ledgerFigures(db, storeId, p),
    userFigures(db, storeId),
    ordersByStatus(db, storeId, p),
    topProducts(db, storeId, p),
    topRecognitions(db, storeId, p),
    loadsOverTime(db, storeId, p, input.rules.timeZone),
    lowStock(db, storeId),
    peerFigures(db, storeId, p),
  ]);
  const l = ledger.rows[0]!;
  const u = users.rows[0]!;
  const issuedByKind = {
    load: num(l.load),
    challenge: num(l.challenge),
    recognition: num(l.recognition),
    celebration: num(l.celebration),
    award: num(l.award),
    adjustment: num(l.adjustment),
  };
  const g = peer.rows[0]!;
  const people = num(g.people);
  const byStatus = orders.rows.map((r) => ({ status: num(r.status), count: num(r.count), points: num(r.points) }));
  return {
    storeId,
    period: { from: p.from, to: p.to, timeZone: input.rules.timeZone, programYear, bucket: p.bucket },
    points: {
      issued:
        issuedByKind.load +
        issuedByKind.challenge +
        issuedByKind.recognition +
        issuedByKind.celebration +
        issuedByKind.award +
        issuedByKind.adjustment,
      issuedByKind,
      redeemed: num(l.ordered) - num(l.refunded),
      ordered: num(l.ordered),
      refunded: num(l.refunded),
      expired: num(l.expired),
      deducted: num(l.deducted),
      outstanding: num(u.outstanding),
    },
    orders: { count: num(orders.rows[0]?.total), byStatus },
    topProducts: products.rows.map((r) => ({
      productId: num(r.product_id),
      storeId: num(r.store_id),
      name: String(r.name),
      nameEn: String(r.name_en),
      units: num(r.units),
      points: num(r.points),
    })),
    topRecognitions: recognitions.rows.map((r) => ({
      rewardId: num(r.reward_id),
      storeId: num(r.store_id),
      name: String(r.name),
      nameEn: String(r.name_en),
      entries: num(r.entries),
      points: num(r.points),
    })),
    loadsOverTime: overTime.rows.map((r) => ({
      period: String(r.period),
      load: num(r.load),
      challenge: num(r.challenge),
      recognition: num(r.recognition),
    })),
    peer: {
      people,
      givers: num(g.givers),
      giverShare: people === 0 ? 0 : Math.round((num(g.givers) / people) * 10_000) / 10_000,
      recognitions: num(g.recognitions),
      addons: num(g.addons),
      points: num(g.points),
    },
    users: { total: num(u.total), active: num(l.active_users) },
    lowStock: {
      threshold: LOW_STOCK_THRESHOLD,
      count: num(low.rows[0]?.total),
      products: low.rows.map((r) => ({
        productId: num(r.product_id),
        storeId: num(r.store_id),
        name: String(r.name),
        nameEn: String(r.name_en),
        stock: num(r.stock),
      })),
    },
  };
}
