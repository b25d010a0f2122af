import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { SCIM_ENTERPRISE_EXTENSION, SCIM_REWARDS_EXTENSION, type DirectoryOfficeAttribute } from '@rewards/shared/directory';
import {
  MAX_SCIM_COUNT,
  SCIM_LIST_SCHEMA,
  SCIM_USER_SCHEMA,
  scimUserSchema,
  type ScimListQuery,
  type ScimPatch,
  type ScimUserInput,
} from '@rewards/shared/scim';
import { isValidEmail } from '@rewards/shared/load-rules';
import type { Db, DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { pgCode, UNIQUE_VIOLATION } from '../../lib/database-errors.ts';
import type { ScimCaller } from './connections.service.ts';
import {
  directoryColumns,
  writeDirectoryPeople,
  type DirectoryContext,
  type DirectoryPerson,
  type DirectoryRow,
} from './people.service.ts';
import { officesOf, type Offices } from './offices.service.ts';

/**
 * The SCIM 2.0 service provider's Users (RFC 7643, 7644; docs/architecture.md A6.18). The directory's id
 * (`externalId`) is the key: the same person sent again is an update; an e-mail change under the same
 * externalId updates the person in place; a POST naming the e-mail of a local account links it when that
 * account has no other externalId, else 409 uniqueness. The office comes from the connection's attribute
 * and is matched to a store by name or site code: an unknown one is an error naming it, never a default.
 * DELETE deactivates (balances and history stay). Every write goes through people.service.
 */

/** A SCIM error: its status, `scimType` and a detail in English (SCIM clients log it; they show no UI). */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly scimType: string | null,
    readonly detail: string,
  ) {
    super(detail);
  }
}

const invalidValue = (detail: string) => new ScimError(400, 'invalidValue', detail);
const uniqueness = (detail: string) => new ScimError(409, 'uniqueness', detail);
const notFound = (id: string) => new ScimError(404, null, `Resource ${id} not found`);

/** A resource as JSON. */
export type Json = Record<string, unknown> & { schemas: string[] };

const scimColumns = { ...directoryColumns, isStore: s.users.isStore, createdAt: s.users.createdAt, updatedAt: s.users.updatedAt };
type ScimRow = DirectoryRow & { isStore: boolean; createdAt: Date; updatedAt: Date };

export interface ScimRequest {
  caller: ScimCaller;
  requestId: string;
  now: Date;
  /** The base of resources' locations: PUBLIC_URL + /scim/v2. */
  baseUrl: string;
}

// ---------------------------------------------------------------------------------------------
// Resources
// ---------------------------------------------------------------------------------------------

/** Where a connection's office attribute lives in a resource: the extension and its key. */
function officePlace(attribute: DirectoryOfficeAttribute): [string, string] {
  return attribute === 'office' ? [SCIM_REWARDS_EXTENSION, 'office'] : [SCIM_ENTERPRISE_EXTENSION, attribute];
}

function resourceOf(row: ScimRow, req: ScimRequest, offices: Offices, managerEmail: string | null): Json {
  const [officeSchema, officeKey] = officePlace(req.caller.officeAttribute);
  const enterprise: Record<string, unknown> = {};
  if (row.is !== null) enterprise.employeeNumber = row.is;
  if (row.department !== null) enterprise.department = row.department;
  if (row.managerId !== null)
    enterprise.manager = { value: String(row.managerId), $ref: `${req.baseUrl}/Users/${row.managerId}`, displayName: managerEmail };
  const office = row.storeId === null ? null : (offices.byId.get(row.storeId) ?? null);
  const extensions: Record<string, Record<string, unknown>> = { [SCIM_ENTERPRISE_EXTENSION]: enterprise };
  if (office !== null) (extensions[officeSchema] ??= {})[officeKey] = office;
  const resource: Json = {
    schemas: [SCIM_USER_SCHEMA, ...Object.keys(extensions)],
    id: String(row.id),
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    userName: row.email,
    name: {
      givenName: row.name,
      ...(row.lastName !== null ? { familyName: row.lastName } : {}),
      formatted: [row.name, row.lastName].filter(Boolean).join(' '),
    },
    displayName: [row.name, row.lastName].filter(Boolean).join(' '),
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.active === 1,
    ...extensions,
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${req.baseUrl}/Users/${row.id}`,
    },
  };
  return resource;
}

async function rowsById(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(scimColumns)
    .from(s.users)
    .where(and(eq(s.users.isStore, false), where));
}

async function managerEmails(db: DbOrTx, rows: ScimRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.managerId === null ? [] : [r.managerId])))];
  if (!ids.length) return new Map();
  const found = await db.select({ id: s.users.id, email: s.users.email }).from(s.users).where(inArray(s.users.id, ids));
  return new Map(found.map((r) => [r.id, r.email]));
}

async function resourcesOf(db: DbOrTx, rows: ScimRow[], req: ScimRequest) {
  const [offices, managers] = await Promise.all([officesOf(db), managerEmails(db, rows)]);
  return rows.map((r) => resourceOf(r, req, offices, r.managerId === null ? null : (managers.get(r.managerId) ?? null)));
}

/** Our ids are whole numbers; any other id names nobody. */
function userIdOf(id: string): number {
  const n = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) throw notFound(id);
  return n;
}

export async function getScimUser(db: DbOrTx, id: string, req: ScimRequest) {
  const [row] = await rowsById(db, eq(s.users.id, userIdOf(id)));
  if (!row) throw notFound(id);
  return (await resourcesOf(db, [row], req))[0]!;
}

// ---------------------------------------------------------------------------------------------
// Listing and filters
// ---------------------------------------------------------------------------------------------

/** `attr eq "value"` for userName (any case, as e-mails are), externalId (exact) and id; anything else is invalidFilter. */
function filterOf(filter: string | undefined): SQL | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const m = /^\s*([A-Za-z.:\d[\]" ]+?)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  if (!m) throw new ScimError(400, 'invalidFilter', `Unsupported filter: only userName, externalId and id with "eq" are`);
  const attribute = m[1]!.replace(`${SCIM_USER_SCHEMA}:`, '').toLowerCase();
  const value = m[2]!.replace(/\\(.)/g, '$1');
  if (attribute === 'username' || attribute === 'emails.value' || attribute === 'emails[type eq "work"].value')
    return sql`lower(${s.users.email}) = ${value.trim().toLowerCase()}`;
  if (attribute === 'externalid') return eq(s.users.externalId, value);
  if (attribute === 'id') return /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647 ? eq(s.users.id, Number(value)) : sql`false`;
  throw new ScimError(400, 'invalidFilter', `Unsupported filter attribute "${m[1]}": only userName, externalId and id are`);
}

export async function listScimUsers(db: DbOrTx, query: ScimListQuery, req: ScimRequest) {
  const where = and(eq(s.users.isStore, false), filterOf(query.filter));
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const pageSize = Math.min(MAX_SCIM_COUNT, Math.max(0, query.count ?? 100));
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(s.users).where(where),
    pageSize === 0
      ? Promise.resolve([] as ScimRow[])
      : db
          .select(scimColumns)
          .from(s.users)
          .where(where)
          .orderBy(asc(s.users.id))
          .offset(startIndex - 1)
          .limit(pageSize),
  ]);
  return {
    schemas: [SCIM_LIST_SCHEMA],
    totalResults: total!.n,
    startIndex,
    itemsPerPage: rows.length,
    Resources: await resourcesOf(db, rows, req),
  };
}

// ---------------------------------------------------------------------------------------------
// From a resource to a person
// ---------------------------------------------------------------------------------------------

const blank = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

/**
 * What a resource states of a person. `absent`: what an attribute left out means, `keep` (POST, PUT: it
 * stays as stored) or `clear` (the result of a PATCH, which holds every stored attribute: one left out was
 * removed). The office and `active` always stay when left out.
 */
async function personOf(db: DbOrTx, input: ScimUserInput, caller: ScimCaller, absent: 'keep' | 'clear') {
  const person: DirectoryPerson = {};
  const email = input.userName.trim().toLowerCase();
  if (!isValidEmail(email)) throw invalidValue(`userName must be an e-mail address: "${input.userName}"`);
  person.email = email;
  const gone = absent === 'clear' ? null : undefined;
  const externalId = blank(input.externalId);
  person.externalId = externalId === undefined ? gone : externalId;
  const given = blank(input.name?.givenName) ?? blank(input.displayName) ?? blank(input.name?.formatted);
  // No name given leaves the stored one (a new person's is the e-mail's local part, createScimUser).
  if (given) person.name = given;
  const family = blank(input.name?.familyName);
  person.lastName = family === undefined ? (input.name === undefined ? gone : null) : family;

  const enterprise = input[SCIM_ENTERPRISE_EXTENSION] ?? undefined;
  const is = blank(enterprise?.employeeNumber);
  person.is = is === undefined ? gone : is;
  const department = blank(enterprise?.department);
  person.department = department === undefined ? gone : department;
  const manager = enterprise?.manager;
  const managerRef =
    manager === undefined ? undefined : manager === null ? null : typeof manager === 'string' ? manager : (manager.value ?? null);
  if (managerRef === undefined) person.managerId = gone;
  else if (managerRef === null || managerRef.trim() === '') person.managerId = null;
  else {
    const id = /^\d{1,10}$/.test(managerRef.trim()) ? Number(managerRef.trim()) : NaN;
    const [found] =
      Number.isSafeInteger(id) && id <= 2_147_483_647
        ? await db
            .select({ id: s.users.id })
            .from(s.users)
            .where(and(eq(s.users.id, id), eq(s.users.isStore, false)))
        : [];
    if (!found) throw invalidValue(`manager "${managerRef}" is not a user of this service provider`);
    person.managerId = found.id;
  }
  if (input.active !== undefined) person.active = input.active;

  const [officeSchema, officeKey] = officePlace(caller.officeAttribute);
  const officeText = blank((input[officeSchema] as Record<string, string | null | undefined> | null | undefined)?.[officeKey]);
  if (officeText) {
    const store = (await officesOf(db)).match(officeText);
    if (!store) throw invalidValue(`Unknown office "${officeText}" (${officeSchema}:${officeKey}): no store has that name or site code`);
    person.storeId = store;
  }
  return person;
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

const contextOf = (req: ScimRequest): DirectoryContext => ({
  source: 'scim',
  connectionId: req.caller.connectionId,
  actorId: null,
  requestId: req.requestId,
  now: req.now,
});

/** 409 uniqueness when another person holds the e-mail, externalId or IS the person would get. */
async function assertUnique(tx: DbOrTx, userId: number | null, person: DirectoryPerson) {
  const checks: SQL[] = [];
  if (person.email) checks.push(sql`lower(${s.users.email}) = ${person.email}`);
  if (person.externalId) checks.push(eq(s.users.externalId, person.externalId));
  if (person.is) checks.push(sql`lower(btrim(${s.users.is})) = ${person.is.toLowerCase()}`);
  if (!checks.length) return;
  const [other] = await tx
    .select({ email: s.users.email, externalId: s.users.externalId, is: s.users.is })
    .from(s.users)
    .where(and(or(...checks), userId === null ? undefined : ne(s.users.id, userId)))
    .limit(1);
  if (!other) return;
  if (person.email && other.email.toLowerCase() === person.email) throw uniqueness(`userName "${person.email}" belongs to another user`);
  if (person.externalId && other.externalId === person.externalId)
    throw uniqueness(`externalId "${person.externalId}" belongs to another user`);
  throw uniqueness(`employeeNumber "${person.is}" belongs to another user`);
}

/** A lost race on a unique index (the same person sent twice at once) is tried once more, then 409. */
async function once<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgCode(err) !== UNIQUE_VIOLATION) throw err;
  }
  try {
    return await write();
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) throw uniqueness('Another request wrote the same userName, externalId or employeeNumber');
    throw err;
  }
}

/** `POST /Users`: creates the person, or updates the one the directory already sent (201 or 200). */
export async function createScimUser(db: Db, input: ScimUserInput, req: ScimRequest) {
  const person = await personOf(db, input, req.caller, 'keep');
  const { userId, created } = await once(() =>
    db.transaction(async (tx) => {
      let target: ScimRow | undefined;
      if (person.externalId) [target] = await tx.select(scimColumns).from(s.users).where(eq(s.users.externalId, person.externalId));
      let linked = false;
      if (!target) {
        const [byEmail] = await tx
          .select(scimColumns)
          .from(s.users)
          .where(sql`lower(${s.users.email}) = ${person.email}`);
        if (byEmail) {
          if (byEmail.isStore) throw uniqueness(`userName "${person.email}" belongs to a store account`);
          if (byEmail.externalId !== null && byEmail.externalId !== (person.externalId ?? null))
            throw uniqueness(`userName "${person.email}" belongs to a user the directory knows by another externalId`);
          linked = byEmail.externalId === null && !!person.externalId;
          target = byEmail;
        }
      }
      if (target?.isStore) throw uniqueness(`externalId "${person.externalId}" belongs to a store account`);
      if (!target) {
        if (person.storeId === undefined) {
          const [schema, key] = officePlace(req.caller.officeAttribute);
          throw invalidValue(`The office is required (${schema}:${key}), by a store's name or site code`);
        }
        person.name ??= person.email!.split('@')[0]!;
      }
      await assertUnique(tx, target?.id ?? null, person);
      const [written] = await writeDirectoryPeople(
        tx,
        [{ userId: target?.id ?? null, person }],
        contextOf(req),
        linked ? new Set([target!.id]) : undefined,
      );
      return { userId: written!.userId, created: !target };
    }),
  );
  return { status: created ? 201 : 200, resource: await getScimUser(db, String(userId), req) };
}

async function writeExisting(db: Db, id: string, req: ScimRequest, personFor: (tx: DbOrTx, row: ScimRow) => Promise<DirectoryPerson>) {
  const userId = userIdOf(id);
  await once(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select(scimColumns)
        .from(s.users)
        .where(and(eq(s.users.id, userId), eq(s.users.isStore, false)))
        .for('update');
      if (!row) throw notFound(id);
      const person = await personFor(tx, row);
      await assertUnique(tx, userId, person);
      await writeDirectoryPeople(tx, [{ userId, person }], contextOf(req));
    }),
  );
  return getScimUser(db, id, req);
}

/** `PUT /Users/{id}`: the attributes given replace the stored ones; those left out stay (the office, the manager set by administrators…). */
export async function replaceScimUser(db: Db, id: string, input: ScimUserInput, req: ScimRequest) {
  return writeExisting(db, id, req, (tx) => personOf(tx, input, req.caller, 'keep'));
}

/** `DELETE /Users/{id}`: deactivates; nothing is erased. */
export async function deactivateScimUser(db: Db, id: string, req: ScimRequest) {
  await writeExisting(db, id, req, async () => ({ active: false }));
}

/** `PATCH /Users/{id}`: the operations applied to the stored resource, and the result checked as a PUT's body. */
export async function patchScimUser(db: Db, id: string, patch: ScimPatch, req: ScimRequest) {
  return writeExisting(db, id, req, async (tx, row) => {
    const [current] = await resourcesOf(tx, [row], req);
    const patched = applyOperations(current!, patch.Operations);
    const parsed = scimUserSchema.safeParse(patched);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw invalidValue(`${issue.path.join('.') || 'value'}: ${issue.message}`);
    }
    return personOf(tx, parsed.data, req.caller, 'clear');
  });
}

// ---------------------------------------------------------------------------------------------
// PATCH operations (RFC 7644 3.5.2), on the resource as JSON
// ---------------------------------------------------------------------------------------------

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const EXTENSIONS = [SCIM_ENTERPRISE_EXTENSION, SCIM_REWARDS_EXTENSION];

/** A key of `container` named in any case (SCIM attribute names are case-insensitive), or the name as given. */
function keyOf(container: Obj, name: string): string {
  return Object.keys(container).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
}

/** Splits a path into its container (the resource or an extension) and the rest: `urn:…:User:manager` → [ext, 'manager']. */
function containerOf(resource: Obj, path: string): [Obj, string] {
  for (const schema of [...EXTENSIONS, SCIM_USER_SCHEMA]) {
    if (path.toLowerCase() === schema.toLowerCase()) return [resource, schema];
    if (path.toLowerCase().startsWith(`${schema.toLowerCase()}:`)) {
      const rest = path.slice(schema.length + 1);
      if (schema === SCIM_USER_SCHEMA) return [resource, rest];
      const key = keyOf(resource, schema);
      if (!isObject(resource[key])) resource[key] = {};
      return [resource[key] as Obj, rest];
    }
  }
  if (path.toLowerCase().startsWith('urn:')) throw new ScimError(400, 'invalidPath', `Unknown schema in path "${path}"`);
  return [resource, path];
}

function applyPath(resource: Obj, given: 'add' | 'replace' | 'remove', path: string, value: unknown) {
  // A null value clears the attribute, as a remove does.
  const op = value === null ? 'remove' : given;
  const [container, rest] = containerOf(resource, path);
  const m = /^([A-Za-z$][\w$-]*)(?:\[\s*(\w+)\s+eq\s+"([^"]*)"\s*\])?(?:\.([A-Za-z$][\w$-]*))?$/.exec(rest.trim());
  if (!m) throw new ScimError(400, 'invalidPath', `Unsupported path "${path}"`);
  const [, attribute, filterAttr, filterValue, sub] = m;
  const key = keyOf(container, attribute!);
  if (filterAttr) {
    // A multi-valued attribute's element, e.g. emails[type eq "work"].value.
    const list = Array.isArray(container[key]) ? (container[key] as Obj[]) : [];
    const matches = (e: Obj) => String(e[keyOf(e, filterAttr)] ?? '').toLowerCase() === filterValue!.toLowerCase();
    if (op === 'remove') {
      container[key] = sub ? list.map((e) => (matches(e) ? { ...e, [keyOf(e, sub)]: undefined } : e)) : list.filter((e) => !matches(e));
      return;
    }
    let element = list.find(matches);
    if (!element) {
      element = { [filterAttr]: filterValue };
      list.push(element);
    }
    if (sub) element[keyOf(element, sub)] = value;
    else if (isObject(value)) Object.assign(element, value);
    container[key] = list;
    return;
  }
  if (sub) {
    if (op === 'remove') {
      if (isObject(container[key])) delete (container[key] as Obj)[keyOf(container[key] as Obj, sub)];
      return;
    }
    if (!isObject(container[key])) container[key] = {};
    (container[key] as Obj)[keyOf(container[key] as Obj, sub)] = value;
    return;
  }
  if (op === 'remove') {
    delete container[key];
    return;
  }
  // A complex attribute given whole is merged into the stored one (Okta sends `name` with one sub-attribute changed).
  container[key] = isObject(value) && isObject(container[key]) && key !== 'manager' ? { ...(container[key] as Obj), ...value } : value;
}

export function applyOperations(current: Json, operations: ScimPatch['Operations']): Json {
  const resource = structuredClone(current);
  for (const { op, path, value } of operations) {
    if (path !== undefined && path.trim() !== '') {
      applyPath(resource, op, path, value);
      continue;
    }
    if (op === 'remove') throw new ScimError(400, 'noTarget', 'A remove operation needs a path');
    if (!isObject(value)) throw invalidValue('An operation without a path needs an object as its value');
    // Without a path, each key of the value is an attribute, or a path itself (Entra ID sends
    // "urn:…:enterprise:2.0:User:employeeNumber" and "name.givenName" as keys).
    for (const [name, v] of Object.entries(value)) {
      if (EXTENSIONS.some((e) => e.toLowerCase() === name.toLowerCase()) && isObject(v)) {
        for (const [sub, w] of Object.entries(v)) applyPath(resource, op, `${name}:${sub}`, w);
      } else applyPath(resource, op, name, v);
    }
  }
  return resource;
}
