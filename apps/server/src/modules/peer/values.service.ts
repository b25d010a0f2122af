import { and, asc, eq } from 'drizzle-orm';
import type { ValueCreate, ValueUpdate } from '@rewards/shared/peer';
import type { CompanyValue } from '@rewards/shared/peer-rules';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertOneLanguage } from '../../lib/bilingual.ts';
import { FOREIGN_KEY_VIOLATION, pgCode } from '../../lib/database-errors.ts';

/**
 * A store's company values (docs/architecture.md A6.16): named in Spanish and English (A6.15), with an
 * optional emoji and colour, in the order of `position`. A give names at least one active value of the
 * giver's store when it has any. A value that recognitions name is never deleted (VALUE_IN_USE): it is
 * deactivated instead, and stays on the recognitions that name it.
 */

const columns = {
  id: s.companyValues.id,
  storeId: s.companyValues.storeId,
  name: s.companyValues.name,
  nameEn: s.companyValues.nameEn,
  emoji: s.companyValues.emoji,
  color: s.companyValues.color,
  active: s.companyValues.active,
  position: s.companyValues.position,
};

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v);

/** A store's values by position: all of them for its administrators, the active ones for everyone else. */
export async function listValues(db: DbOrTx, storeId: number, opts: { activeOnly: boolean }): Promise<CompanyValue[]> {
  const where = opts.activeOnly
    ? and(eq(s.companyValues.storeId, storeId), eq(s.companyValues.active, true))
    : eq(s.companyValues.storeId, storeId);
  return db.select(columns).from(s.companyValues).where(where).orderBy(asc(s.companyValues.position), asc(s.companyValues.id));
}

export async function getValue(db: DbOrTx, id: number): Promise<CompanyValue> {
  const [row] = await db.select(columns).from(s.companyValues).where(eq(s.companyValues.id, id));
  if (!row) throw notFound();
  return row;
}

export async function createValue(
  db: DbOrTx,
  p: { storeId: number; input: ValueCreate; actorId: number; now: Date },
): Promise<CompanyValue> {
  const [row] = await db
    .insert(s.companyValues)
    .values({
      storeId: p.storeId,
      name: p.input.name ?? '',
      nameEn: p.input.nameEn ?? '',
      emoji: blankToNull(p.input.emoji) ?? null,
      color: blankToNull(p.input.color) ?? null,
      active: p.input.active ?? true,
      position: p.input.position ?? 0,
      createdBy: p.actorId,
      modifiedBy: p.actorId,
      createdAt: p.now,
      updatedAt: p.now,
    })
    .returning({ id: s.companyValues.id });
  return getValue(db, row!.id);
}

/** Replaces the fields sent; a language left out keeps what is stored (A6.15). */
export async function updateValue(db: DbOrTx, p: { id: number; input: ValueUpdate; actorId: number; now: Date }): Promise<CompanyValue> {
  const current = await getValue(db, p.id);
  const name = p.input.name ?? current.name;
  const nameEn = p.input.nameEn ?? current.nameEn;
  assertOneLanguage({ name, nameEn }, ['name']);
  await db
    .update(s.companyValues)
    .set({
      name,
      nameEn,
      ...(p.input.emoji !== undefined ? { emoji: blankToNull(p.input.emoji) } : {}),
      ...(p.input.color !== undefined ? { color: blankToNull(p.input.color) } : {}),
      ...(p.input.active !== undefined ? { active: p.input.active } : {}),
      ...(p.input.position !== undefined ? { position: p.input.position } : {}),
      modifiedBy: p.actorId,
      updatedAt: p.now,
    })
    .where(eq(s.companyValues.id, p.id));
  return getValue(db, p.id);
}

/** Deletes a value no recognition names; one that is named is VALUE_IN_USE (deactivate it instead). */
export async function deleteValue(db: DbOrTx, id: number): Promise<void> {
  const [used] = await db
    .select({ id: s.peerRecognitionValues.recognitionId })
    .from(s.peerRecognitionValues)
    .where(eq(s.peerRecognitionValues.valueId, id))
    .limit(1);
  if (used) throw new AppError('VALUE_IN_USE');
  try {
    await db.delete(s.companyValues).where(eq(s.companyValues.id, id));
  } catch (err) {
    // A recognition named it meanwhile.
    if (pgCode(err) === FOREIGN_KEY_VIOLATION) throw new AppError('VALUE_IN_USE');
    throw err;
  }
}
