/** Role values of docs/architecture.md P6 / docs/architecture.md A6. */
export const Role = { User: 1, Admin: 2, SuperAdmin: 3 } as const;
export type Role = (typeof Role)[keyof typeof Role];
export const roleValues = [Role.User, Role.Admin, Role.SuperAdmin] as const;

/** Roles 2 and 3 reach the admin area. */
export function isAdminRole(role: number): boolean {
  return role === Role.Admin || role === Role.SuperAdmin;
}

/** Order status values; allowed moves live with the orders module. */
export const OrderStatus = {
  Pending: 1,
  InProgress: 2,
  OnTheWay: 3,
  Completed: 4,
  Canceled: 5,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** How the shop sorts a product list; `relevance` only with a search text. */
export const productOrders = ['featured', 'date', 'price_asc', 'price_desc', 'relevance'] as const;
export type ProductOrder = (typeof productOrders)[number];

/** `celebration`: a person's own celebration (docs/architecture.md A6.17). */
export const notificationItemTypes = ['orders', 'ordersUpdate', 'products', 'points', 'challenge', 'celebration'] as const;
export type NotificationItemType = (typeof notificationItemTypes)[number];

/**
 * `recognition`: points a colleague gave from their giving allowance (docs/architecture.md A6.16);
 * `celebration`: the company's points on a birthday, work anniversary or first day (docs/architecture.md A6.17);
 * `award`: a company-funded award from a budget (docs/architecture.md A6.19).
 */
export const transactionKinds = [
  'load',
  'challenge',
  'order',
  'refund',
  'expiry',
  'adjustment',
  'recognition',
  'celebration',
  'award',
] as const;
export type TransactionKind = (typeof transactionKinds)[number];

export const challengeTypes = ['multiple_choice', 'open'] as const;
export type ChallengeType = (typeof challengeTypes)[number];

export const frequencyPeriods = ['year', 'month', 'day', 'activity'] as const;
export type FrequencyPeriod = (typeof frequencyPeriods)[number];
/**
 * What a once-per-activity recognition is given for (decision 0036: "1 per class, trivia and webinar"): each
 * load names the activity (title and date) and a person receives the recognition once per activity.
 * 'activity' is any other kind ("once per activity").
 */
export const activityKinds = ['class', 'trivia', 'webinar', 'activity'] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const contactMethods = ['teams', 'email'] as const;
export type ContactMethod = (typeof contactMethods)[number];

export const languages = ['es', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'es';

/** Access levels a route declares (docs/architecture.md A5). */
export const accessLevels = ['public', 'user', 'admin', 'super'] as const;
export type AccessLevel = (typeof accessLevels)[number];
