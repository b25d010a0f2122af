import { z } from 'zod';
import { dateSchema, queryId } from './common.ts';

/** Active products with this many units or fewer are listed as low stock. */
export const LOW_STOCK_THRESHOLD = 5;
/** The longest list of low-stock products the dashboard returns (`lowStock.count` has them all). */
export const LOW_STOCK_LIMIT = 20;
/** Top products and top recognitions: how many of each. */
export const DASHBOARD_TOP = 5;
/** The longest period the dashboard covers, in days (two program years). */
export const DASHBOARD_MAX_DAYS = 731;
/** Periods up to this many days are charted by week, longer ones by month. */
export const DASHBOARD_WEEKLY_MAX_DAYS = 92;

/**
 * `GET /api/dashboard`: a store (administrators of that store), or every store when a super
 * administrator leaves `storeId` out. `from` and `to` are whole local days of the program time zone;
 * each defaults to its end of the program year that contains today.
 */
export const dashboardQuerySchema = z
  .object({
    storeId: queryId.optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  })
  .strict();
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const count = z.number().int().nonnegative();
/** Sums of points are whole numbers that may pass int32 when many users add up. */
const points = z.number().int();

export const dashboardBuckets = ['week', 'month'] as const;
export type DashboardBucket = (typeof dashboardBuckets)[number];

export const dashboardSchema = z.object({
  /** `null`: every store. */
  storeId: z.number().int().nullable(),
  period: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    timeZone: z.string(),
    /** The program year that contains today (the default period). */
    programYear: z.object({ from: z.iso.date(), to: z.iso.date() }),
    /** How `loadsOverTime` is grouped: ISO weeks (Monday) for short periods, months otherwise. */
    bucket: z.enum(dashboardBuckets),
  }),
  /**
   * The points ledger of the store's users (users.store_id today) in the period; every store: all users.
   * issued - redeemed - expired - deducted is what the period added to the balances; with the default
   * period (a program year starts after the expiry took every balance to 0) it equals `outstanding`.
   */
  points: z.object({
    /** Credits: loads + challenges + peer recognition + celebrations + company-funded awards + positive adjustments. */
    issued: points,
    /**
     * `recognition`: what colleagues gave the store's users from their giving allowances (A6.16);
     * `celebration`: the company's points on their birthdays, work anniversaries and first days (A6.17);
     * `award`: company-funded awards from budgets (A6.19).
     */
    issuedByKind: z.object({
      load: points,
      challenge: points,
      recognition: points,
      celebration: points,
      award: points,
      adjustment: points,
    }),
    /** Orders net of refunds: points spent on orders minus points returned by cancellations. */
    redeemed: points,
    /** Points spent on orders (before refunds). */
    ordered: points,
    /** Points returned by canceled orders. */
    refunded: points,
    /** Points taken by the yearly expiry (16 October by default). */
    expired: points,
    /** Points removed by administrators' negative adjustments. */
    deducted: points,
    /** Sum of the balances of the store's users now, whatever the period. */
    outstanding: points,
  }),
  /** Orders placed in the store in the period, by their current status; every status is listed. */
  orders: z.object({
    count,
    byStatus: z.array(z.object({ status: z.number().int(), count, points })),
  }),
  /** Most ordered products in the period (canceled orders left out): units, then points. */
  topProducts: z.array(
    z.object({ productId: z.number().int(), storeId: z.number().int(), name: z.string(), nameEn: z.string(), units: count, points }),
  ),
  /** Recognitions most credited by bulk loads of the store in the period: entries, then points. */
  topRecognitions: z.array(
    z.object({ rewardId: z.number().int(), storeId: z.number().int(), name: z.string(), nameEn: z.string(), entries: count, points }),
  ),
  /** Points credited to the store's users per bucket (local start date), by kind; empty buckets are 0. */
  loadsOverTime: z.array(z.object({ period: z.iso.date(), load: points, challenge: points, recognition: points })),
  /**
   * Peer recognition in the period (docs/architecture.md A6.16), given by the store's users (users.store_id
   * today): `people` are its active people (not store accounts), `givers` those of them who gave
   * (`giverShare`, 0 to 1); `recognitions` and `addons` given, and the points they gave (each recipient's).
   */
  peer: z.object({
    people: count,
    givers: count,
    giverShare: z.number().min(0).max(1),
    recognitions: count,
    addons: count,
    points,
  }),
  /**
   * `total`: the store's active accounts (active = 1); `active`: those with a ledger movement other than
   * the expiry (a credit, an order, a refund, an adjustment) in the period.
   */
  users: z.object({ total: count, active: count }),
  /** Active products with stock <= threshold, fewest first (at most LOW_STOCK_LIMIT; `count` is all of them). */
  lowStock: z.object({
    threshold: z.number().int(),
    count,
    products: z.array(
      z.object({ productId: z.number().int(), storeId: z.number().int(), name: z.string(), nameEn: z.string(), stock: count }),
    ),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
