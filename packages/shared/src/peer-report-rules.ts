// No zod here: the web's report page reads these (docs/decisions/0028-light-first-paint.md). The zod schemas
// of the same shapes are in peer-report.ts (the server's and the OpenAPI document's).
import type { GivingPeriod } from './peer-rules.ts';

/**
 * The giving report of a store (docs/architecture.md A6.16): who gave and received peer recognition in a
 * period of local days of the program time zone, from the gives themselves (recognitions and add-ons).
 *
 * - GET /api/peer/stores/{id}/report?from&to&threshold: the figures below.
 * - GET /api/peer/stores/{id}/report/export?format=xlsx|csv&from&to: one row per give and recipient.
 */
export const peerReportApi = {
  report: (storeId: number) => `/api/peer/stores/${storeId}/report`,
  export: (storeId: number) => `/api/peer/stores/${storeId}/report/export`,
} as const;

/** How many givers and receivers the top lists hold. */
export const REPORT_TOP = 10;
/** The reciprocal pairs' default threshold: both directions at least this many points. */
export const RECIPROCAL_THRESHOLD_DEFAULT = 50;
export const RECIPROCAL_THRESHOLD_MAX = 1_000_000;
/** The most reciprocal pairs the report lists (`reciprocalCount` has them all). */
export const RECIPROCAL_LIMIT = 50;
/** The longest period a report covers, in days. */
export const REPORT_MAX_DAYS = 366;

/** The export's formats. */
export const reportFormats = ['xlsx', 'csv'] as const;
export type ReportFormat = (typeof reportFormats)[number];

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/**
 * The giving period (week from Monday, month, quarter) that holds a local day `YYYY-MM-DD`: its first and
 * last days, as rs_allowance_reset computes them in the database.
 */
export function givingPeriodOf(day: string, period: GivingPeriod): { from: string; to: string } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  if (period === 'week') {
    const date = new Date(Date.UTC(y, m - 1, d));
    const back = (date.getUTCDay() + 6) % 7;
    const start = new Date(Date.UTC(y, m - 1, d - back));
    const end = new Date(Date.UTC(y, m - 1, d - back + 6));
    return { from: dayOf(start), to: dayOf(end) };
  }
  const first = period === 'quarter' ? Math.floor((m - 1) / 3) * 3 : m - 1;
  const months = period === 'quarter' ? 3 : 1;
  return { from: dayOf(new Date(Date.UTC(y, first, 1))), to: dayOf(new Date(Date.UTC(y, first + months, 0))) };
}

// ---- Shapes of the API (the zod schemas in peer-report.ts answer exactly these) ----

export interface ReportPerson {
  id: number;
  name: string;
  email: string;
  /** Their store's title today (null: none). */
  office: string | null;
}

/** A giver or receiver of the top lists: points given (or received) and how many gives. */
export interface ReportRank {
  person: ReportPerson;
  points: number;
  count: number;
}

/**
 * One office of the gives in the report: what its people gave (gives whose giver was of that office when
 * giving) and received (recipients of that office), in gives and in points.
 */
export interface ReportOffice {
  /** null: people without an office. */
  storeId: number | null;
  title: string | null;
  gave: number;
  pointsGiven: number;
  received: number;
  pointsReceived: number;
}

/** Two people who recognised each other in the period, each way at least the threshold (`a` has the lower id). */
export interface ReciprocalPair {
  a: ReportPerson;
  b: ReportPerson;
  aToB: number;
  bToA: number;
  /** Gives each way. */
  aToBCount: number;
  bToACount: number;
}

export interface PeerReport {
  storeId: number;
  period: {
    from: string;
    to: string;
    timeZone: string;
    /** The store's giving period that holds today (the default period). */
    current: { from: string; to: string };
  };
  /**
   * The store's active people (not store accounts) today, and how many of them gave or received in the
   * period; shares are 0 to 1 (0 when the store has nobody).
   */
  participation: {
    activePeople: number;
    givers: number;
    receivers: number;
    giverShare: number;
    receiverShare: number;
  };
  /** The gives in the report: from or to someone of the store (its office when they gave or received). */
  totals: {
    /** Recognitions and add-ons. */
    gives: number;
    recognitions: number;
    addons: number;
    /** One per give and recipient. */
    recipients: number;
    /** What the recipients received in all. */
    points: number;
    /** Gives on a private recognition. */
    private: number;
  };
  /** The store's people who gave the most points in the period (then most gives). */
  topGivers: ReportRank[];
  /** The store's people who received the most points in the period. */
  topReceivers: ReportRank[];
  /** Every office of the gives in the report, the store's first. */
  offices: ReportOffice[];
  threshold: number;
  /** Most points first (the lower direction), at most RECIPROCAL_LIMIT. */
  reciprocal: ReciprocalPair[];
  reciprocalCount: number;
}
