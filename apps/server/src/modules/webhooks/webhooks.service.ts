import { sql } from 'drizzle-orm';
import {
  WEBHOOK_ATTEMPTS_SHOWN,
  WEBHOOK_KEEP_DAYS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type WebhookAttempt,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@rewards/shared/webhooks';
import { listResponse, type ListResponse } from '@rewards/shared/common';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { newWebhookSecret } from './signing.ts';
import { checkWebhookUrl } from './url-guard.ts';

/**
 * Webhook endpoints and their deliveries (docs/architecture.md A6.19, decision 0051). The routes check who
 * may act on an endpoint (its store's administrators; all-stores endpoints, super administrators) with
 * `endpointStore`; these functions trust that. Events are written by the database (the source tables'
 * triggers) and sent by webhook-worker.ts.
 */

const DAY_MS = 86_400_000;
/** How much of a secret the lists show, to recognise it: `whsec_` and 4 characters. */
const SECRET_SHOWN = WEBHOOK_SECRET_PREFIX.length + 4;

type EndpointRow = {
  id: number;
  store_id: number | null;
  url: string;
  description: string;
  events: string[] | string;
  active: boolean;
  secret: string;
  created_at: string | Date;
  updated_at: string | Date;
  pending: number;
  failed: number;
};

/** A text[] as the drivers answer it: an array (pg) or, from raw SQL on some drivers, its literal. */
function textList(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((x) => x.replace(/^"|"$/g, '')) : [];
}

const iso = (v: string | Date) => new Date(v).toISOString();

function toDto(row: EndpointRow): WebhookEndpoint {
  return {
    id: Number(row.id),
    storeId: row.store_id === null ? null : Number(row.store_id),
    url: row.url,
    description: row.description,
    events: textList(row.events) as WebhookEventType[],
    active: row.active,
    secretPrefix: row.secret.slice(0, SECRET_SHOWN),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    pending: Number(row.pending),
    failed: Number(row.failed),
  };
}

async function endpointRows(db: DbOrTx, where: ReturnType<typeof sql>, now: Date): Promise<EndpointRow[]> {
  const since = new Date(now.getTime() - WEBHOOK_KEEP_DAYS * DAY_MS).toISOString();
  const { rows } = await db.execute<EndpointRow>(sql`
    select e.id, e.store_id, e.url, e.description, e.events, e.active, e.secret, e.created_at, e.updated_at,
      (select count(*) from webhook_deliveries d where d.endpoint_id = e.id and d.status = 'pending')::int as pending,
      (select count(*) from webhook_deliveries d where d.endpoint_id = e.id and d.status = 'failed'
        and d.created_at >= ${since}::timestamptz)::int as failed
    from webhook_endpoints e
    where ${where}
    order by e.id`);
  return rows;
}

/** The endpoint, or 404. */
export async function getEndpoint(db: DbOrTx, id: number, now: Date): Promise<WebhookEndpoint> {
  const [row] = await endpointRows(db, sql`e.id = ${id}`, now);
  if (!row) throw notFound();
  return toDto(row);
}

/** The store an endpoint belongs to (null: all stores), or 404: what the routes check the caller against. */
export async function endpointStore(db: DbOrTx, id: number): Promise<{ storeId: number | null }> {
  const { rows } = await db.execute<{ store_id: number | null }>(sql`select store_id from webhook_endpoints where id = ${id}`);
  if (!rows[0]) throw notFound();
  return { storeId: rows[0].store_id === null ? null : Number(rows[0].store_id) };
}

/** The store of a delivery's endpoint and the endpoint, or 404. */
export async function deliveryStore(db: DbOrTx, id: number): Promise<{ storeId: number | null; endpointId: number }> {
  const { rows } = await db.execute<{ store_id: number | null; endpoint_id: number }>(sql`
    select e.store_id, e.id as endpoint_id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where d.id = ${id}`);
  if (!rows[0]) throw notFound();
  return { storeId: rows[0].store_id === null ? null : Number(rows[0].store_id), endpointId: Number(rows[0].endpoint_id) };
}

/**
 * Endpoints, by id: of the stores in `stores` (null: every store's, for super administrators), with the
 * all-stores ones when `allStores`; one store's when `storeId` is given.
 */
export async function listEndpoints(
  db: DbOrTx,
  p: { stores: number[] | null; allStores: boolean; storeId?: number; now: Date },
): Promise<WebhookEndpoint[]> {
  const conditions = [];
  if (p.storeId !== undefined) conditions.push(sql`e.store_id = ${p.storeId}`);
  if (p.stores !== null) {
    const ids = `{${p.stores.join(',')}}`;
    conditions.push(p.allStores ? sql`(e.store_id = any(${ids}::int[]) or e.store_id is null)` : sql`e.store_id = any(${ids}::int[])`);
  } else if (!p.allStores) conditions.push(sql`e.store_id is not null`);
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  return (await endpointRows(db, where, p.now)).map(toDto);
}

/** A new endpoint and its secret (shown this once). The URL is checked here (422 for http or an internal address). */
export async function createEndpoint(
  db: DbOrTx,
  p: {
    storeId: number | null;
    url: string;
    description: string;
    events: WebhookEventType[];
    active: boolean;
    createdBy: number | null;
    now: Date;
    production: boolean;
  },
): Promise<WebhookEndpointWithSecret> {
  const url = checkWebhookUrl(p.url, p.production);
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(s.webhookEndpoints)
    .values({
      storeId: p.storeId,
      url,
      description: p.description,
      events: [...p.events],
      active: p.active,
      secret,
      createdBy: p.createdBy,
      createdAt: p.now,
      updatedAt: p.now,
    })
    .returning({ id: s.webhookEndpoints.id });
  return { ...(await getEndpoint(db, row!.id, p.now)), secret };
}

/** Changes an endpoint's URL, description, events or active flag. */
export async function updateEndpoint(
  db: DbOrTx,
  p: {
    id: number;
    url?: string;
    description?: string;
    events?: WebhookEventType[];
    active?: boolean;
    now: Date;
    production: boolean;
  },
): Promise<WebhookEndpoint> {
  const url = p.url === undefined ? undefined : checkWebhookUrl(p.url, p.production);
  const { rows } = await db.execute<{ id: number }>(sql`
    update webhook_endpoints set
      url = coalesce(${url ?? null}, url),
      description = coalesce(${p.description ?? null}, description),
      events = coalesce(${p.events ? `{${p.events.join(',')}}` : null}::text[], events),
      active = coalesce(${p.active ?? null}::boolean, active),
      updated_at = ${p.now.toISOString()}::timestamptz
    where id = ${p.id}
    returning id`);
  if (!rows[0]) throw notFound();
  return getEndpoint(db, p.id, p.now);
}

/** Deletes an endpoint with its deliveries and their attempts (what was sent is the receiver's). */
export async function deleteEndpoint(db: DbOrTx, id: number): Promise<void> {
  const { rows } = await db.execute(sql`delete from webhook_endpoints where id = ${id} returning id`);
  if (!rows[0]) throw notFound();
}

/** A new secret, at once (the next attempt is signed with it), shown this once. */
export async function rotateSecret(db: DbOrTx, p: { id: number; now: Date }): Promise<WebhookEndpointWithSecret> {
  const secret = newWebhookSecret();
  const { rows } = await db.execute(sql`
    update webhook_endpoints set secret = ${secret}, updated_at = ${p.now.toISOString()}::timestamptz where id = ${p.id} returning id`);
  if (!rows[0]) throw notFound();
  return { ...(await getEndpoint(db, p.id, p.now)), secret };
}

type DeliveryRow = {
  id: number;
  endpoint_id: number;
  msg_id: string;
  type: string;
  subject: string;
  status: string;
  attempts: number;
  created_at: string | Date;
  next_attempt_at: string | Date | null;
  delivered_at: string | Date | null;
  redelivery_of: number | null;
  payload: unknown;
  attempt_log: unknown;
};

function deliveryDto(row: DeliveryRow): WebhookDelivery {
  const log = (typeof row.attempt_log === 'string' ? JSON.parse(row.attempt_log) : row.attempt_log) as
    { id: number; at: string; status_code: number | null; error: string | null; duration_ms: number }[] | null;
  return {
    id: Number(row.id),
    endpointId: Number(row.endpoint_id),
    eventId: row.msg_id,
    type: row.type,
    subject: row.subject,
    status: row.status as WebhookDeliveryStatus,
    attempts: Number(row.attempts),
    createdAt: iso(row.created_at),
    nextAttemptAt: row.status === 'pending' && row.next_attempt_at ? iso(row.next_attempt_at) : null,
    deliveredAt: row.delivered_at ? iso(row.delivered_at) : null,
    redeliveryOf: row.redelivery_of === null ? null : Number(row.redelivery_of),
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    attemptLog: (log ?? []).map((a): WebhookAttempt => ({
      id: Number(a.id),
      at: iso(a.at),
      statusCode: a.status_code,
      error: a.error,
      durationMs: a.duration_ms,
    })),
  };
}

const deliveryColumns = sql`
  d.id, d.endpoint_id, ev.msg_id, ev.type, ev.subject, d.status, d.attempts, d.created_at, d.next_attempt_at,
  d.delivered_at, d.redelivery_of, ev.payload,
  (select jsonb_agg(jsonb_build_object('id', a.id, 'at', a.at, 'status_code', a.status_code, 'error', a.error,
      'duration_ms', a.duration_ms) order by a.id desc)
   from (select * from webhook_attempts a where a.delivery_id = d.id order by a.id desc limit ${WEBHOOK_ATTEMPTS_SHOWN}) a) as attempt_log`;

/** An endpoint's deliveries of the last 30 days (and any still pending), newest first, paged; by status. */
export async function listDeliveries(
  db: DbOrTx,
  p: WebhookDeliveriesQuery & { endpointId: number; now: Date },
): Promise<ListResponse<WebhookDelivery>> {
  const since = new Date(p.now.getTime() - WEBHOOK_KEEP_DAYS * DAY_MS).toISOString();
  const where = sql`d.endpoint_id = ${p.endpointId} and (d.created_at >= ${since}::timestamptz or d.status = 'pending')
    ${p.status ? sql`and d.status = ${p.status}` : sql``}`;
  const { rows: count } = await db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries d where ${where}`);
  const { rows } = await db.execute<DeliveryRow>(sql`
    select ${deliveryColumns}
    from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
    where ${where}
    order by d.id desc
    limit ${p.pageSize} offset ${(p.page - 1) * p.pageSize}`);
  return listResponse(rows.map(deliveryDto), p, Number(count[0]!.n));
}

async function deliveryById(db: DbOrTx, id: number): Promise<WebhookDelivery> {
  const { rows } = await db.execute<DeliveryRow>(sql`
    select ${deliveryColumns} from webhook_deliveries d join webhook_events ev on ev.id = d.event_id where d.id = ${id}`);
  if (!rows[0]) throw notFound();
  return deliveryDto(rows[0]);
}

/** Sends a `webhook.test` event to one endpoint (active or not: an inactive one gets it once activated). */
export async function sendTestEvent(db: DbOrTx, p: { endpointId: number; actorId: number; now: Date }): Promise<WebhookDelivery> {
  const { rows } = await db.execute<{ id: number }>(sql`
    with ev as (
      insert into webhook_events (type, subject, store_id, endpoint_id, payload, created_at)
      select ${WEBHOOK_TEST_EVENT}, 'endpoint:' || e.id, e.store_id, e.id,
        jsonb_build_object('endpointId', e.id, 'storeId', e.store_id, 'requestedBy', ${p.actorId}::int), ${p.now.toISOString()}::timestamptz
      from webhook_endpoints e where e.id = ${p.endpointId}
      returning id)
    select id from ev`);
  if (!rows[0]) throw notFound();
  const { rows: d } = await db.execute<{ id: number }>(sql`select id from webhook_deliveries where event_id = ${rows[0].id}`);
  return deliveryById(db, Number(d[0]!.id));
}

/**
 * Sends a delivery's event again (the same event id, so a receiver that already has it can tell): a new
 * delivery of that event to that endpoint, due at once but behind any pending delivery of the same subject
 * (A6.19: the order per subject holds for redeliveries too). The original keeps its status and attempts.
 */
export async function redeliver(db: DbOrTx, p: { deliveryId: number; now: Date }): Promise<WebhookDelivery> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into webhook_deliveries (event_id, endpoint_id, subject, redelivery_of, created_at)
    select d.event_id, d.endpoint_id, d.subject, d.id, ${p.now.toISOString()}::timestamptz
    from webhook_deliveries d where d.id = ${p.deliveryId}
    returning id`);
  if (!rows[0]) throw notFound();
  return deliveryById(db, Number(rows[0].id));
}
