import { and, eq, isNull } from 'drizzle-orm';
import type { CelebrationSettings, CelebrationSettingsInput } from '@rewards/shared/celebration-admin';
import { DEFAULT_CELEBRATIONS, type CelebrationSettingsValues } from '@rewards/shared/celebration-rules';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as s from '../../db/schema/index.ts';

/*
 * A store's celebration settings (docs/architecture.md A6.17): the local hour a celebration is posted from,
 * the points of each kind and of the anniversaries that are milestones, where 29 February falls in a common
 * year, how many days ahead a manager hears of a coming celebration, and each kind's choice for people who
 * made none. One row per store in celebration_settings, saved whole by its administrators; a store without
 * one (and a person without a store) is celebrated by DEFAULT_CELEBRATIONS. The database's checks hold the
 * same bounds as the API's schema. `budgetId` names the store budget the celebrations' points are spent from
 * (A6.19; rs_celebrate spends it): when saved it must be an open budget of scope `store` of that same store
 * (else CELEBRATION_BUDGET_INVALID); null, none (the program pays, as before budgets).
 */

/** A copy of the defaults that owes nothing to the frozen constant. */
const defaults = (): CelebrationSettingsValues => ({
  ...DEFAULT_CELEBRATIONS,
  milestones: { ...DEFAULT_CELEBRATIONS.milestones },
  defaults: { ...DEFAULT_CELEBRATIONS.defaults },
});

/**
 * The settings a store celebrates by (its row, else the defaults), the budget that pays them (null: none) and
 * when it saved them (null: never).
 */
export async function celebrationSettingsOf(
  db: DbOrTx,
  storeId: number | null,
): Promise<CelebrationSettingsValues & { budgetId: number | null; updatedAt: string | null }> {
  if (storeId === null) return { ...defaults(), budgetId: null, updatedAt: null };
  const [row] = await db.select().from(s.celebrationSettings).where(eq(s.celebrationSettings.storeId, storeId));
  if (!row) return { ...defaults(), budgetId: null, updatedAt: null };
  return {
    localHour: row.localHour,
    birthdayPoints: row.birthdayPoints,
    anniversaryPoints: row.anniversaryPoints,
    welcomePoints: row.welcomePoints,
    milestones: Object.fromEntries(Object.entries(row.milestones).map(([years, points]) => [years, Number(points)])),
    feb29: row.feb29,
    headsUpDays: row.headsUpDays,
    defaults: { birthday: row.defaultBirthday, anniversary: row.defaultAnniversary, welcome: row.defaultWelcome },
    budgetId: row.budgetId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/celebrations/stores/{id}/settings. */
export async function getCelebrationSettings(db: DbOrTx, storeId: number): Promise<CelebrationSettings> {
  return { storeId, ...(await celebrationSettingsOf(db, storeId)) };
}

/** Refuses a budget that is not an open store-scope budget of `storeId` (CELEBRATION_BUDGET_INVALID). */
async function checkBudget(db: DbOrTx, storeId: number, budgetId: number): Promise<void> {
  const [budget] = await db
    .select({ id: s.budgets.id })
    .from(s.budgets)
    .where(and(eq(s.budgets.id, budgetId), eq(s.budgets.storeId, storeId), eq(s.budgets.scope, 'store'), isNull(s.budgets.closedAt)));
  if (!budget) throw new AppError('CELEBRATION_BUDGET_INVALID', { budgetId });
}

/**
 * PUT /api/celebrations/stores/{id}/settings: the store's settings, whole. They apply from the job's next
 * run (docs/architecture.md A6.17): a celebration already posted keeps what it was given.
 */
export async function saveCelebrationSettings(
  db: DbOrTx,
  p: { storeId: number; input: CelebrationSettingsInput; actorId: number; now: Date },
): Promise<CelebrationSettings> {
  const { defaults: choices, ...rest } = p.input;
  if (rest.budgetId !== null) await checkBudget(db, p.storeId, rest.budgetId);
  const values = {
    ...rest,
    defaultBirthday: choices.birthday,
    defaultAnniversary: choices.anniversary,
    defaultWelcome: choices.welcome,
    updatedAt: p.now,
    updatedBy: p.actorId,
  };
  await db
    .insert(s.celebrationSettings)
    .values({ storeId: p.storeId, ...values })
    .onConflictDoUpdate({ target: s.celebrationSettings.storeId, set: values });
  return getCelebrationSettings(db, p.storeId);
}
