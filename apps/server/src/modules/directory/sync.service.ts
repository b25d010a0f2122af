import { eq } from 'drizzle-orm';
import { birthdayFromCell, hireDateFromCell, isHireDateInRange } from '@rewards/shared/celebrations';
import type { AttributeChanges, DirectorySyncReport, DirectorySyncRowError } from '@rewards/shared/directory';
import { Role } from '@rewards/shared/enums';
import { isValidEmail, normalizeEmail } from '@rewards/shared/load-rules';
import { MAX_SCIM_TEXT } from '@rewards/shared/scim';
import { EMPLOYEE_ID_MAX } from '@rewards/shared/user-rules';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import type { DirectoryFile } from './directory-file.ts';
import { officesOf } from './offices.service.ts';
import {
  describeChanges,
  directoryColumns,
  writeDirectoryPeople,
  type DirectoryContext,
  type DirectoryPerson,
  type DirectoryRow,
  type DirectoryWrite,
} from './people.service.ts';

/**
 * The CSV/XLSX directory sync (docs/architecture.md A6.18): an HR export's rows compared with the people we
 * have, giving exactly which people would be created, updated (with the attributes that change) and, when
 * asked, deactivated (the active people of the file's offices whom it does not name), and each refused row
 * with its reason. Applying it writes those changes through the directory's one writer (people.service), as
 * SCIM does, in one transaction: all of them or none.
 *
 * A row names a person by their directory id (an externalId column, when the file has one), else their
 * e-mail, else their IS (an e-mail change keeps the person). An empty cell, or a column the file does not
 * have, leaves the stored value; a new person needs a name and an office. Super administrators are never
 * deactivated by a sync (the administration cannot lock itself out), nor is whoever applies it.
 */

/** People written per statement. */
const CHUNK = 1000;

const TRUE_WORDS = new Set(['true', '1', 'si', 'sí', 'yes', 'y', 's', 'activo', 'activa', 'active', 'alta', 'x']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'inactivo', 'inactiva', 'inactive', 'baja', 'disabled', 'deshabilitado']);

interface RowError {
  row: number;
  email: string | null;
  code: DirectorySyncRowError;
  value: string | null;
}

interface Planned {
  row: number;
  email: string;
  /** The person's id, null for a new one. */
  userId: number | null;
  person: DirectoryPerson;
  /** A new manager's e-mail: the manager is created by this sync too, so their id is known only then. */
  managerEmail: string | null;
  changes: AttributeChanges;
}

export interface SyncOptions {
  dryRun: boolean;
  deactivateMissing: boolean;
  actorId: number;
  requestId: string;
  now: Date;
  /** The program's today ('YYYY-MM-DD'), for the hire dates' range. */
  today: string;
  /** After people's dates changed (the celebrations' same-day catch-up). */
  afterDatesChanged?: (userIds: number[]) => Promise<void>;
}

const shown = (v: string | number | boolean | null | undefined) => (v === null || v === undefined ? null : String(v));

export async function syncDirectory(db: Db, file: DirectoryFile, opts: SyncOptions): Promise<DirectorySyncReport> {
  const offices = await officesOf(db);
  const people = await db
    .select({ ...directoryColumns, role: s.users.role })
    .from(s.users)
    .where(eq(s.users.isStore, false));
  const byEmail = new Map<string, DirectoryRow & { role: number }>();
  const byIs = new Map<string, DirectoryRow & { role: number }>();
  const byExternalId = new Map<string, DirectoryRow & { role: number }>();
  const emailOfId = new Map<number, string>();
  for (const p of people) {
    byEmail.set(p.email.toLowerCase(), p);
    if (p.is) byIs.set(p.is.trim().toLowerCase(), p);
    if (p.externalId) byExternalId.set(p.externalId, p);
    emailOfId.set(p.id, p.email);
  }
  // Store accounts keep their e-mails: a row naming one is refused.
  const storeEmails = new Set(
    (await db.select({ email: s.users.email }).from(s.users).where(eq(s.users.isStore, true))).map((r) => r.email.toLowerCase()),
  );

  const errors: RowError[] = [];
  const planned: Planned[] = [];
  const seenEmails = new Set<string>();
  const seenIs = new Map<string, number>();
  /** The people the file names (matched or refused), whom "deactivate the missing" leaves alone. */
  const named = new Set<number>();
  /** The offices the file names, whose missing people may be deactivated. */
  const fileOffices = new Set<number>();
  /** E-mails of the people this file creates, who may be others' managers. */
  const newEmails = new Set<string>();

  // First pass: who each row is, and who is new (a manager may be a new person of a later row).
  const rows = file.rows.map((r) => {
    const email = normalizeEmail(r.cells.email ?? '');
    const is = r.cells.is?.trim() || null;
    const externalId = r.cells.externalId?.trim() || null;
    const target =
      (externalId ? byExternalId.get(externalId) : undefined) ?? byEmail.get(email) ?? (is ? byIs.get(is.toLowerCase()) : undefined);
    if (target) named.add(target.id);
    return { ...r, email, is, externalId, target };
  });
  for (const r of rows) if (!r.target && isValidEmail(r.email)) newEmails.add(r.email);

  for (const r of rows) {
    const refuse = (code: DirectorySyncRowError, value: string | null = null) => {
      errors.push({ row: r.row, email: r.email || (r.cells.email ?? null) || null, code, value });
    };
    if (!isValidEmail(r.email) || storeEmails.has(r.email)) {
      refuse('INVALID_EMAIL', r.cells.email ?? '');
      continue;
    }
    if (seenEmails.has(r.email)) {
      refuse('DUPLICATE_IN_FILE', r.email);
      continue;
    }
    seenEmails.add(r.email);
    const target = r.target;
    const c = r.cells;
    const text = (v: string | undefined) => (v === undefined ? undefined : v.trim() || undefined);
    const tooLong = (['name', 'lastName', 'department', 'office', 'externalId'] as const).find((a) => (c[a]?.length ?? 0) > MAX_SCIM_TEXT);
    if (tooLong || (r.is?.length ?? 0) > EMPLOYEE_ID_MAX) {
      refuse('TEXT_TOO_LONG', tooLong ? c[tooLong]!.slice(0, 40) : r.is!.slice(0, 40));
      continue;
    }
    // The e-mail and IS are this person's alone.
    const emailOwner = byEmail.get(r.email);
    if (target && emailOwner && emailOwner.id !== target.id) {
      refuse('EMAIL_TAKEN', r.email);
      continue;
    }
    if (r.is) {
      const owner = byIs.get(r.is.toLowerCase());
      const earlier = seenIs.get(r.is.toLowerCase());
      if ((owner && owner.id !== target?.id) || earlier !== undefined) {
        refuse('IS_TAKEN', r.is);
        continue;
      }
      seenIs.set(r.is.toLowerCase(), r.row);
    }
    const person: DirectoryPerson = { email: r.email };
    if (r.externalId) person.externalId = r.externalId;
    const name = text(c.name);
    if (name) person.name = name;
    else if (!target) {
      refuse('MISSING_NAME');
      continue;
    }
    const lastName = text(c.lastName);
    if (lastName) person.lastName = lastName;
    if (r.is) person.is = r.is;
    const department = text(c.department);
    if (department) person.department = department;
    const office = text(c.office);
    if (office) {
      const storeId = offices.match(office);
      if (storeId === undefined) {
        refuse('UNKNOWN_OFFICE', office);
        continue;
      }
      person.storeId = storeId;
      fileOffices.add(storeId);
    } else if (!target) {
      refuse('MISSING_OFFICE');
      continue;
    } else if (target.storeId !== null) fileOffices.add(target.storeId);
    const active = text(c.active)?.toLowerCase();
    if (active !== undefined) {
      if (TRUE_WORDS.has(active)) person.active = true;
      else if (FALSE_WORDS.has(active)) person.active = false;
      else {
        refuse('INVALID_ACTIVE', c.active!.trim());
        continue;
      }
    }
    const hire = text(c.hireDate);
    if (hire) {
      const date = hireDateFromCell(hire);
      if (!date || !isHireDateInRange(date, opts.today)) {
        refuse('INVALID_HIRE_DATE', hire);
        continue;
      }
      person.hireDate = date;
    }
    const birthday = text(c.birthday);
    if (birthday) {
      const day = birthdayFromCell(birthday);
      if (!day) {
        refuse('INVALID_BIRTHDAY', birthday);
        continue;
      }
      person.birthday = day;
    }
    let managerEmail: string | null = null;
    const manager = text(c.manager);
    if (manager) {
      const m = normalizeEmail(manager);
      if (m === r.email) {
        refuse('MANAGER_SELF', manager);
        continue;
      }
      const known = byEmail.get(m);
      if (known) person.managerId = known.id;
      else if (newEmails.has(m)) managerEmail = m;
      else {
        refuse('UNKNOWN_MANAGER', manager);
        continue;
      }
    }
    const changes = target ? describeChanges(target, person, { stores: offices.byId, people: emailOfId }) : {};
    if (target && managerEmail)
      changes.manager = { before: shown(target.managerId && emailOfId.get(target.managerId)), after: managerEmail };
    planned.push({ row: r.row, email: r.email, userId: target?.id ?? null, person, managerEmail, changes });
  }

  const created = planned.filter((p) => p.userId === null);
  const updated = planned.filter((p) => p.userId !== null && Object.keys(p.changes).length > 0);
  const unchanged = planned.length - created.length - updated.length;
  const missing = opts.deactivateMissing
    ? people.filter(
        (p) =>
          p.active === 1 &&
          p.storeId !== null &&
          fileOffices.has(p.storeId) &&
          !named.has(p.id) &&
          p.role !== Role.SuperAdmin &&
          p.id !== opts.actorId,
      )
    : [];

  const report: DirectorySyncReport = {
    dryRun: opts.dryRun,
    format: file.format,
    sheet: file.sheet,
    rows: file.rows.length,
    columns: file.columns,
    created: created.map((p) => ({ row: p.row, email: p.email, name: p.person.name!, office: offices.byId.get(p.person.storeId!)! })),
    updated: updated.map((p) => ({
      row: p.row,
      userId: p.userId!,
      email: p.email,
      name: p.person.name ?? people.find((x) => x.id === p.userId)!.name,
      changes: p.changes,
    })),
    deactivated: missing.map((p) => ({ userId: p.id, email: p.email, name: p.name, office: offices.byId.get(p.storeId!) ?? null })),
    unchanged,
    errors: errors.sort((a, b) => a.row - b.row),
  };
  if (opts.dryRun) return report;

  const ctx: DirectoryContext = { source: 'sync', connectionId: null, actorId: opts.actorId, requestId: opts.requestId, now: opts.now };
  const datesChanged: number[] = [];
  /** New people whose new manager existed when they were created. */
  const createdWithManager = new Set<Planned>();
  /** A person's manager who is new too, once created (nothing while not yet). */
  const managerOf = (p: Planned, createdIds: Map<string, number>) => {
    const id = p.managerEmail === null ? undefined : createdIds.get(p.managerEmail);
    if (id === undefined) return {};
    if (p.userId === null) createdWithManager.add(p);
    return { managerId: id };
  };
  await db.transaction(async (tx) => {
    const createdIds = new Map<string, number>();
    // New people in rounds, managers before the people they manage, so that each is created with their manager
    // (one audit row each); of people naming each other, one is created first and given their manager after.
    let waiting = created;
    while (waiting.length) {
      const ready = waiting.filter((p) => p.managerEmail === null || createdIds.has(p.managerEmail));
      const round = ready.length ? ready : waiting.slice(0, 1);
      for (let i = 0; i < round.length; i += CHUNK) {
        const chunk = round.slice(i, i + CHUNK);
        const written = await writeDirectoryPeople(
          tx,
          chunk.map((p) => ({ userId: null, person: { ...p.person, ...managerOf(p, createdIds) } }) satisfies DirectoryWrite),
          ctx,
        );
        written.forEach((w, j) => createdIds.set(chunk[j]!.email, w.userId));
      }
      const done = new Set(round);
      waiting = waiting.filter((p) => !done.has(p));
    }
    const unset = created.filter((p) => p.managerEmail !== null && !createdWithManager.has(p));
    const updates: DirectoryWrite[] = [
      ...updated.map((p) => ({ userId: p.userId!, person: { ...p.person, ...managerOf(p, createdIds) } })),
      ...unset.map((p) => ({ userId: createdIds.get(p.email)!, person: managerOf(p, createdIds) })),
    ];
    for (let i = 0; i < updates.length; i += CHUNK) await writeDirectoryPeople(tx, updates.slice(i, i + CHUNK), ctx);
    for (let i = 0; i < missing.length; i += CHUNK)
      await writeDirectoryPeople(
        tx,
        missing.slice(i, i + CHUNK).map((p) => ({ userId: p.id, person: { active: false } })),
        ctx,
      );
    for (const p of planned)
      if (p.person.hireDate !== undefined || p.person.birthday !== undefined) {
        const id = p.userId ?? createdIds.get(p.email);
        if (id !== undefined) datesChanged.push(id);
      }
  });
  await opts.afterDatesChanged?.(datesChanged);
  return report;
}
