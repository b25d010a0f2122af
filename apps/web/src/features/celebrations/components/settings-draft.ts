import {
  CELEBRATION_POINTS_MAX,
  celebrationKinds,
  HEADS_UP_DAYS_MAX,
  MILESTONE_YEARS_MAX,
  MILESTONES_MAX,
} from '@rewards/shared/celebration-rules';
import type { CelebrationChoice, CelebrationKind, CelebrationSettingsBody, CelebrationSettingsValues, Feb29Rule } from '../api/types';

/** A milestone as typed: years of service and the points instead of the anniversary's. */
export interface MilestoneDraft {
  id: number;
  years: string;
  points: string;
}

/** A store's celebration settings as the form holds them (numbers as typed). */
export interface SettingsDraft {
  localHour: string;
  birthdayPoints: string;
  anniversaryPoints: string;
  welcomePoints: string;
  milestones: MilestoneDraft[];
  feb29: Feb29Rule;
  headsUpDays: string;
  defaults: Record<CelebrationKind, CelebrationChoice>;
  /** The budget that pays the celebrations, as the select holds it ('': none). */
  budgetId: string;
}

export { MILESTONES_MAX, MILESTONE_YEARS_MAX };

export type SettingsField = 'localHour' | 'birthdayPoints' | 'anniversaryPoints' | 'welcomePoints' | 'headsUpDays' | 'milestones';
/** What is wrong with a field: a whole number outside its bounds, or a milestone's years given twice. */
export type SettingsProblem = 'range' | 'duplicate';
export interface SettingsErrors {
  fields: Partial<Record<SettingsField, SettingsProblem>>;
  /** Per milestone (by its draft id): which of its two numbers is wrong. */
  milestones: Record<number, { years?: SettingsProblem; points?: SettingsProblem }>;
}

let nextId = 1;
export const newMilestone = (years = '', points = ''): MilestoneDraft => ({ id: nextId++, years, points });

export function draftOf(s: CelebrationSettingsValues & { budgetId?: number | null }): SettingsDraft {
  return {
    localHour: String(s.localHour),
    birthdayPoints: String(s.birthdayPoints),
    anniversaryPoints: String(s.anniversaryPoints),
    welcomePoints: String(s.welcomePoints),
    milestones: Object.entries(s.milestones)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([years, points]) => newMilestone(years, String(points))),
    feb29: s.feb29,
    headsUpDays: String(s.headsUpDays),
    defaults: { ...s.defaults },
    budgetId: s.budgetId == null ? '' : String(s.budgetId),
  };
}

/** A whole number from `min` to `max` as typed, else null. */
function whole(text: string, min: number, max: number): number | null {
  if (!/^\d{1,9}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : null;
}

/** The same bounds as the database's checks on celebration_settings (celebration-rules.ts). */
export function validateSettings(d: SettingsDraft): SettingsErrors {
  const errors: SettingsErrors = { fields: {}, milestones: {} };
  if (whole(d.localHour, 0, 23) === null) errors.fields.localHour = 'range';
  for (const f of ['birthdayPoints', 'anniversaryPoints', 'welcomePoints'] as const)
    if (whole(d[f], 0, CELEBRATION_POINTS_MAX) === null) errors.fields[f] = 'range';
  if (whole(d.headsUpDays, 0, HEADS_UP_DAYS_MAX) === null) errors.fields.headsUpDays = 'range';
  const seen = new Set<number>();
  for (const m of d.milestones) {
    const years = whole(m.years, 1, MILESTONE_YEARS_MAX);
    const problem: { years?: SettingsProblem; points?: SettingsProblem } = {};
    if (years === null) problem.years = 'range';
    else if (seen.has(years)) problem.years = 'duplicate';
    else seen.add(years);
    if (whole(m.points, 0, CELEBRATION_POINTS_MAX) === null) problem.points = 'range';
    if (problem.years || problem.points) errors.milestones[m.id] = problem;
  }
  if (d.milestones.length > MILESTONES_MAX) errors.fields.milestones = 'range';
  return errors;
}

export const hasErrors = (e: SettingsErrors) => Object.keys(e.fields).length > 0 || Object.keys(e.milestones).length > 0;

/** The settings a valid draft saves (PUT body). */
export function valuesOf(d: SettingsDraft): CelebrationSettingsBody {
  return {
    localHour: Number(d.localHour),
    birthdayPoints: Number(d.birthdayPoints),
    anniversaryPoints: Number(d.anniversaryPoints),
    welcomePoints: Number(d.welcomePoints),
    milestones: Object.fromEntries(
      [...d.milestones].sort((a, b) => Number(a.years) - Number(b.years)).map((m) => [String(Number(m.years)), Number(m.points)]),
    ),
    feb29: d.feb29,
    headsUpDays: Number(d.headsUpDays),
    defaults: Object.fromEntries(celebrationKinds.map((k) => [k, d.defaults[k]])) as Record<CelebrationKind, CelebrationChoice>,
    budgetId: d.budgetId === '' ? null : Number(d.budgetId),
  };
}
