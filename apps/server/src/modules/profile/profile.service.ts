import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '@rewards/shared/enums';
import {
  profileCategories,
  type CatalogOption,
  type NearestStoreResult,
  type Position,
  type ProfileForm,
  type StoreSource,
  type UserPreferences,
} from '@rewards/shared/profile';
import type { Coordinates, SavedPlace } from '@rewards/shared/places';
import { celebrationKinds, DEFAULT_CELEBRATIONS } from '@rewards/shared/celebration-rules';
import type { OwnCelebrationChoices, OwnCelebrations, OwnCelebrationsUpdate } from '@rewards/shared/celebrations';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { namePlace, reverseGeocode } from '../places/places.service.ts';

const profileSlugs = profileCategories.map((c) => c.value);

/** `GET /api/userPreferences`: the saved preferences, or the defaults of a profile never saved. */
export async function getPreferences(db: DbOrTx, userId: number): Promise<UserPreferences> {
  const [row] = await db
    .select({ storeId: s.users.storeId, profile: s.profiles })
    .from(s.users)
    .leftJoin(s.profiles, eq(s.profiles.userId, s.users.id))
    .where(eq(s.users.id, userId));
  if (!row) throw notFound();
  const p = row.profile;
  return {
    city: p?.city ?? null,
    postalCode: p?.postalCode ?? null,
    state: p?.state ?? null,
    address: p?.address ?? null,
    preferredContact: p?.preferredContact ?? 'email',
    preferredCategoryId: p?.preferredCategoryId ?? null,
    officeInCity: p?.officeInCity ?? null,
    productNews: p?.productNews ?? false,
    storeId: row.storeId,
    storeSource: p?.storeSource ?? null,
    language: p?.language ?? null,
    savedAt: p?.savedAt?.toISOString() ?? null,
    place: p ? savedPlaceOf(p) : null,
  };
}

/** The place kept with a profile, named in both languages; null until a position is saved. */
function savedPlaceOf(p: typeof s.profiles.$inferSelect): SavedPlace | null {
  if (p.latitude === null || p.longitude === null || p.timeZone === null || p.locatedAt === null) return null;
  return {
    ...namePlace({
      latitude: p.latitude,
      longitude: p.longitude,
      countryCode: p.countryCode,
      continent: p.continent,
      timeZone: p.timeZone,
    }),
    locatedAt: p.locatedAt.toISOString(),
  };
}

/**
 * `PUT /api/users/profile/position` (and the layout's nearest-store call): keeps the user's position with
 * the country, continent and time zone derived from it offline (docs/decisions/0029-offline-reverse-geocoding.md).
 */
export async function savePosition(db: DbOrTx, p: { userId: number; position: Coordinates; now: Date }): Promise<SavedPlace> {
  const place = await reverseGeocode(p.position);
  const values = {
    latitude: place.latitude,
    longitude: place.longitude,
    countryCode: place.countryCode,
    continent: place.continent,
    timeZone: place.timeZone,
    locatedAt: p.now,
    updatedAt: p.now,
  };
  // The session user's row exists (sessions cascade with it), so the profile row can be written at once.
  await db
    .insert(s.profiles)
    .values({ userId: p.userId, ...values })
    .onConflictDoUpdate({ target: s.profiles.userId, set: values });
  return { ...place, locatedAt: p.now.toISOString() };
}

/** `DELETE /api/users/profile/position`: forgets the position and what was derived from it. */
export async function forgetPosition(db: DbOrTx, p: { userId: number; now: Date }): Promise<void> {
  await db
    .update(s.profiles)
    .set({ latitude: null, longitude: null, countryCode: null, continent: null, timeZone: null, locatedAt: null, updatedAt: p.now })
    .where(eq(s.profiles.userId, p.userId));
}

/**
 * The profile categories of docs/architecture.md P9 that a store's catalogue offers (active, matched by slug),
 * in the list's order: what the preferences form offers and what `preferredCategoryId` may be.
 */
export async function profileCategoriesOf(db: DbOrTx, storeId: number | null): Promise<CatalogOption[]> {
  if (storeId === null) return [];
  const rows = await db
    .select({ id: s.categories.id, slug: s.categories.slug })
    .from(s.categories)
    .where(and(eq(s.categories.storeId, storeId), eq(s.categories.active, true), inArray(s.categories.slug, profileSlugs)));
  const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
  return profileCategories.flatMap((c) => {
    const id = bySlug.get(c.value);
    return id === undefined ? [] : [{ id, value: c.value, label: { ...c.label } }];
  });
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', [{ field: `body.${field}`, message, code: 'custom' }]);

/**
 * `POST /api/users/profile`: saves the preferences form. Sending `storeId` is choosing that store (it is
 * then never replaced by the nearest one); the preferred category must be a profile category of the
 * user's store. The language the user reads the site in is kept for their e-mails.
 */
export async function saveProfile(
  db: DbOrTx,
  p: { userId: number; form: ProfileForm; language: Language; now: Date; teamsAvailable: boolean },
): Promise<UserPreferences> {
  const { form } = p;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: s.users.id, storeId: s.users.storeId, contact: s.profiles.preferredContact })
      .from(s.users)
      .leftJoin(s.profiles, eq(s.profiles.userId, s.users.id))
      .where(eq(s.users.id, p.userId))
      .for('update', { of: s.users });
    if (!user) throw notFound();
    // Choosing Teams where it is not configured is refused; a Teams choice saved before (Teams was
    // configured then) stays, and its copies go by e-mail (docs/decisions/0030-teams-channel.md).
    if (form.preferredContact === 'teams' && !p.teamsAvailable && user.contact !== 'teams') {
      throw new AppError('TEAMS_UNAVAILABLE', [{ field: 'body.preferredContact', message: 'Teams is not available', code: 'custom' }]);
    }
    let storeId = user.storeId;
    let storeSource: StoreSource | undefined;
    if (form.storeId !== undefined && form.storeId !== null) {
      const [store] = await tx
        .select({ id: s.stores.id })
        .from(s.stores)
        .where(and(eq(s.stores.id, form.storeId), eq(s.stores.active, true)));
      if (!store) throw invalid('storeId', 'Choose an active store');
      storeId = store.id;
      storeSource = 'chosen';
    }
    if (form.preferredCategoryId !== null) {
      const offered = await profileCategoriesOf(tx, storeId);
      if (!offered.some((c) => c.id === form.preferredCategoryId)) throw invalid('preferredCategoryId', 'Choose a category of your store');
    }
    if (storeId !== user.storeId) await tx.update(s.users).set({ storeId, updatedAt: p.now }).where(eq(s.users.id, user.id));
    const values = {
      city: form.city,
      postalCode: form.postalCode.toUpperCase(),
      state: form.state,
      address: form.address,
      preferredContact: form.preferredContact,
      preferredCategoryId: form.preferredCategoryId,
      officeInCity: form.officeInCity,
      ...(form.productNews !== undefined ? { productNews: form.productNews } : {}),
      language: p.language,
      savedAt: p.now,
      updatedAt: p.now,
      ...(storeSource ? { storeSource } : {}),
    };
    await tx
      .insert(s.profiles)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: s.profiles.userId, set: values });
  });
  return getPreferences(db, p.userId);
}

/** Great-circle distance in km from a position to a store, in SQL (haversine; the argument clamped for rounding). */
const distanceKm = (pos: Position) =>
  sql<number>`12742 * asin(least(1, sqrt(
    power(sin(radians(${s.stores.lat} - ${pos.latitude}::float8) / 2), 2)
    + cos(radians(${pos.latitude}::float8)) * cos(radians(${s.stores.lat}))
      * power(sin(radians(${s.stores.long} - ${pos.longitude}::float8) / 2), 2))))`;

/** The nearest active store to a position (ties: the oldest store), or null when there is none. */
export async function nearestStore(db: DbOrTx, pos: Position): Promise<{ id: number; title: string; km: number } | null> {
  const [row] = await db
    .select({ id: s.stores.id, title: s.stores.title, km: distanceKm(pos) })
    .from(s.stores)
    .where(eq(s.stores.active, true))
    .orderBy(distanceKm(pos), asc(s.stores.id))
    .limit(1);
  return row ?? null;
}

/**
 * `POST /api/users/store/nearest` (the layout, with the browser's position): a user with no store, or
 * with the default store of a sign-in that knew neither office nor position, gets the nearest active
 * store. A store the user chose, the directory's office, an earlier nearest one or one an administrator
 * set is never replaced. The preferred category follows the move (same slug in the new store, else none).
 */
export async function adoptNearestStore(db: DbOrTx, p: { userId: number; position: Position; now: Date }): Promise<NearestStoreResult> {
  // The browser's position is the user's: kept with what it tells (country, time zone) for the profile.
  await savePosition(db, p);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ storeId: s.users.storeId, storeSource: s.profiles.storeSource, categoryId: s.profiles.preferredCategoryId })
      .from(s.users)
      .leftJoin(s.profiles, eq(s.profiles.userId, s.users.id))
      .where(eq(s.users.id, p.userId))
      .for('update', { of: s.users });
    if (!row) throw notFound();
    const eligible = row.storeId === null || row.storeSource === 'default';
    const nearest = eligible ? await nearestStore(tx, p.position) : null;
    if (!nearest || nearest.id === row.storeId) {
      const storeName =
        row.storeId === null
          ? null
          : ((await tx.select({ t: s.stores.title }).from(s.stores).where(eq(s.stores.id, row.storeId)))[0]?.t ?? null);
      return { storeId: row.storeId, storeName, changed: false, storeSource: row.storeSource ?? null };
    }
    await tx.update(s.users).set({ storeId: nearest.id, updatedAt: p.now }).where(eq(s.users.id, p.userId));
    const categoryId =
      row.categoryId === null
        ? null
        : ((
            await tx
              .select({ id: s.categories.id })
              .from(s.categories)
              .where(
                and(
                  eq(s.categories.storeId, nearest.id),
                  eq(s.categories.slug, sql`(select c.slug from ${s.categories} c where c.id = ${row.categoryId})`),
                ),
              )
          )[0]?.id ?? null);
    await tx
      .insert(s.profiles)
      .values({ userId: p.userId, storeSource: 'nearest', updatedAt: p.now })
      .onConflictDoUpdate({
        target: s.profiles.userId,
        set: { storeSource: 'nearest', preferredCategoryId: categoryId, updatedAt: p.now },
      });
    return { storeId: nearest.id, storeName: nearest.title, changed: true, storeSource: 'nearest' };
  });
}

// ---------------------------------------------------------------------------------------------
// The session user's celebrations (docs/architecture.md A6.17)
// ---------------------------------------------------------------------------------------------

/**
 * `GET /api/users/profile/celebrations`: the person's birthday ('MM-DD', never a year) and hire date (the
 * administrators'), their choice per kind (null: their store's default), and those defaults: their store's
 * settings, or the program's (DEFAULT_CELEBRATIONS) for a store that saved none or a person with no store.
 */
export async function getOwnCelebrations(db: DbOrTx, userId: number): Promise<OwnCelebrations> {
  const [row] = await db
    .select({
      birthday: s.users.birthday,
      hireDate: s.users.hireDate,
      settings: {
        storeId: s.celebrationSettings.storeId,
        birthday: s.celebrationSettings.defaultBirthday,
        anniversary: s.celebrationSettings.defaultAnniversary,
        welcome: s.celebrationSettings.defaultWelcome,
      },
    })
    .from(s.users)
    .leftJoin(s.celebrationSettings, eq(s.celebrationSettings.storeId, s.users.storeId))
    .where(eq(s.users.id, userId));
  if (!row) throw notFound();
  const saved = await db
    .select({ kind: s.celebrationChoices.kind, choice: s.celebrationChoices.choice })
    .from(s.celebrationChoices)
    .where(eq(s.celebrationChoices.userId, userId));
  const choices = Object.fromEntries(
    celebrationKinds.map((k) => [k, saved.find((c) => c.kind === k)?.choice ?? null]),
  ) as OwnCelebrationChoices;
  const store = row.settings;
  return {
    birthday: row.birthday,
    hireDate: row.hireDate,
    choices,
    defaults: store
      ? { birthday: store.birthday, anniversary: store.anniversary, welcome: store.welcome }
      : { ...DEFAULT_CELEBRATIONS.defaults },
    storeDefaultsFrom: store ? 'store' : 'program',
  };
}

/**
 * `PUT /api/users/profile/celebrations`: saves the person's birthday (null clears it) and their choices
 * (null: back to the store's default); what is left out stays (nothing at all: NOTHING_TO_CHANGE). Then
 * `afterDatesChanged` runs for them (a birthday of today, or a choice to be celebrated, after the store's
 * hour is celebrated at once; the job keeps it once).
 */
export async function saveOwnCelebrations(
  db: DbOrTx,
  p: { userId: number; input: OwnCelebrationsUpdate; now: Date; afterDatesChanged?: (userIds: number[]) => Promise<void> },
): Promise<OwnCelebrations> {
  const { birthday, choices = {} } = p.input;
  const kinds = celebrationKinds.filter((k) => choices[k] !== undefined);
  if (birthday === undefined && kinds.length === 0) throw new AppError('NOTHING_TO_CHANGE');
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.id, p.userId)).for('update');
    if (!user) throw notFound();
    if (birthday !== undefined) await tx.update(s.users).set({ birthday, updatedAt: p.now }).where(eq(s.users.id, user.id));
    const cleared = kinds.filter((k) => choices[k] === null);
    if (cleared.length)
      await tx
        .delete(s.celebrationChoices)
        .where(and(eq(s.celebrationChoices.userId, user.id), inArray(s.celebrationChoices.kind, cleared)));
    const chosen = kinds.flatMap((kind) => {
      const choice = choices[kind];
      return choice ? [{ userId: user.id, kind, choice, updatedAt: p.now }] : [];
    });
    if (chosen.length)
      await tx
        .insert(s.celebrationChoices)
        .values(chosen)
        .onConflictDoUpdate({
          target: [s.celebrationChoices.userId, s.celebrationChoices.kind],
          set: { choice: sql`excluded.choice`, updatedAt: p.now },
        });
  });
  await p.afterDatesChanged?.([p.userId]);
  return getOwnCelebrations(db, p.userId);
}
