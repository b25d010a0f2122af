import { z } from 'zod';
import { dateSchema, queryInt } from './common.ts';
import {
  RECIPROCAL_THRESHOLD_DEFAULT,
  RECIPROCAL_THRESHOLD_MAX,
  reportFormats,
  type PeerReport,
  type ReciprocalPair,
  type ReportOffice,
  type ReportPerson,
  type ReportRank,
} from './peer-report-rules.ts';

export * from './peer-report-rules.ts';

/*
 * The giving report's API (docs/architecture.md A6.16): the zod schemas of the server and the OpenAPI
 * document. The shapes are the zod-free types of peer-report-rules.ts, which the web reads; each schema here
 * is held to its type.
 */

/** The period: local days of the program time zone, both included; each left out is the current giving period's. */
const periodFilters = {
  from: dateSchema.optional(),
  to: dateSchema.optional(),
};

export const peerReportQuerySchema = z
  .object({
    ...periodFilters,
    /** Reciprocal pairs: both directions at least this many points. */
    threshold: queryInt(1, RECIPROCAL_THRESHOLD_MAX).default(RECIPROCAL_THRESHOLD_DEFAULT),
  })
  .strict();
export type PeerReportQuery = z.infer<typeof peerReportQuerySchema>;

export const peerReportExportQuerySchema = z.object({ ...periodFilters, format: z.enum(reportFormats).default('xlsx') }).strict();
export type PeerReportExportQuery = z.infer<typeof peerReportExportQuerySchema>;

const count = z.number().int().nonnegative();
/** Sums of points may pass int32 when many gives add up. */
const points = z.number().int();
const localDay = z.iso.date();

export const reportPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  office: z.string().nullable(),
}) satisfies z.ZodType<ReportPerson>;

export const reportRankSchema = z.object({ person: reportPersonSchema, points, count }) satisfies z.ZodType<ReportRank>;

export const reportOfficeSchema = z.object({
  storeId: z.number().int().nullable(),
  title: z.string().nullable(),
  gave: count,
  pointsGiven: points,
  received: count,
  pointsReceived: points,
}) satisfies z.ZodType<ReportOffice>;

export const reciprocalPairSchema = z.object({
  a: reportPersonSchema,
  b: reportPersonSchema,
  aToB: points,
  bToA: points,
  aToBCount: count,
  bToACount: count,
}) satisfies z.ZodType<ReciprocalPair>;

export const peerReportSchema = z.object({
  storeId: z.number().int(),
  period: z.object({
    from: localDay,
    to: localDay,
    timeZone: z.string(),
    current: z.object({ from: localDay, to: localDay }),
  }),
  participation: z.object({
    activePeople: count,
    givers: count,
    receivers: count,
    giverShare: z.number().min(0).max(1),
    receiverShare: z.number().min(0).max(1),
  }),
  totals: z.object({ gives: count, recognitions: count, addons: count, recipients: count, points, private: count }),
  topGivers: z.array(reportRankSchema),
  topReceivers: z.array(reportRankSchema),
  offices: z.array(reportOfficeSchema),
  threshold: z.number().int(),
  reciprocal: z.array(reciprocalPairSchema),
  reciprocalCount: count,
}) satisfies z.ZodType<PeerReport>;
