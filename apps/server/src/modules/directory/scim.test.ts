import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { SCIM_ENTERPRISE_EXTENSION, SCIM_REWARDS_EXTENSION } from '@rewards/shared/directory';
import * as s from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { createApiToken } from '../auth/auth.service.ts';
import { createConnection, revokeConnection } from './connections.service.ts';

// The SCIM 2.0 service provider (docs/architecture.md A6.18): the request sequences Entra ID and Okta document
// for their provisioning, the identity rules (externalId is the key), the office named by the connection's
// attribute, deactivation, the token's door, and the errors in SCIM's own format.

let t: TestApp;
let make: ReturnType<typeof factories>;
let token: string;
let officeToken: string;
let connectionId: number;
let puebla: typeof s.stores.$inferSelect;
let merida: typeof s.stores.$inferSelect;
let superAdmin: Awaited<ReturnType<ReturnType<typeof factories>['superAdmin']>>;
const ENTERPRISE = SCIM_ENTERPRISE_EXTENSION;
const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  puebla = await make.store({ title: 'Oficina Puebla', sedeId: 'PUE-01' });
  merida = await make.store({ title: 'Oficina Mérida' });
  superAdmin = await make.superAdmin();
  const c = await createConnection(t.db, {
    name: 'Entra ID',
    days: 30,
    officeAttribute: 'organization',
    createdBy: superAdmin.id,
    now: t.clock.now(),
    scimUrl: 'x',
  });
  token = c.token;
  connectionId = c.id;
  officeToken = (
    await createConnection(t.db, { name: 'Okta', days: 30, officeAttribute: 'office', createdBy: null, now: t.clock.now(), scimUrl: 'x' })
  ).token;
});
afterAll(async () => t.close());
afterEach(async () => assertInvariants(t.db));

type Body = Record<string, unknown>;
async function scim(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, bearer = token) {
  const res = await t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as Body, type: res.headers['content-type'] };
}

const entraUser = (n: string, extra: Body = {}) => ({
  schemas: [CORE, ENTERPRISE],
  externalId: `entra-${n}`,
  userName: `${n}@empresa.test`,
  active: true,
  displayName: `Persona ${n}`,
  emails: [{ primary: true, type: 'work', value: `${n}@empresa.test` }],
  name: { formatted: `Persona ${n}`, familyName: 'Directorio', givenName: 'Persona' },
  [ENTERPRISE]: { employeeNumber: `E-${n}`, department: 'Ventas', organization: 'Oficina Puebla' },
  ...extra,
});

describe('Entra ID provisioning sequence', () => {
  let id: string;
  it('filters by userName (nobody yet), creates, then finds the person by userName and externalId', async () => {
    const none = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "ines@empresa.test"')}`);
    expect(none.status).toBe(200);
    expect(none.type).toMatch(/^application\/scim\+json/);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim('POST', '/Users', entraUser('ines'));
    expect(created.status).toBe(201);
    id = created.body.id as string;
    expect(created.body).toMatchObject({
      externalId: 'entra-ines',
      userName: 'ines@empresa.test',
      active: true,
      name: { givenName: 'Persona', familyName: 'Directorio' },
      [ENTERPRISE]: { employeeNumber: 'E-ines', department: 'Ventas', organization: 'Oficina Puebla' },
      meta: { resourceType: 'User', location: `http://localhost:3000/scim/v2/Users/${id}` },
    });
    const [row] = await t.db
      .select()
      .from(s.users)
      .where(eq(s.users.id, Number(id)));
    expect(row).toMatchObject({
      email: 'ines@empresa.test',
      storeId: puebla.id,
      is: 'E-ines',
      department: 'Ventas',
      externalId: 'entra-ines',
      active: 1,
    });

    for (const filter of ['userName eq "INES@empresa.test"', 'externalId eq "entra-ines"', `id eq "${id}"`]) {
      const found = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(found.body, filter).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    }
    expect((await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "ENTRA-INES"')}`)).body.totalResults).toBe(0);
  });

  it('patches without a path, with URN keys and "False" as text, which deactivates; "True" reactivates', async () => {
    const moved = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        {
          op: 'Replace',
          value: { [`${ENTERPRISE}:department`]: 'Finanzas', 'name.familyName': 'Nuevo', [`${ENTERPRISE}:organization`]: 'pue-01' },
        },
      ],
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      name: { familyName: 'Nuevo' },
      [ENTERPRISE]: { department: 'Finanzas', organization: 'Oficina Puebla' },
    });

    const off = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    const on = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: 'True' } }] });
    expect(on.body.active).toBe(true);
  });

  it('patches with paths: add the manager, replace an e-mail by filter, remove the department and the manager', async () => {
    const boss = await scim('POST', '/Users', entraUser('jefa', { [ENTERPRISE]: { organization: 'Oficina Mérida' } }));
    expect(boss.status).toBe(201);
    const withBoss = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Add', path: `${ENTERPRISE}:manager`, value: boss.body.id },
        { op: 'replace', path: 'userName', value: 'ines.nueva@empresa.test' },
      ],
    });
    expect(withBoss.status).toBe(200);
    expect(withBoss.body).toMatchObject({ userName: 'ines.nueva@empresa.test', [ENTERPRISE]: { manager: { value: boss.body.id } } });
    const [row] = await t.db
      .select()
      .from(s.users)
      .where(eq(s.users.id, Number(id)));
    expect(row).toMatchObject({ email: 'ines.nueva@empresa.test', managerId: Number(boss.body.id), externalId: 'entra-ines' });

    const removed = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Remove', path: `${ENTERPRISE}:manager` },
        { op: 'remove', path: `${ENTERPRISE}:department` },
      ],
    });
    expect(removed.status).toBe(200);
    expect(removed.body[ENTERPRISE]).not.toHaveProperty('manager');
    expect(removed.body[ENTERPRISE]).not.toHaveProperty('department');
    const [after] = await t.db
      .select()
      .from(s.users)
      .where(eq(s.users.id, Number(id)));
    expect(after).toMatchObject({ managerId: null, department: null });
  });

  it('sends the same person again as an update, not a second user; an e-mail change under the same externalId updates in place', async () => {
    const before = await t.db.select({ n: count() }).from(s.users);
    const again = await scim('POST', '/Users', entraUser('ines', { userName: 'ines.otra@empresa.test' }));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, userName: 'ines.otra@empresa.test' });
    expect(await t.db.select({ n: count() }).from(s.users)).toEqual(before);
  });

  it('deletes by deactivating: the person stays, with balance and history, and GET still answers', async () => {
    const gone = await scim('DELETE', `/Users/${id}`);
    expect(gone.status).toBe(204);
    const [row] = await t.db
      .select()
      .from(s.users)
      .where(eq(s.users.id, Number(id)));
    expect(row!.active).toBe(0);
    expect((await scim('GET', `/Users/${id}`)).body.active).toBe(false);
  });
});

describe('Okta provisioning sequence', () => {
  it('reads the office from our extension, replaces with PUT, and deactivates with PUT active false', async () => {
    const body = {
      schemas: [CORE, SCIM_REWARDS_EXTENSION],
      userName: 'olga@empresa.test',
      name: { givenName: 'Olga', familyName: 'Okta' },
      emails: [{ primary: true, value: 'olga@empresa.test', type: 'work' }],
      active: true,
      [SCIM_REWARDS_EXTENSION]: { office: 'oficina merida' },
    };
    const created = await scim('POST', '/Users', body, officeToken);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ [SCIM_REWARDS_EXTENSION]: { office: 'Oficina Mérida' } });
    const id = created.body.id as string;
    const renamed = await scim('PUT', `/Users/${id}`, { ...body, name: { givenName: 'Olga María', familyName: 'Okta' } }, officeToken);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: { givenName: 'Olga María' } });
    // A name without a given name leaves the stored one.
    const family = await scim('PUT', `/Users/${id}`, { ...body, name: { familyName: 'Okta Ortiz' } }, officeToken);
    expect(family.body).toMatchObject({ name: { givenName: 'Olga María', familyName: 'Okta Ortiz' } });
    const off = await scim('PUT', `/Users/${id}`, { ...body, active: false }, officeToken);
    expect(off.body.active).toBe(false);
    // Okta's list paging.
    const page = await scim('GET', '/Users?startIndex=1&count=2', undefined, officeToken);
    expect(page.body).toMatchObject({ startIndex: 1, itemsPerPage: 2 });
    expect(page.body.totalResults as number).toBeGreaterThan(2);
  });
});

describe('identity rules', () => {
  it('links an unlinked local account by its userName, once', async () => {
    const local = await make.shopper({ email: 'local@empresa.test', storeId: merida.id });
    const linked = await scim('POST', '/Users', entraUser('local', { externalId: 'entra-local' }));
    expect(linked.status).toBe(200);
    expect(linked.body.id).toBe(String(local.id));
    const [audit] = await t.db.select().from(s.directoryAudit).where(eq(s.directoryAudit.userId, local.id));
    expect(audit).toMatchObject({ action: 'link', source: 'scim', connectionId });
    // The same userName under another externalId: 409 uniqueness.
    const other = await scim('POST', '/Users', entraUser('local', { externalId: 'entra-someone-else' }));
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '409', scimType: 'uniqueness' });
  });

  it('refuses an employeeNumber or e-mail another person holds, and an unknown or missing office, naming it', async () => {
    const taken = await scim(
      'POST',
      '/Users',
      entraUser('pablo', { [ENTERPRISE]: { employeeNumber: 'e-INES', organization: 'Oficina Puebla' } }),
    );
    expect(taken).toMatchObject({ status: 409, body: { scimType: 'uniqueness' } });
    const unknown = await scim('POST', '/Users', entraUser('pablo', { [ENTERPRISE]: { organization: 'Oficina Atlantis' } }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ scimType: 'invalidValue' });
    expect(unknown.body.detail).toContain('Oficina Atlantis');
    const none = await scim('POST', '/Users', entraUser('pablo', { [ENTERPRISE]: {} }));
    expect(none).toMatchObject({ status: 400, body: { scimType: 'invalidValue' } });
    expect(await t.db.select().from(s.users).where(eq(s.users.email, 'pablo@empresa.test'))).toEqual([]);
  });

  it('answers SCIM errors for bad input: a userName that is no e-mail, a text boolean that is neither, an unknown filter, a bad path, a missing user', async () => {
    expect(await scim('POST', '/Users', entraUser('x', { userName: 'not-an-email' }))).toMatchObject({
      status: 400,
      body: { scimType: 'invalidValue' },
    });
    expect(await scim('POST', '/Users', entraUser('x', { active: 'maybe' }))).toMatchObject({
      status: 400,
      body: { scimType: 'invalidValue' },
    });
    expect(await scim('GET', `/Users?filter=${encodeURIComponent('displayName co "a"')}`)).toMatchObject({
      status: 400,
      body: { scimType: 'invalidFilter' },
    });
    const [someone] = await t.db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'jefa@empresa.test'));
    expect(
      await scim('PATCH', `/Users/${someone!.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'name[[', value: 'x' }] }),
    ).toMatchObject({ status: 400, body: { scimType: 'invalidPath' } });
    expect(
      await scim('PATCH', `/Users/${someone!.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'move', path: 'active' }] }),
    ).toMatchObject({
      status: 400,
    });
    expect(await scim('GET', '/Users/999999')).toMatchObject({ status: 404, body: { status: '404' } });
    expect(await scim('GET', '/Users/abc')).toMatchObject({ status: 404 });
    expect(await scim('GET', '/Groups')).toMatchObject({ status: 404 });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      payload: '{"userName":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ scimType: 'invalidSyntax' });
  });
});

describe('the token', () => {
  it('opens /scim/v2 only; sessions and personal tokens do not open it; revoked connections are refused', async () => {
    expect((await scim('GET', '/ServiceProviderConfig')).body).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
    expect((await scim('GET', '/Schemas')).status).toBe(200);
    expect((await scim('GET', '/ResourceTypes')).status).toBe(200);
    // A SCIM token is no API credential.
    const api = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } });
    expect(api.statusCode).toBe(401);
    // Neither a session nor a personal API token opens SCIM.
    const session = await t.app.inject({ method: 'GET', url: '/scim/v2/Users', headers: superAdmin.headers });
    expect(session.statusCode).toBe(401);
    expect(session.json()).toMatchObject({ status: '401' });
    const personal = await createApiToken(t.db, { userId: superAdmin.id, name: 'x', now: t.clock.now() });
    expect((await scim('GET', '/Users', undefined, personal.token)).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/scim/v2/Users' })).statusCode).toBe(401);

    const doomed = await createConnection(t.db, {
      name: 'Old',
      days: 1,
      officeAttribute: 'organization',
      createdBy: null,
      now: t.clock.now(),
      scimUrl: 'x',
    });
    expect((await scim('GET', '/Users', undefined, doomed.token)).status).toBe(200);
    await revokeConnection(t.db, { id: doomed.id, now: t.clock.now() });
    expect((await scim('GET', '/Users', undefined, doomed.token)).status).toBe(401);
  });
});

describe('deactivation ends access', () => {
  it("a deactivated person's session and API token are refused at their next request; reactivation restores access", async () => {
    const person = await make.shopper({ email: 'saliente@empresa.test', storeId: puebla.id });
    const personal = await createApiToken(t.db, { userId: person.id, name: 'x', now: t.clock.now() });
    const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/users/profile', headers });
    expect((await me(person.headers)).statusCode).toBe(200);
    expect((await scim('DELETE', `/Users/${person.id}`)).status).toBe(204);
    expect((await me(person.headers)).json()).toMatchObject({ code: 'USER_INACTIVE' });
    expect((await me({ authorization: `Bearer ${personal.token}` })).json()).toMatchObject({ code: 'USER_INACTIVE' });
    await scim('PATCH', `/Users/${person.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: true }] });
    expect((await me({ authorization: `Bearer ${personal.token}` })).statusCode).toBe(200);
  });

  it('records every change in the audit list for super administrators, with the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/directory/audit?source=scim&pageSize=100', headers: superAdmin.headers });
    expect(res.statusCode).toBe(200);
    const items = res.json<{ data: { action: string; connection: { name: string } | null; requestId: string; changes: Body }[] }>().data;
    expect(items.map((i) => i.action)).toEqual(expect.arrayContaining(['create', 'update', 'deactivate', 'reactivate', 'link']));
    const deactivation = items.find((i) => i.action === 'deactivate')!;
    expect(deactivation.changes).toEqual({ active: { before: 'true', after: 'false' } });
    expect(items.find((i) => i.connection?.name === 'Entra ID')).toBeDefined();
    expect(items.every((i) => i.requestId.length > 0)).toBe(true);
    const moved = items.find((i) => (i.changes.department as { after?: string } | undefined)?.after === 'Finanzas')!;
    expect(moved.changes).toMatchObject({ department: { before: 'Ventas', after: 'Finanzas' } });
  });
});
