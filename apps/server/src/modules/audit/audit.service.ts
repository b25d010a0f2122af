import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { listResponse, type ListResponse } from '@rewards/shared/common';
import { addDays } from '@rewards/shared/program';
import type { AuditActorKind, AuditEntry, AuditFilters, AuditMismatchReason, AuditQuery, AuditVerification } from '@rewards/shared/audit';
import type { Db, DbOrTx } from '../../db/client.ts';
import { startOfLocalDay } from '../../lib/calendar.ts';
import { startDrainLoop } from '../../lib/drain-loop.ts';
import { copyBlob, copyOut, inlineParams } from '../../lib/export/copy-out.ts';
import type { SqlRow, TableCopy, TableExport } from '../../lib/export/table-export.ts';

/**
 * The audit log (docs/architecture.md A6.19, decision 0051). Entries are appended, unsealed, by the
 * audit triggers (db/audit-triggers.ts) inside the business transactions; the sealer chains them later, single across
 * instances under its advisory lock; verify recomputes the chain in one query.
 */

/** How many entries one sealing transaction chains. */
export const SEAL_BATCH = 50_000;
/** Every instance runs the sealer this often; the advisory lock lets one at a time work. */
export const SEAL_INTERVAL_MS = 5_000;
const GENESIS = sql`decode(repeat('00', 32), 'hex')`;

/**
 * Chains the unsealed entries (rs_audit_seal, a batch per transaction). `wait`: wait for a sealer running
 * elsewhere and seal everything there is (verify, export); else leave it to that sealer. Returns how many
 * entries this call sealed.
 */
export async function sealAudit(db: DbOrTx, opts: { wait: boolean; batch?: number }): Promise<number> {
  const batch = opts.batch ?? SEAL_BATCH;
  let sealed = 0;
  for (;;) {
    const r = await db.execute<{ n: number }>(sql`select rs_audit_seal(${opts.wait}, ${batch}) as n`);
    const n = Number(r.rows[0]!.n);
    if (n < 0) return sealed;
    sealed += n;
    if (n < batch) return sealed;
  }
}

/** The sealer job of every instance (main.ts): a pass every SEAL_INTERVAL_MS, one batch at a time. */
export function startAuditSealer(p: { db: Db; intervalMs?: number; onError: (err: unknown) => void }) {
  return startDrainLoop({
    batch: async () => (await sealAudit(p.db, { wait: false, batch: SEAL_BATCH })) >= SEAL_BATCH,
    intervalMs: p.intervalMs ?? SEAL_INTERVAL_MS,
    onError: p.onError,
  });
}

const contentOf = (a: string) =>
  sql.raw(
    `rs_audit_content(${a}.id, ${a}.at, ${a}.actor_kind, ${a}.actor_id, ${a}.request_id, ${a}.action, ${a}.entity, ${a}.entity_id, ${a}.store_id, ${a}.before, ${a}.after)`,
  );

/**
 * Seals, then checks every sealed entry in one set-based query: its hash is sha256(prev_hash || content),
 * its seq follows the previous one's without a gap and its prev_hash is the previous entry's hash (the
 * genesis for seq 1). The first entry that fails, by seq, is named: `link` when its place in the chain is
 * wrong (an entry before it deleted, or its prev_hash changed), else `content`.
 */
export async function verifyAudit(db: Db): Promise<AuditVerification> {
  await sealAudit(db, { wait: true });
  const r = await db.execute<{
    checked: string | number;
    id: string | number | null;
    seq: string | number | null;
    at: string | Date | null;
    action: string | null;
    entity: string | null;
    entity_id: string | number | null;
    reason: AuditMismatchReason | null;
  }>(sql`
    with chain as (
      select a.seq,
        a.hash <> sha256(a.prev_hash || ${contentOf('a')}) as content_bad,
        (a.seq <> coalesce(lag(a.seq) over w, 0) + 1 or a.prev_hash <> coalesce(lag(a.hash) over w, ${GENESIS})) as link_bad
      from audit_log a
      where a.seq is not null
      window w as (order by a.seq)
    ),
    summary as (
      select count(*) as checked,
        min(seq) filter (where link_bad) as link_seq,
        min(seq) filter (where content_bad) as content_seq
      from chain
    )
    select s.checked, a.id, a.seq, a.at, a.action, a.entity, a.entity_id,
      case when a.seq is null then null when a.seq = s.link_seq then 'link' else 'content' end as reason
    from summary s
    left join audit_log a on a.seq = least(s.link_seq, s.content_seq)`);
  const row = r.rows[0]!;
  const firstMismatch =
    row.id === null || row.seq === null
      ? null
      : {
          id: Number(row.id),
          seq: Number(row.seq),
          at: new Date(row.at!).toISOString(),
          action: row.action!,
          entity: row.entity!,
          entityId: row.entity_id === null ? null : Number(row.entity_id),
          reason: row.reason!,
        };
  return { ok: firstMismatch === null, checked: Number(row.checked), firstMismatch };
}

/** The filters as conditions on `audit_log a` (local days of the program time zone). */
function conditionsOf(f: AuditFilters, timeZone: string): SQL {
  const c: SQL[] = [sql`true`];
  if (f.from) c.push(sql`a.at >= ${startOfLocalDay(f.from, timeZone).toISOString()}::timestamptz`);
  if (f.to) c.push(sql`a.at < ${startOfLocalDay(addDays(f.to, 1), timeZone).toISOString()}::timestamptz`);
  if (f.actorKind) c.push(sql`a.actor_kind = ${f.actorKind}`);
  if (f.actor !== undefined) c.push(sql`a.actor_kind = ${f.actorKind ?? 'user'} and a.actor_id = ${f.actor}`);
  if (f.action) c.push(sql`a.action like ${f.action.replace(/[\\%_]/g, (m) => `\\${m}`) + '%'}`);
  if (f.entity) c.push(sql`a.entity = ${f.entity}`);
  if (f.entityId !== undefined) c.push(sql`a.entity_id = ${f.entityId}`);
  if (f.storeId !== undefined) c.push(sql`a.store_id = ${f.storeId}`);
  return sql.join(c, sql` and `);
}

const actorName = sql`(case a.actor_kind
  when 'user' then (select concat_ws(' ', u.name, u.last_name) || ' <' || u.email || '>' from users u where u.id = a.actor_id)
  when 'directory' then (select dc.name from directory_connections dc where dc.id = a.actor_id)
  end)`;

/** `GET /api/audit`: newest first, paged. */
export async function listAudit(db: DbOrTx, query: AuditQuery, timeZone: string): Promise<ListResponse<AuditEntry>> {
  const where = conditionsOf(query, timeZone);
  const [total, rows] = await Promise.all([
    db.execute<{ n: string | number }>(sql`select count(*) as n from audit_log a where ${where}`),
    db.execute<{
      id: string | number;
      seq: string | number | null;
      at: string | Date;
      actor_kind: AuditActorKind;
      actor_id: number | null;
      actor_name: string | null;
      request_id: string | null;
      action: string;
      entity: string;
      entity_id: string | number | null;
      store_id: number | null;
      store_name: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(sql`select a.id, a.seq, a.at, a.actor_kind, a.actor_id, ${actorName} as actor_name, a.request_id, a.action, a.entity,
        a.entity_id, a.store_id, st.title as store_name, a.before, a.after
      from audit_log a left join stores st on st.id = a.store_id
      where ${where}
      order by a.id desc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  ]);
  const data = rows.rows.map((r): AuditEntry => ({
    id: Number(r.id),
    seq: r.seq === null ? null : Number(r.seq),
    at: new Date(r.at).toISOString(),
    actor: { kind: r.actor_kind, id: r.actor_id, name: r.actor_name },
    requestId: r.request_id,
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id === null ? null : Number(r.entity_id),
    storeId: r.store_id,
    storeName: r.store_name,
    before: r.before,
    after: r.after,
  }));
  return listResponse(data, query, Number(total.rows[0]!.n));
}

interface AuditSqlRow extends SqlRow {
  at: SQL;
  seq: SQL;
  actor: SQL;
  requestId: SQL;
  action: SQL;
  entity: SQL;
  entityId: SQL;
  store: SQL;
  before: SQL;
  after: SQL;
}

/** The export's columns, newest entry first; headings in the reader's language. */
export const auditExport: TableExport<AuditSqlRow> = {
  sheet: { es: 'Auditoría', en: 'Audit' },
  columns: [
    { heading: { es: 'Fecha', en: 'Date' }, value: (r) => r.at, kind: 'date', width: 20, numFmt: 'yyyy-mm-dd hh:mm:ss' },
    { heading: { es: 'Número', en: 'Number' }, value: (r) => r.seq, kind: 'number', width: 10 },
    { heading: { es: 'Quién', en: 'Who' }, value: (r) => r.actor, kind: 'text', width: 30 },
    { heading: { es: 'Acción', en: 'Action' }, value: (r) => r.action, kind: 'text', width: 24 },
    { heading: { es: 'Registro', en: 'Record' }, value: (r) => r.entity, kind: 'text', width: 18 },
    { heading: { es: 'Id del registro', en: 'Record id' }, value: (r) => r.entityId, kind: 'number', width: 12 },
    { heading: { es: 'Tienda', en: 'Store' }, value: (r) => r.store, kind: 'text', width: 20 },
    { heading: { es: 'Antes', en: 'Before' }, value: (r) => r.before, kind: 'text', width: 40 },
    { heading: { es: 'Después', en: 'After' }, value: (r) => r.after, kind: 'text', width: 40 },
    { heading: { es: 'Id de la petición', en: 'Request id' }, value: (r) => r.requestId, kind: 'text', width: 36 },
  ],
};

const auditSqlRow = (rowNumber: SQL): AuditSqlRow => ({
  rowNumber,
  at: sql`a.at`,
  seq: sql`a.seq`,
  actor: sql`(case a.actor_kind when 'system' then 'system' else coalesce(${actorName}, a.actor_kind || ' ' || a.actor_id) end)`,
  requestId: sql`a.request_id`,
  action: sql`a.action`,
  entity: sql`a.entity`,
  entityId: sql`a.entity_id`,
  store: sql`st.title`,
  before: sql`a.before::text`,
  after: sql`a.after::text`,
});

/** Rows of a page of PGlite's export. */
export const AUDIT_EXPORT_PAGE = 5_000;
const EXPORT_TIMEOUT = '15min';
const dialect = new PgDialect();

/**
 * The entries that match, as the database writes them with COPY (lib/export/copy-out.ts), newest first: on
 * PostgreSQL one `COPY (…) TO STDOUT`, on PGlite pages of AUDIT_EXPORT_PAGE rows (keyset by id).
 */
export async function* auditCopy(
  db: Db,
  p: { filters: AuditFilters; timeZone: string },
  copy: TableCopy<AuditSqlRow>,
  pageSize = AUDIT_EXPORT_PAGE,
): AsyncGenerator<Buffer> {
  const where = conditionsOf(p.filters, p.timeZone);
  const select = (page?: { limit: number; offset: number }) => {
    const columns = copy.columns(auditSqlRow(sql`row_number() over (order by a.id desc)`));
    const query = dialect.sqlToQuery(sql`select ${sql.join(
      columns.map((c, i) => sql`${c} as ${sql.raw(`c${i}`)}`),
      sql`, `,
    )}
      from audit_log a left join stores st on st.id = a.store_id
      where ${where}
      order by a.id desc
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
