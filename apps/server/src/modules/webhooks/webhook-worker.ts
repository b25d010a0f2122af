import { randomUUID } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { sql } from 'drizzle-orm';
import { WEBHOOK_KEEP_DAYS } from '@rewards/shared/webhooks';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { startDrainLoop } from '../../lib/drain-loop.ts';
import { intArray, textArray } from '../../lib/sql-arrays.ts';
import { webhookHeaders } from './signing.ts';
import { addressAllowed } from './url-guard.ts';

/**
 * The webhooks' delivery worker (docs/architecture.md A6.19, decision 0051), in every instance like the
 * mail worker (A6.12): claims due deliveries with `FOR UPDATE SKIP LOCKED`, never one whose endpoint has an
 * earlier pending delivery of the same subject (in order per subject, across instances too), POSTs each
 * signed, records the attempt, and settles it: delivered on a 2xx, else due again after a backoff with
 * jitter, failed once three days have passed since its first attempt. At least once: a worker that dies
 * after sending and before recording sends it again when its claim's lease ends (same webhook-id).
 */

/** Waits after the 1st, 2nd… failed attempt; every 6 h after the last, until the delivery is 3 days old. */
export const WEBHOOK_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000] as const;
export const WEBHOOK_BACKOFF_LATER_MS = 6 * 3_600_000;
export const WEBHOOK_GIVE_UP_MS = 3 * 86_400_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
const DAY_MS = 86_400_000;

/** The wait after the `attempts`-th failure, with ±10 % jitter (so endpoints that failed together do not retry together). */
export function webhookBackoffMs(
  attempts: number,
  schedule: readonly number[] = WEBHOOK_BACKOFF_MS,
  later = WEBHOOK_BACKOFF_LATER_MS,
  random = Math.random,
) {
  const base = attempts <= schedule.length ? schedule[Math.max(0, attempts - 1)]! : later;
  return Math.round(base * (0.9 + 0.2 * random()));
}

export interface WebhookAttemptResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** What the worker needs to send: POST a body with headers, answer the outcome (never throws). */
export type WebhookSender = (p: { url: string; body: string; headers: Record<string, string> }) => Promise<WebhookAttemptResult>;

/** Kept-alive connections, so a busy endpoint is not one TLS handshake per event. */
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 32 });

/**
 * A lookup that refuses a name resolving to an address a webhook may not reach (url-guard.ts), so a name
 * pointing inside the network is refused when connecting, whatever it pointed to when the URL was saved.
 */
function lookupGuard(production: boolean): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...a: unknown[]) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err);
      const refused = addresses.find((a) => !addressAllowed(a.address, production));
      if (refused || !addresses.length) {
        return callback(
          Object.assign(new Error(`Address not allowed for webhooks: ${refused?.address ?? hostname}`), { code: 'EADDRNOTALLOWED' }),
        );
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  }) as unknown as LookupFunction;
}

/**
 * POST over node:http(s): a 10 s limit for the whole exchange, no redirect followed (a 3xx is an answer
 * like any other non-2xx), the address checked as it connects; the answer's body is read and dropped.
 */
export function httpSender(p: { production: boolean; timeoutMs?: number }): WebhookSender {
  const timeoutMs = p.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const lookup = lookupGuard(p.production);
  return ({ url, body, headers }) =>
    new Promise<WebhookAttemptResult>((resolve) => {
      const started = performance.now();
      const timers: NodeJS.Timeout[] = [];
      const done = (statusCode: number | null, error: string | null) => {
        for (const timer of timers) clearTimeout(timer);
        resolve({ statusCode, error: error?.slice(0, 500) ?? null, durationMs: Math.round(performance.now() - started) });
      };
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return done(null, 'Invalid URL');
      }
      const host = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
      if (isIP(host) && !addressAllowed(host, p.production)) return done(null, `Address not allowed for webhooks: ${host}`);
      const secure = target.protocol === 'https:';
      const req = (secure ? https : http).request(target, {
        method: 'POST',
        agent: secure ? httpsAgent : httpAgent,
        lookup,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'RewardsStore-Webhooks/1',
          ...headers,
        },
      });
      timers.push(setTimeout(() => req.destroy(new Error(`Timed out after ${timeoutMs} ms`)), timeoutMs));
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? null, null));
        res.on('error', (err) => done(res.statusCode ?? null, err.message));
      });
      req.on('error', (err) => done(null, err.message));
      req.end(body);
    });
}

export interface WebhookPassOptions {
  send: WebhookSender;
  now: Date;
  /** Deliveries claimed per pass. */
  batch?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
  /** How long a claim keeps other workers off a delivery (longer than any attempt can take). */
  leaseMs?: number;
  backoffMs?: readonly number[];
  backoffLaterMs?: number;
  giveUpMs?: number;
}

export interface WebhookPassResult {
  claimed: number;
  delivered: number;
  retried: number;
  failed: number;
}

type ClaimedRow = {
  id: number;
  attempts: number;
  first_attempt_at: string | Date;
  msg_id: string;
  type: string;
  subject: string;
  payload: unknown;
  created_at: string | Date;
  url: string;
  secret: string;
};

/** The JSON body of an event: the same bytes on every attempt and redelivery. */
export function webhookBody(e: { msgId: string; type: string; subject: string; createdAt: Date; payload: unknown }): string {
  return JSON.stringify({ id: e.msgId, type: e.type, subject: e.subject, timestamp: e.createdAt.toISOString(), data: e.payload });
}

/**
 * One pass: claims up to `batch` due deliveries (the first pending one of each endpoint and subject only),
 * sends them `concurrency` at a time, and writes every outcome and attempt in one statement, only for the
 * deliveries whose claim it still holds.
 */
export async function deliverDueWebhooks(db: DbOrTx, o: WebhookPassOptions): Promise<WebhookPassResult> {
  const now = o.now.toISOString();
  const token = randomUUID();
  const leaseUntil = new Date(o.now.getTime() + (o.leaseMs ?? 60_000)).toISOString();
  const { rows } = await db.execute<ClaimedRow>(sql`
    with claimed as (
      update webhook_deliveries d set
        claim_token = ${token}::uuid,
        claimed_until = ${leaseUntil}::timestamptz,
        attempts = d.attempts + 1,
        first_attempt_at = coalesce(d.first_attempt_at, ${now}::timestamptz)
      where d.id in (
        select c.id from webhook_deliveries c
        join webhook_endpoints e on e.id = c.endpoint_id and e.active
        where c.status = 'pending'
          and (c.next_attempt_at is null or c.next_attempt_at <= ${now}::timestamptz)
          and (c.claimed_until is null or c.claimed_until <= ${now}::timestamptz)
          and not exists (
            select 1 from webhook_deliveries p
            where p.endpoint_id = c.endpoint_id and p.subject = c.subject and p.status = 'pending' and p.id < c.id)
        order by c.id
        limit ${o.batch ?? 100}
        for update of c skip locked)
      returning d.id, d.attempts, d.first_attempt_at, d.event_id, d.endpoint_id)
    select c.id, c.attempts, c.first_attempt_at, ev.msg_id, ev.type, ev.subject, ev.payload, ev.created_at, e.url, e.secret
    from claimed c
    join webhook_events ev on ev.id = c.event_id
    join webhook_endpoints e on e.id = c.endpoint_id
    order by c.id`);
  const result: WebhookPassResult = { claimed: rows.length, delivered: 0, retried: 0, failed: 0 };
  if (!rows.length) return result;

  const outcomes: { id: number; status: string; nextAt: string | null; attempt: WebhookAttemptResult }[] = [];
  const width = Math.max(1, o.concurrency ?? 16);
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      const body = webhookBody({
        msgId: row.msg_id,
        type: row.type,
        subject: row.subject,
        createdAt: new Date(row.created_at),
        payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      });
      const attempt = await o.send({ url: row.url, body, headers: webhookHeaders(row.secret, row.msg_id, o.now, body) });
      const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
      if (ok) {
        outcomes.push({ id: Number(row.id), status: 'delivered', nextAt: null, attempt });
        continue;
      }
      const attempts = Number(row.attempts);
      const wait = webhookBackoffMs(attempts, o.backoffMs, o.backoffLaterMs);
      const nextAt = o.now.getTime() + wait;
      const giveUpAt = new Date(row.first_attempt_at).getTime() + (o.giveUpMs ?? WEBHOOK_GIVE_UP_MS);
      outcomes.push(
        nextAt > giveUpAt
          ? { id: Number(row.id), status: 'failed', nextAt: null, attempt }
          : { id: Number(row.id), status: 'pending', nextAt: new Date(nextAt).toISOString(), attempt },
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, rows.length) }, lane));

  const { rows: settled } = await db.execute<{ status: string }>(sql`
    with v as (
      select * from unnest(${intArray(outcomes.map((x) => x.id))}::bigint[], ${textArray(outcomes.map((x) => x.status))}::text[],
        ${textArray(outcomes.map((x) => x.nextAt))}::timestamptz[],
        ${textArray(outcomes.map((x) => (x.attempt.statusCode === null ? null : String(x.attempt.statusCode))))}::int[],
        ${textArray(outcomes.map((x) => x.attempt.error))}::text[], ${intArray(outcomes.map((x) => x.attempt.durationMs))}::int[])
        as v(id, status, next_at, status_code, error, duration_ms)),
    settled as (
      update webhook_deliveries d set
        status = v.status,
        next_attempt_at = v.next_at,
        delivered_at = case when v.status = 'delivered' then ${now}::timestamptz end,
        last_attempt_at = ${now}::timestamptz,
        claim_token = null,
        claimed_until = null
      from v
      where d.id = v.id and d.claim_token = ${token}::uuid
      returning d.id, d.status),
    logged as (
      insert into webhook_attempts (delivery_id, at, status_code, error, duration_ms)
      select v.id, ${now}::timestamptz, v.status_code, v.error, v.duration_ms from v join settled s on s.id = v.id
      order by v.id)
    select status from settled`);
  for (const r of settled) {
    if (r.status === 'delivered') result.delivered++;
    else if (r.status === 'pending') result.retried++;
    else result.failed++;
  }
  return result;
}

/**
 * Removes what is older than 30 days (A6.19): attempts, deliveries that are over (delivered or failed), and
 * events left without deliveries. Pending deliveries stay whatever their age. Answers the rows removed.
 */
export async function cleanUpWebhooks(db: DbOrTx, now: Date): Promise<{ attempts: number; deliveries: number; events: number }> {
  const cutoff = new Date(now.getTime() - WEBHOOK_KEEP_DAYS * DAY_MS).toISOString();
  const { rows } = await db.execute<{ attempts: number; deliveries: number; events: number }>(sql`
    with a as (delete from webhook_attempts where at < ${cutoff}::timestamptz returning 1),
    d as (
      delete from webhook_deliveries
      where status <> 'pending' and coalesce(last_attempt_at, created_at) < ${cutoff}::timestamptz
      returning event_id)
    select (select count(*) from a)::int as attempts, (select count(*) from d)::int as deliveries, 0 as events`);
  const { rows: ev } = await db.execute<{ n: number }>(sql`
    with e as (
      delete from webhook_events ev
      where ev.created_at < ${cutoff}::timestamptz
        and not exists (select 1 from webhook_deliveries d where d.event_id = ev.id)
      returning 1)
    select count(*)::int as n from e`);
  return { attempts: Number(rows[0]!.attempts), deliveries: Number(rows[0]!.deliveries), events: Number(ev[0]!.n) };
}

/**
 * Runs `deliverDueWebhooks` every `intervalMs` (never two passes at once in one process) and the 30-day
 * cleanup once an hour, until stopped. Started by main.ts in every instance.
 */
export function startWebhookWorker(p: {
  db: DbOrTx;
  clock: Clock;
  send: WebhookSender;
  intervalMs?: number;
  concurrency?: number;
  backoffMs?: readonly number[];
  backoffLaterMs?: number;
  onError?: (err: unknown) => void;
  onResult?: (r: WebhookPassResult) => void;
}): { stop: () => Promise<void> } {
  let cleanedAt = 0;
  const loop = startDrainLoop({
    intervalMs: p.intervalMs ?? 2_000,
    onError: p.onError,
    batch: async () => {
      const now = p.clock.now();
      if (now.getTime() - cleanedAt >= 3_600_000) {
        cleanedAt = now.getTime();
        await cleanUpWebhooks(p.db, now);
      }
      const r = await deliverDueWebhooks(p.db, {
        send: p.send,
        now,
        concurrency: p.concurrency,
        backoffMs: p.backoffMs,
        backoffLaterMs: p.backoffLaterMs,
      });
      if (r.claimed) p.onResult?.(r);
      return r.claimed > 0;
    },
  });
  return { stop: () => loop.stop() };
}
