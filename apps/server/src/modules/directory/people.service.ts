import { inArray, sql } from 'drizzle-orm';
import { Role } from '@rewards/shared/enums';
import type { AttributeChanges, DirectoryAction, DirectoryAttribute, DirectorySource } from '@rewards/shared/directory';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { writeUsersActive } from '../users/users.service.ts';

/**
 * The one writer of what the company directory says of people (docs/architecture.md A6.18), for SCIM and the
 * CSV/XLSX sync alike: so a change reaches the same state, and the same audit rows, whichever way it came.
 * A batch is written set-based (one statement for the creations, one for the updates, one for the audit
 * rows), inside the caller's transaction; (de)activations go through users.service's writeUsersActive, the
 * administrators' own path.
 */

/** A person as the directory states them: each attribute given is the value to hold; one left out stays. */
export interface DirectoryPerson {
  email?: string;
  externalId?: string | null;
  name?: string;
  lastName?: string | null;
  is?: string | null;
  department?: string | null;
  storeId?: number;
  managerId?: number | null;
  active?: boolean;
  hireDate?: string | null;
  birthday?: string | null;
}

/** A person to create (`userId` null: email, name and storeId are required) or the one to update. */
export interface DirectoryWrite {
  userId: number | null;
  person: DirectoryPerson;
}

export interface DirectoryContext {
  source: DirectorySource;
  connectionId: number | null;
  actorId: number | null;
  requestId: string;
  now: Date;
}

export interface DirectoryWritten {
  userId: number;
  /** null: the person already was as stated; nothing was written. */
  action: DirectoryAction | null;
}

/** The columns the directory writes, as read before a change. */
export const directoryColumns = {
  id: s.users.id,
  email: s.users.email,
  externalId: s.users.externalId,
  name: s.users.name,
  lastName: s.users.lastName,
  is: s.users.is,
  department: s.users.department,
  storeId: s.users.storeId,
  managerId: s.users.managerId,
  active: s.users.active,
  hireDate: s.users.hireDate,
  birthday: s.users.birthday,
};
export type DirectoryRow = {
  id: number;
  email: string;
  externalId: string | null;
  name: string;
  lastName: string | null;
  is: string | null;
  department: string | null;
  storeId: number | null;
  managerId: number | null;
  active: number;
  hireDate: string | null;
  birthday: string | null;
};

/** The stored value of each attribute, the way the audit list shows it (office and manager by their ids here). */
type Stored = Partial<Record<DirectoryAttribute, string | number | boolean | null>>;

function storedOf(row: DirectoryRow): Stored {
  return {
    email: row.email,
    externalId: row.externalId,
    name: row.name,
    lastName: row.lastName,
    is: row.is,
    department: row.department,
    office: row.storeId,
    manager: row.managerId,
    active: row.active === 1,
    hireDate: row.hireDate,
    birthday: row.birthday,
  };
}

function wantedOf(person: DirectoryPerson): Stored {
  const wanted: Stored = {};
  if (person.email !== undefined) wanted.email = person.email;
  if (person.externalId !== undefined) wanted.externalId = person.externalId;
  if (person.name !== undefined) wanted.name = person.name;
  if (person.lastName !== undefined) wanted.lastName = person.lastName;
  if (person.is !== undefined) wanted.is = person.is;
  if (person.department !== undefined) wanted.department = person.department;
  if (person.storeId !== undefined) wanted.office = person.storeId;
  if (person.managerId !== undefined) wanted.manager = person.managerId;
  if (person.active !== undefined) wanted.active = person.active;
  if (person.hireDate !== undefined) wanted.hireDate = person.hireDate;
  if (person.birthday !== undefined) wanted.birthday = person.birthday;
  return wanted;
}

/** The attributes whose wanted value differs from the stored one (an e-mail by its case too: it is shown). */
export function changedAttributes(row: DirectoryRow, person: DirectoryPerson): DirectoryAttribute[] {
  const before = storedOf(row);
  const wanted = wantedOf(person);
  return (Object.keys(wanted) as DirectoryAttribute[]).filter((a) => wanted[a] !== before[a]);
}

const text = (v: string | number | boolean | null | undefined) => (v === null || v === undefined ? null : String(v));

/** The names the audit list shows for ids: stores by their name, managers by their e-mail. */
export interface DisplayNames {
  stores: Map<number, string>;
  people: Map<number, string>;
}

function shownValue(names: DisplayNames, a: DirectoryAttribute, v: Stored[DirectoryAttribute]): string | null {
  if (v === null || v === undefined) return null;
  if (a === 'office') return names.stores.get(Number(v)) ?? text(v);
  if (a === 'manager') return names.people.get(Number(v)) ?? text(v);
  return text(v);
}

function describe(attributes: DirectoryAttribute[], was: Stored, wanted: Stored, names: DisplayNames): AttributeChanges {
  return Object.fromEntries(
    attributes.map((a) => [a, { before: shownValue(names, a, was[a]), after: shownValue(names, a, wanted[a]) }]),
  ) as AttributeChanges;
}

/** What writing `person` would change of `row`, as the audit list shows it (before and after of each attribute). */
export function describeChanges(row: DirectoryRow, person: DirectoryPerson, names: DisplayNames): AttributeChanges {
  return describe(changedAttributes(row, person), storedOf(row), wantedOf(person), names);
}

/**
 * Writes a batch: creates the new people, updates the others where they differ, and records one audit row per
 * person changed. `linked`: the ids of existing people the directory takes over in this batch (their first
 * externalId), recorded as `link`. Answers each write's outcome, in order.
 */
export async function writeDirectoryPeople(
  tx: DbOrTx,
  writes: readonly DirectoryWrite[],
  ctx: DirectoryContext,
  linked: ReadonlySet<number> = new Set(),
): Promise<DirectoryWritten[]> {
  const ids = writes.flatMap((w) => (w.userId === null ? [] : [w.userId]));
  const before = new Map<number, DirectoryRow>();
  if (ids.length) {
    const rows = await tx.select(directoryColumns).from(s.users).where(inArray(s.users.id, ids)).for('update');
    for (const row of rows) before.set(row.id, row);
  }

  // Creations, in one statement.
  const creations = writes.filter((w) => w.userId === null);
  const createdIds: number[] = [];
  if (creations.length) {
    const rows = await tx
      .insert(s.users)
      .values(
        creations.map(({ person: p }) => ({
          email: p.email!,
          externalId: p.externalId ?? null,
          name: p.name!,
          lastName: p.lastName ?? null,
          is: p.is ?? null,
          department: p.department ?? null,
          storeId: p.storeId!,
          managerId: p.managerId ?? null,
          active: p.active === false ? 0 : 1,
          hireDate: p.hireDate ?? null,
          birthday: p.birthday ?? null,
          role: Role.User,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })),
      )
      .returning({ id: s.users.id });
    createdIds.push(...rows.map((r) => r.id));
    await tx
      .insert(s.profiles)
      .values(createdIds.map((userId) => ({ userId, storeSource: 'office' as const })))
      .onConflictDoNothing();
  }

  // Updates: each person's changed columns, in one statement (a column absent from a person's object stays).
  const updates: { id: number; set: Record<string, unknown> }[] = [];
  const toggled = { on: [] as number[], off: [] as number[] };
  const results: DirectoryWritten[] = [];
  const audits: { userId: number; action: DirectoryAction; changes: Stored; was: Stored }[] = [];
  let created = 0;
  for (const w of writes) {
    if (w.userId === null) {
      const userId = createdIds[created++]!;
      const given = Object.entries(wantedOf(w.person)).filter(([, v]) => v !== null && v !== undefined);
      audits.push({ userId, action: 'create', changes: Object.fromEntries(given) as Stored, was: {} });
      results.push({ userId, action: 'create' });
      continue;
    }
    const row = before.get(w.userId);
    if (!row) throw new Error(`writeDirectoryPeople: no user ${w.userId}`);
    const changed = changedAttributes(row, w.person);
    if (changed.length === 0) {
      results.push({ userId: row.id, action: null });
      continue;
    }
    const wanted = wantedOf(w.person);
    const was = storedOf(row);
    const set: Record<string, unknown> = {};
    for (const a of changed) {
      if (a === 'active') (wanted.active ? toggled.on : toggled.off).push(row.id);
      else set[a === 'office' ? 'storeId' : a === 'manager' ? 'managerId' : a] = wanted[a];
    }
    if (Object.keys(set).length) updates.push({ id: row.id, set });
    const action: DirectoryAction = linked.has(row.id)
      ? 'link'
      : changed.includes('active')
        ? wanted.active
          ? 'reactivate'
          : 'deactivate'
        : 'update';
    const changes = Object.fromEntries(changed.map((a) => [a, wanted[a]])) as Stored;
    audits.push({ userId: row.id, action, changes, was });
    results.push({ userId: row.id, action });
  }
  if (updates.length) {
    const has = (key: string) => sql.raw(`c.v ? '${key}'`);
    await tx.execute(sql`
      update users u set
        email = case when ${has('email')} then c.v->>'email' else u.email end,
        external_id = case when ${has('externalId')} then c.v->>'externalId' else u.external_id end,
        name = case when ${has('name')} then c.v->>'name' else u.name end,
        last_name = case when ${has('lastName')} then c.v->>'lastName' else u.last_name end,
        "is" = case when ${has('is')} then c.v->>'is' else u."is" end,
        department = case when ${has('department')} then c.v->>'department' else u.department end,
        store_id = case when ${has('storeId')} then (c.v->>'storeId')::int else u.store_id end,
        manager_id = case when ${has('managerId')} then (c.v->>'managerId')::int else u.manager_id end,
        hire_date = case when ${has('hireDate')} then (c.v->>'hireDate')::date else u.hire_date end,
        birthday = case when ${has('birthday')} then c.v->>'birthday' else u.birthday end,
        updated_at = ${ctx.now.toISOString()}::timestamptz,
        modified_by = ${ctx.actorId}
      from jsonb_array_elements(${JSON.stringify(updates.map((u) => ({ ...u.set, id: u.id })))}::jsonb) as c(v)
      where u.id = (c.v->>'id')::int`);
  }
  await writeUsersActive(tx, { userIds: toggled.on, active: true, actorId: ctx.actorId, now: ctx.now });
  await writeUsersActive(tx, { userIds: toggled.off, active: false, actorId: ctx.actorId, now: ctx.now });

  if (audits.length) {
    const names = await displayNames(tx, audits);
    const described = audits.map((e) => describe(Object.keys(e.changes) as DirectoryAttribute[], e.was, e.changes, names));
    await tx.insert(s.directoryAudit).values(
      audits.map((e, i) => ({
        at: ctx.now,
        source: ctx.source,
        connectionId: ctx.connectionId,
        actorId: ctx.actorId,
        requestId: ctx.requestId,
        userId: e.userId,
        action: e.action,
        changes: described[i]!,
      })),
    );
  }
  return results;
}

/** Stores' names and managers' e-mails, for the audit rows of a batch. */
async function displayNames(tx: DbOrTx, audits: { changes: Stored; was: Stored }[]): Promise<DisplayNames> {
  const storeIds = new Set<number>();
  const managerIds = new Set<number>();
  for (const e of audits)
    for (const v of [e.changes, e.was]) {
      if (typeof v.office === 'number') storeIds.add(v.office);
      if (typeof v.manager === 'number') managerIds.add(v.manager);
    }
  const [stores, people] = await Promise.all([
    storeIds.size
      ? tx
          .select({ id: s.stores.id, title: s.stores.title })
          .from(s.stores)
          .where(inArray(s.stores.id, [...storeIds]))
      : [],
    managerIds.size
      ? tx
          .select({ id: s.users.id, email: s.users.email })
          .from(s.users)
          .where(inArray(s.users.id, [...managerIds]))
      : [],
  ]);
  return { stores: new Map(stores.map((r) => [r.id, r.title])), people: new Map(people.map((r) => [r.id, r.email])) };
}
