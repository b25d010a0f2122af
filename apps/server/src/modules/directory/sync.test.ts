import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import type { DirectorySyncReport } from '@rewards/shared/directory';
import { SCIM_ENTERPRISE_EXTENSION } from '@rewards/shared/directory';
import * as s from '../../db/schema/index.ts';
import { createTestApp, multipart, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { createConnection } from './connections.service.ts';

// The CSV/XLSX directory sync (docs/architecture.md A6.18): the dry run reports exactly what applying does
// (created, updated with each attribute before and after, deactivated when asked, errors per row) and writes
// nothing; applying writes it in one go, through the same writer and with the same result as SCIM.

let t: TestApp;
let make: ReturnType<typeof factories>;
let superAdmin: Awaited<ReturnType<ReturnType<typeof factories>['superAdmin']>>;
let admin: Awaited<ReturnType<ReturnType<typeof factories>['admin']>>;
let norte: typeof s.stores.$inferSelect;
let sur: typeof s.stores.$inferSelect;
let stayer: Awaited<ReturnType<ReturnType<typeof factories>['shopper']>>;
let leaver: Awaited<ReturnType<ReturnType<typeof factories>['shopper']>>;
let elsewhere: Awaited<ReturnType<ReturnType<typeof factories>['shopper']>>;

beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  norte = await make.store({ title: 'Sucursal Norte', sedeId: 'NTE' });
  sur = await make.store({ title: 'Sucursal Sur' });
  superAdmin = await make.superAdmin({ storeId: norte.id });
  admin = await make.admin({ stores: [norte.id] });
  stayer = await make.shopper({ email: 'queda@empresa.test', storeId: norte.id, name: 'Quique', is: 'IS-100' });
  leaver = await make.shopper({ email: 'se.va@empresa.test', storeId: norte.id, name: 'Sergio' });
  elsewhere = await make.shopper({ email: 'otra.oficina@empresa.test', storeId: sur.id, name: 'Olivia' });
});
afterAll(async () => t.close());
afterEach(async () => assertInvariants(t.db));

async function sync(csv: string, query: string, headers = superAdmin.headers) {
  const form = await multipart({}, [{ field: 'file', name: 'personas.csv', data: Buffer.from(csv), type: 'text/csv' }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/directory/sync?${query}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json<{ data: DirectorySyncReport; code?: string }>() };
}

const FILE = [
  'Correo;Nombre;Apellidos;IS;Oficina;Departamento;Correo del jefe;Activo;Fecha de ingreso;Cumpleaños',
  'queda@empresa.test;Quique;Quintana;IS-100;Sucursal Norte;Finanzas;jefa.nueva@empresa.test;sí;2020-05-04;14/02',
  'jefa.nueva@empresa.test;Julia;Jefa;IS-200;nte;Dirección;;1;2019-01-10;',
  'nuevo@empresa.test;Nico;Nuevo;IS-300;sucursal norte;Ventas;queda@empresa.test;;;',
  'perdido@empresa.test;Pedro;Perdido;IS-400;Sucursal Atlántida;Ventas;;;;',
  'no-es-correo;Nadie;;;Sucursal Norte;;;;;',
  'nuevo@empresa.test;Nico;Otra vez;;Sucursal Norte;;;;;',
  'sinjefe@empresa.test;Sara;Sin Jefe;;Sucursal Norte;;fantasma@empresa.test;;;',
  'raro@empresa.test;Rita;Rara;;Sucursal Norte;;;quizás;;',
  'copia@empresa.test;Carla;Copia;IS-100;Sucursal Norte;;;;;',
].join('\n');

describe('dry run', () => {
  it('reports who would be created, updated and deactivated, and each bad row, and writes nothing', async () => {
    const [users] = await t.db.select({ n: count() }).from(s.users);
    const { status, body } = await sync(FILE, 'dryRun=true&deactivateMissing=true');
    expect(status).toBe(200);
    const report = body.data;
    expect(report).toMatchObject({ dryRun: true, format: 'csv', rows: 9, unchanged: 0 });
    expect(report.created.map((c) => [c.row, c.email, c.office])).toEqual([
      [3, 'jefa.nueva@empresa.test', 'Sucursal Norte'],
      [4, 'nuevo@empresa.test', 'Sucursal Norte'],
    ]);
    expect(report.updated).toEqual([
      {
        row: 2,
        userId: stayer.id,
        email: 'queda@empresa.test',
        name: 'Quique',
        changes: {
          lastName: { before: stayer.lastName, after: 'Quintana' },
          department: { before: null, after: 'Finanzas' },
          hireDate: { before: null, after: '2020-05-04' },
          birthday: { before: null, after: '02-14' },
          manager: { before: null, after: 'jefa.nueva@empresa.test' },
        },
      },
    ]);
    expect(report.errors.map((e) => [e.row, e.code, e.value])).toEqual([
      [5, 'UNKNOWN_OFFICE', 'Sucursal Atlántida'],
      [6, 'INVALID_EMAIL', 'no-es-correo'],
      [7, 'DUPLICATE_IN_FILE', 'nuevo@empresa.test'],
      [8, 'UNKNOWN_MANAGER', 'fantasma@empresa.test'],
      [9, 'INVALID_ACTIVE', 'quizás'],
      [10, 'IS_TAKEN', 'IS-100'],
    ]);
    // The people of the file's office whom it does not name; never a super administrator nor another office's.
    const deactivated = report.deactivated.map((d) => d.email);
    expect(deactivated).toContain('se.va@empresa.test');
    expect(deactivated).toContain(admin.email);
    expect(deactivated).not.toContain(superAdmin.email);
    expect(deactivated).not.toContain('otra.oficina@empresa.test');
    // Nothing written.
    expect(await t.db.select({ n: count() }).from(s.users)).toEqual([users]);
    expect(await t.db.select({ n: count() }).from(s.directoryAudit)).toEqual([{ n: 0 }]);
  });

  it('refuses a file with no e-mail and name or office columns, and a caller who is not a super administrator', async () => {
    const none = await sync('Producto;Precio\nTaza;10\n', 'dryRun=true');
    expect(none).toMatchObject({ status: 422, body: { code: 'DIRECTORY_FILE_NO_COLUMNS' } });
    expect((await sync(FILE, 'dryRun=true', admin.headers)).status).toBe(403);
  });
});

describe('applying', () => {
  it('writes what the dry run said, in one go, with the audit rows of the sync', async () => {
    const dry = (await sync(FILE, 'dryRun=true&deactivateMissing=true')).body.data;
    const { status, body } = await sync(FILE, 'dryRun=false&deactivateMissing=true');
    expect(status).toBe(200);
    expect({ ...body.data, dryRun: true }).toEqual(dry);

    const [jefa] = await t.db.select().from(s.users).where(eq(s.users.email, 'jefa.nueva@empresa.test'));
    expect(jefa).toMatchObject({
      name: 'Julia',
      lastName: 'Jefa',
      is: 'IS-200',
      storeId: norte.id,
      department: 'Dirección',
      hireDate: '2019-01-10',
      active: 1,
    });
    const [quique] = await t.db.select().from(s.users).where(eq(s.users.id, stayer.id));
    expect(quique).toMatchObject({
      lastName: 'Quintana',
      department: 'Finanzas',
      managerId: jefa!.id,
      birthday: '02-14',
      hireDate: '2020-05-04',
    });
    const [nico] = await t.db.select().from(s.users).where(eq(s.users.email, 'nuevo@empresa.test'));
    expect(nico).toMatchObject({ managerId: stayer.id, storeId: norte.id });
    const gone = await t.db
      .select({ id: s.users.id, active: s.users.active })
      .from(s.users)
      .where(inArray(s.users.id, [leaver.id, admin.id, superAdmin.id, elsewhere.id]));
    expect(Object.fromEntries(gone.map((g) => [g.id, g.active]))).toEqual({
      [leaver.id]: 0,
      [admin.id]: 0,
      [superAdmin.id]: 1,
      [elsewhere.id]: 1,
    });
    // The leaver's session ends at once.
    const me = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: leaver.headers });
    expect(me.json()).toMatchObject({ code: 'USER_INACTIVE' });

    const audit = await t.app.inject({ method: 'GET', url: '/api/directory/audit?source=sync&pageSize=50', headers: superAdmin.headers });
    const items = audit.json<{
      data: { action: string; actor: { id: number } | null; user: { email: string } | null; changes: object }[];
      totalCount: number;
    }>();
    expect(items.data.every((i) => i.actor?.id === superAdmin.id)).toBe(true);
    expect(
      items.data
        .filter((i) => i.action === 'create')
        .map((i) => i.user?.email)
        .sort(),
    ).toEqual(['jefa.nueva@empresa.test', 'nuevo@empresa.test']);
    expect(
      items.data
        .filter((i) => i.action === 'deactivate')
        .map((i) => i.user?.email)
        .sort(),
    ).toEqual([admin.email, 'se.va@empresa.test'].sort());
    const update = items.data.find((i) => i.action === 'update' && i.user?.email === 'queda@empresa.test')!;
    expect(update.changes).toEqual(dry.updated[0]!.changes);
  });

  it('changes nothing when the same file is applied again, and follows an e-mail change by the IS', async () => {
    const again = (await sync(FILE, 'dryRun=false')).body.data;
    expect(again.created).toEqual([]);
    expect(again.updated).toEqual([]);
    expect(again.unchanged).toBe(3);
    const moved = (await sync('Correo;Nombre;IS;Oficina\nquique.q@empresa.test;Quique;IS-100;Sucursal Norte\n', 'dryRun=false')).body.data;
    expect(moved.updated).toEqual([
      expect.objectContaining({ userId: stayer.id, changes: { email: { before: 'queda@empresa.test', after: 'quique.q@empresa.test' } } }),
    ]);
  });

  it('creates new managers before their people, and sets the managers of new people who name each other', async () => {
    const csv = [
      'Correo;Nombre;Oficina;Correo del jefe',
      'equipo.a@empresa.test;Ana Equipo;Sucursal Sur;lider@empresa.test',
      'lider@empresa.test;Lidia Líder;Sucursal Sur;direccion@empresa.test',
      'direccion@empresa.test;Diego Dirección;Sucursal Sur;',
      'uno@empresa.test;Uno;Sucursal Sur;dos@empresa.test',
      'dos@empresa.test;Dos;Sucursal Sur;uno@empresa.test',
    ].join('\n');
    const report = (await sync(csv, 'dryRun=false')).body.data;
    expect(report.created).toHaveLength(5);
    const rows = await t.db
      .select({ id: s.users.id, email: s.users.email, managerId: s.users.managerId })
      .from(s.users)
      .where(eq(s.users.storeId, sur.id));
    const id = (email: string) => rows.find((r) => r.email === email)!.id;
    const managerOf = (email: string) => rows.find((r) => r.email === email)!.managerId;
    expect(managerOf('equipo.a@empresa.test')).toBe(id('lider@empresa.test'));
    expect(managerOf('lider@empresa.test')).toBe(id('direccion@empresa.test'));
    expect(managerOf('direccion@empresa.test')).toBeNull();
    expect(managerOf('uno@empresa.test')).toBe(id('dos@empresa.test'));
    expect(managerOf('dos@empresa.test')).toBe(id('uno@empresa.test'));
    // A chain is created whole, one audit row each; only the pair naming each other needs a second write.
    const audits = await t.db
      .select({ action: s.directoryAudit.action })
      .from(s.directoryAudit)
      .where(
        inArray(
          s.directoryAudit.userId,
          rows.map((r) => r.id),
        ),
      );
    expect(audits.filter((a) => a.action === 'create')).toHaveLength(5);
    expect(audits.filter((a) => a.action === 'update')).toHaveLength(1);
  });

  it('gives the same person and audit row as the same change through SCIM', async () => {
    const viaFile = (
      await sync(
        'Correo;Nombre;Apellido;IS;Oficina;Departamento\nfile.twin@empresa.test;Gema;Gemela;IS-900;Sucursal Sur;Legal\n',
        'dryRun=false',
      )
    ).body.data;
    expect(viaFile.created).toHaveLength(1);
    const { token } = await createConnection(t.db, {
      name: 'Twin',
      days: 1,
      officeAttribute: 'organization',
      createdBy: null,
      now: t.clock.now(),
      scimUrl: 'x',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      payload: JSON.stringify({
        userName: 'scim.twin@empresa.test',
        name: { givenName: 'Gema', familyName: 'Gemela' },
        [SCIM_ENTERPRISE_EXTENSION]: { employeeNumber: 'IS-901', department: 'Legal', organization: 'Sucursal Sur' },
      }),
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.db
      .select({
        email: s.users.email,
        name: s.users.name,
        lastName: s.users.lastName,
        is: s.users.is,
        storeId: s.users.storeId,
        department: s.users.department,
        active: s.users.active,
        role: s.users.role,
      })
      .from(s.users)
      .where(inArray(s.users.email, ['file.twin@empresa.test', 'scim.twin@empresa.test']))
      .orderBy(s.users.email);
    const strip = (r: (typeof rows)[number]) => ({ ...r, email: undefined, is: undefined });
    expect(strip(rows[0]!)).toEqual(strip(rows[1]!));
    const audits = await t.db
      .select({ changes: s.directoryAudit.changes, action: s.directoryAudit.action })
      .from(s.directoryAudit)
      .where(eq(s.directoryAudit.action, 'create'));
    const shape = (email: string) => {
      const found = audits.find((a) => (a.changes as { email?: { after: string } }).email?.after === email)!;
      return Object.keys(found.changes).sort();
    };
    expect(shape('file.twin@empresa.test')).toEqual(shape('scim.twin@empresa.test'));
  });
});
