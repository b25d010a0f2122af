/**
 * The celebrations API's shapes (docs/architecture.md A6.17), from packages/shared (types only: their zod
 * schemas stay out of the page): celebration-admin.ts (a store's settings, the next days' celebrations) and
 * celebrations.ts (people's dates and their import); kinds, choices and rules from celebration-rules.ts.
 */
export type { CelebrationChoice, CelebrationKind, CelebrationSettingsValues, Feb29Rule } from '@rewards/shared/celebration-rules';
export type { CelebrationSettings, UpcomingCelebration } from '@rewards/shared/celebration-admin';
export type {
  PeopleDatesFile as DatesFile,
  PeopleDatesIncorrect as DatesRefusal,
  PeopleDatesRejectionReason as DatesRejectionReason,
  PeopleDatesResult as DatesConfirmResult,
  PeopleDatesReview as DatesReview,
} from '@rewards/shared/celebrations';
import type { UpcomingCelebration } from '@rewards/shared/celebration-admin';
import type { CelebrationSettingsValues } from '@rewards/shared/celebration-rules';
export type { Budget as StoreBudget } from '@rewards/shared/awards-rules';

/** `PUT /api/celebrations/stores/{id}/settings`: the settings and the budget that pays them (null: none). */
export type CelebrationSettingsBody = CelebrationSettingsValues & { budgetId: number | null };

/** A page of the next days' celebrations (`GET /api/celebrations/stores/{id}/upcoming`). */
export interface UpcomingPage {
  data: UpcomingCelebration[];
  page: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
}

/** A row of a people's dates file as the server read it and the review and confirm take it (null: empty cell, the stored value stays). */
export interface DatesRow {
  email: string;
  birthday: string | null;
  hireDate: string | null;
}
