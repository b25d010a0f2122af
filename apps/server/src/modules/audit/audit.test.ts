import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SCIM_ENTERPRISE_EXTENSION } from '@rewards/shared/directory';
import type { AuditEntry, AuditVerification } from '@rewards/shared/audit';
import * as s from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { createConnection } from '../directory/connections.service.ts';
import { postPoints } from '../points/points.service.ts';
import { sealAudit } from './audit.service.ts';

// The audit log (docs/architecture.md A6.19): API writes of each audited kind record who made them and the
// request's id; a bulk load appends its entries in one statement; sealers chain them once, without gaps;
// verify names an entry edited or deleted behind the triggers' back.

let t: TestApp;
let make: ReturnType<typeof factories>;
let superAdmin: Awaited<ReturnType<ReturnType<typeof factories>['superAdmin']>>;
let admin: Awaited<ReturnType<ReturnType<typeof factories>['admin']>>;

beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  superAdmin = await make.superAdmin();
  admin = await make.admin({ stores: [1] });
});
afterAll(async () => t.close());

type Row = {
  id: number;
  actor_kind: string;
  actor_id: number | null;
  request_id: string | null;
  action: string;
  entity: string;
  entity_id: number | null;
  store_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};
async function entriesOf(requestId: string): Promise<Row[]> {
  const r = await t.db.execute<Row>(
    sql`select id::int, actor_kind, actor_id, request_id, action, entity, entity_id::int, store_id, before, after from audit_log where request_id = ${requestId} order by id`,
  );
  return r.rows;
}

async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object | undefined, headers: Record<string, string>) {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return { requestId: String(res.headers['x-request-id']), body: res.json() as { data: Record<string, unknown> } };
}

describe('who and which request', () => {
  it('points: an adjustment is points.credited by the administrator, with the request id and the user store', async () => {
    const shopper = await make.shopper({ storeId: 1 });
    const { requestId } = await send(
      'POST',
      '/api/users/points',
      { userId: shopper.id, value: 250, description: 'Premio de prueba' },
      admin.headers,
    );
    const rows = await entriesOf(requestId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_kind: 'user',
      actor_id: admin.id,
      action: 'points.credited',
      entity: 'point_transactions',
      store_id: 1,
      before: null,
      after: { user_id: shopper.id, value: 250, created_by: admin.id },
    });
    const debit = await send(
      'POST',
      '/api/users/points',
      { userId: shopper.id, value: -50, description: 'Ajuste de prueba' },
      admin.headers,
    );
    expect((await entriesOf(debit.requestId)).map((r) => [r.action, r.after?.value])).toEqual([['points.debited', -50]]);
  });

  it('roles and administered stores, activity and manager: one entry per change, only the changed columns', async () => {
    const person = await make.shopper({ storeId: 1 });
    const role = await send('PUT', `/api/users/${person.id}`, { role: 2, adminStores: [1] }, superAdmin.headers);
    const roleRows = await entriesOf(role.requestId);
    expect(roleRows.map((r) => [r.action, r.entity, r.entity_id, r.actor_id])).toEqual(
      expect.arrayContaining([
        ['user.role', 'users', person.id, superAdmin.id],
        ['user.admin_stores', 'users', person.id, superAdmin.id],
      ]),
    );
    expect(roleRows.find((r) => r.action === 'user.role')).toMatchObject({ before: { role: 1 }, after: { role: 2 } });

    const other = await make.shopper({ storeId: 1 });
    const off = await send('PUT', `/api/users/deactivate/${other.id}`, undefined, admin.headers);
    expect(await entriesOf(off.requestId)).toMatchObject([
      { action: 'user.active', actor_id: admin.id, entity_id: other.id, before: { active: 1 }, after: { active: 0 } },
    ]);

    const report = await make.shopper({ storeId: 1 });
    const manager = await send('PUT', `/api/peer/users/${report.id}/manager`, { managerId: person.id }, admin.headers);
    expect(await entriesOf(manager.requestId)).toMatchObject([
      { action: 'user.manager', actor_id: admin.id, entity_id: report.id, before: { manager_id: null }, after: { manager_id: person.id } },
    ]);
  });

  it('stores: created, updated and deleted by the super administrator', async () => {
    const created = await send(
      'POST',
      '/api/stores',
      { title: 'Oficina Auditada', location: 'Calle 1, Ciudad', lat: 19.4, long: -99.1, sedeId: 'AUD-1', inventoryId: null },
      superAdmin.headers,
    );
    const id = Number(created.body.data.id);
    expect(await entriesOf(created.requestId)).toMatchObject([
      {
        action: 'store.created',
        entity: 'stores',
        entity_id: id,
        store_id: id,
        actor_id: superAdmin.id,
        after: { title: 'Oficina Auditada' },
      },
    ]);
    const updated = await send(
      'PUT',
      `/api/stores/${id}`,
      { title: 'Oficina Auditada Dos', location: 'Calle 1, Ciudad', lat: 19.4, long: -99.1, sedeId: 'AUD-1', inventoryId: null },
      superAdmin.headers,
    );
    expect(await entriesOf(updated.requestId)).toMatchObject([
      { action: 'store.updated', before: { title: 'Oficina Auditada' }, after: { title: 'Oficina Auditada Dos' } },
    ]);
    const deleted = await send('DELETE', `/api/stores/delete/${id}`, undefined, superAdmin.headers);
    expect(await entriesOf(deleted.requestId)).toMatchObject([
      { action: 'store.deleted', entity_id: id, before: { title: 'Oficina Auditada Dos' }, after: null },
    ]);
  });

  it('the directory: a SCIM connection is the actor of what it writes', async () => {
    const c = await createConnection(t.db, {
      name: 'Entra ID',
      days: 30,
      officeAttribute: 'organization',
      createdBy: superAdmin.id,
      now: t.clock.now(),
      scimUrl: 'x',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/scim+json' },
      payload: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', SCIM_ENTERPRISE_EXTENSION],
        externalId: 'entra-audit',
        userName: 'auditada@empresa.test',
        active: true,
        name: { givenName: 'Auditada', familyName: 'Persona' },
        [SCIM_ENTERPRISE_EXTENSION]: { department: 'Ventas', organization: (await t.db.select().from(s.stores).limit(1))[0]!.title },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await entriesOf(String(res.headers['x-request-id']));
    expect(rows.find((r) => r.action === 'user.created')).toMatchObject({
      actor_kind: 'directory',
      actor_id: c.id,
      entity: 'users',
      after: { email: 'auditada@empresa.test', department: 'Ventas' },
    });
    // Made outside a request (as the CLI does): the system.
    const made = await t.db.execute<Row>(
      sql`select * from audit_log where action = 'directory.connection_created' and entity_id = ${c.id}`,
    );
    expect(made.rows[0]).toMatchObject({ actor_kind: 'system', request_id: null });
  });

  it('budgets, their money and the approval rules: made and changed by the administrator', async () => {
    const made = await send(
      'POST',
      '/api/budgets',
      { scope: 'store', storeId: 1, amount: 5000, period: 'month', reload: true },
      admin.headers,
    );
    const budgetId = made.body.data.id as number;
    expect((await entriesOf(made.requestId)).map((r) => [r.action, r.entity, r.entity_id, r.actor_id, r.store_id])).toEqual([
      ['budget.created', 'budgets', budgetId, admin.id, 1],
      // A movement names its budget, and carries its budget's store.
      ['budget_funds.moved', 'budgets', budgetId, admin.id, 1],
    ]);
    const changed = await send('PUT', `/api/budgets/${budgetId}`, { amount: 6000 }, admin.headers);
    const rows = await entriesOf(changed.requestId);
    expect(rows.find((r) => r.action === 'budget.amount')).toMatchObject({ before: { amount: 5000 }, after: { amount: 6000 } });
    expect(rows.find((r) => r.action === 'budget_funds.moved')).toMatchObject({ after: { kind: 'funded', available: 1000 } });
    const rules = { firstThreshold: 100, secondThreshold: 500, levels: 2, reminderDays: 3, escalationDays: 7 };
    const set = await send('PUT', '/api/approvals/stores/1/rules', rules, admin.headers);
    const again = await send('PUT', '/api/approvals/stores/1/rules', { ...rules, levels: 3 }, admin.headers);
    expect((await entriesOf(set.requestId)).map((r) => r.action)).toEqual([expect.stringMatching(/^rules\.(created|updated)$/)]);
    expect(await entriesOf(again.requestId)).toMatchObject([
      { action: 'rules.updated', entity: 'approval_rules', entity_id: 1, before: { levels: 2 }, after: { levels: 3 } },
    ]);
  });

  it('jobs and other writes outside a request are the system', async () => {
    const shopper = await make.shopper({ storeId: 1 });
    const before = await t.db.execute<{ n: number }>(sql`select coalesce(max(id), 0)::int as n from audit_log`);
    await postPoints(t.db, {
      entries: [{ userId: shopper.id, value: 10 }],
      kind: 'adjustment',
      description: 'Job',
      descriptionKey: 'adjustment',
      descriptionValues: { reason: 'Job' },
      now: t.clock.now(),
    });
    const rows = await t.db.execute<Row>(sql`select * from audit_log where id > ${before.rows[0]!.n} and action like 'points.%'`);
    expect(rows.rows).toMatchObject([{ actor_kind: 'system', actor_id: null, request_id: null, action: 'points.credited' }]);
  });

  it('a bulk load of many people appends their entries in one statement', async () => {
    const n = 400;
    const people = await t.db.execute<{ email: string }>(sql`
      insert into users (email, name, store_id) select 'masivo-' || g || '@audit.test', 'Masivo', 1 from generate_series(1, ${n}) g returning email`);
    const [reward] = await t.db
      .insert(s.rewards)
      .values({
        storeId: 1,
        code: 'audit-bulk',
        name: 'Carga',
        nameEn: '',
        description: 'Carga',
        points: 10,
        frequencyLimit: 10,
        frequencyPeriod: 'year',
        active: true,
      })
      .returning();
    const { requestId } = await send(
      'POST',
      '/api/loads',
      { storeId: 1, rewardId: reward!.id, emails: people.rows.map((p) => p.email), reason: 'Carga masiva auditada' },
      { ...admin.headers, 'idempotency-key': 'audit-bulk-load-1' },
    );
    const rows = await entriesOf(requestId);
    const credits = rows.filter((r) => r.action === 'points.credited');
    expect(credits).toHaveLength(n);
    expect(credits.every((r) => r.actor_id === admin.id)).toBe(true);
    // One statement's entries: consecutive ids and one transaction's instant.
    expect(credits.at(-1)!.id - credits[0]!.id).toBe(n - 1);
    await assertInvariants(t.db);
  });
});

describe('the chain', () => {
  const verify = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/audit/verify', headers: superAdmin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AuditVerification }>().data;
  };

  it('two sealers at once chain every entry once, seq 1, 2, 3… without gaps', async () => {
    await t.db.execute(sql`update users set department = 'Sellado ' || id where email like 'masivo-%'`);
    const [a, b] = await Promise.all([sealAudit(t.db, { wait: true, batch: 97 }), sealAudit(t.db, { wait: true, batch: 89 })]);
    const r = await t.db.execute<{ n: number; max: number; unsealed: number }>(
      sql`select count(*)::int as n, max(seq)::int as max, (select count(*)::int from audit_log where seq is null) as unsealed from audit_log where seq is not null`,
    );
    expect(r.rows[0]!.unsealed).toBe(0);
    expect(r.rows[0]!.max).toBe(r.rows[0]!.n);
    expect(a + b).toBeLessThanOrEqual(r.rows[0]!.n);
    expect(await verify()).toMatchObject({ ok: true, checked: r.rows[0]!.n, firstMismatch: null });
  });

  it('refuses updates and deletes through its triggers', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.db.execute(statement).then(
        () => 'written',
        (err: Error & { cause?: Error }) => (err.cause ?? err).message,
      );
    expect(await refusal(sql`update audit_log set action = 'x' where id = (select min(id) from audit_log)`)).toBe('AUDIT_APPEND_ONLY');
    expect(await refusal(sql`update audit_log set seq = seq + 1000000 where id = (select min(id) from audit_log)`)).toBe(
      'AUDIT_APPEND_ONLY',
    );
    expect(await refusal(sql`delete from audit_log where id = (select max(id) from audit_log)`)).toBe('AUDIT_APPEND_ONLY');
    expect(await refusal(sql`truncate audit_log`)).toBe('AUDIT_APPEND_ONLY');
  });

  it('lists with filters and exports CSV in the reader language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit?action=user.role&actor=${superAdmin.id}&pageSize=5`,
      headers: superAdmin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: AuditEntry[]; totalCount: number }>();
    expect(body.totalCount).toBeGreaterThan(0);
    expect(body.data[0]).toMatchObject({ action: 'user.role', actor: { kind: 'user', id: superAdmin.id }, entity: 'users' });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/audit/export?format=csv&action=store.&actor=${superAdmin.id}`,
      headers: { ...superAdmin.headers, 'accept-language': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Date;Number;Who;Action;Record;Record id;Store;Before;After;Request id');
    expect(lines.slice(1).map((l) => l.split(';')[3])).toEqual(['store.deleted', 'store.updated', 'store.created']);
  });

  it('names an entry edited behind the triggers (content), then one deleted (link)', async () => {
    const target = await t.db.execute<{ id: number; seq: number }>(
      sql`select id::int, seq::int from audit_log where action = 'user.manager' order by id limit 1`,
    );
    const { id, seq } = target.rows[0]!;
    await t.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await t.db.execute(sql`update audit_log set after = '{"manager_id": null}' where id = ${id}`);
    await t.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    expect((await verify()).firstMismatch).toMatchObject({ id, seq, action: 'user.manager', entity: 'users', reason: 'content' });

    const before = await t.db.execute<{ id: number; seq: number }>(
      sql`select id::int, seq::int from audit_log where seq < ${seq} order by seq desc limit 2`,
    );
    const [next, deleted] = before.rows;
    await t.db.execute(sql`alter table audit_log disable trigger audit_log_no_delete`);
    await t.db.execute(sql`delete from audit_log where id = ${deleted!.id}`);
    await t.db.execute(sql`alter table audit_log enable trigger audit_log_no_delete`);
    expect(await verify()).toMatchObject({ ok: false, firstMismatch: { id: next!.id, seq: next!.seq, reason: 'link' } });
  });
});
