// No zod here: the feed, the give dialog and the header read these (docs/decisions/0028-light-first-paint.md).
// The zod schemas of the same shapes are in peer.ts (the server's and the OpenAPI document's).
import { celebrationKinds } from './celebration-rules.ts';

/**
 * Peer recognition (docs/architecture.md A6.16, docs/decisions/0048-peer-recognition.md): employees give
 * points to colleagues from a giving allowance that resets each period; the company sees it in a feed.
 */

/**
 * The API's paths (all under /api, JSON, signed in). The administration lives under /api/peer/ so that no path
 * is ambiguous with /api/stores/... and /api/users/... of their own modules:
 * - POST /recognitions (Idempotency-Key), GET /recognitions?cursor&limit&valueId&personId&direction&storeId,
 *   GET /recognitions/{id}, GET /recognitions/allowance, GET /recognitions/values?storeId (active values of a
 *   store, default the caller's), POST /recognitions/{id}/comments, POST /recognitions/{id}/addons
 *   (Idempotency-Key), PUT and DELETE /recognitions/{id}/reactions/{emoji} (204), GET /people?q&limit.
 *   The profile's tabs are GET /recognitions?personId={id}&direction=given|received.
 * - Administrators of the store (super administrators: any): GET and PUT /peer/stores/{id}/giving,
 *   GET and POST /peer/stores/{id}/values, PUT and DELETE /peer/values/{id} (a value recognitions name is
 *   409 VALUE_IN_USE: deactivate it with PUT { active: false }), POST /peer/users/{id}/allowance-boosts,
 *   PUT /peer/users/{id}/manager.
 */
export const peerApi = {
  recognitions: '/api/recognitions',
  recognition: (id: number) => `/api/recognitions/${id}`,
  allowance: '/api/recognitions/allowance',
  values: '/api/recognitions/values',
  comments: (id: number) => `/api/recognitions/${id}/comments`,
  addons: (id: number) => `/api/recognitions/${id}/addons`,
  reaction: (id: number, emoji: PeerReaction) => `/api/recognitions/${id}/reactions/${emoji}`,
  people: '/api/people',
  giving: (storeId: number) => `/api/peer/stores/${storeId}/giving`,
  storeValues: (storeId: number) => `/api/peer/stores/${storeId}/values`,
  value: (id: number) => `/api/peer/values/${id}`,
  boosts: (userId: number) => `/api/peer/users/${userId}/allowance-boosts`,
  manager: (userId: number) => `/api/peer/users/${userId}/manager`,
} as const;

/** How often a store's giving allowance resets: ISO week (Monday), calendar month or quarter (program time zone). */
export const givingPeriods = ['week', 'month', 'quarter'] as const;
export type GivingPeriod = (typeof givingPeriods)[number];

/** A store's giving settings when it has none (and for people without a store). */
export const DEFAULT_GIVING = {
  amount: 100,
  period: 'month',
  minMessage: 20,
  shareCapPercent: 50,
  perReport: 0,
} as const satisfies GivingSettingsValues;

/** Bounds of the giving settings form. */
export const GIVING_AMOUNT_MAX = 100_000;
export const MIN_MESSAGE_MAX = 2_000;
export const PER_REPORT_MAX = 100_000;
/** The most points an administrator may add to one person's allowance at once. */
export const BOOST_MAX = 100_000;
export const BOOST_NOTE_MAX = 300;

/** At most this many colleagues in one recognition, each distinct and never the giver. */
export const MAX_RECIPIENTS = 20;
/** A recognition's (and an add-on's, and a comment's) message is at most this long. */
export const PEER_MESSAGE_MAX = 2_000;
/** The most points per recipient a single give may name (the allowance decides what is actually possible). */
export const PEER_POINTS_MAX = 1_000_000;
/** The feed's page: default and most items per request. */
export const FEED_PAGE_DEFAULT = 20;
export const FEED_PAGE_MAX = 50;
/** How many of a recognition's comments come with it in the feed (the recognition's page shows them all). */
export const FEED_COMMENTS = 3;
/** GET /api/people answers at most this many. */
export const PEOPLE_MAX = 20;
/** A company value's name and its colour (#rrggbb). */
export const VALUE_NAME_MAX = 60;
export const VALUE_EMOJI_MAX = 16;
export const VALUE_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** Reactions: keys in URLs and payloads, the emoji the web shows for each. */
export const peerReactions = ['clap', 'heart', 'party', 'star', 'thumbsup', 'fire'] as const;
export type PeerReaction = (typeof peerReactions)[number];
export const reactionEmoji: Readonly<Record<PeerReaction, string>> = {
  clap: '👏',
  heart: '❤️',
  party: '🎉',
  star: '⭐',
  thumbsup: '👍',
  fire: '🔥',
};
export const isPeerReaction = (value: unknown): value is PeerReaction =>
  typeof value === 'string' && (peerReactions as readonly string[]).includes(value);

/** What a give costs the giver's allowance: the points each recipient gets times the recipients. */
export const giveCost = (pointsPerRecipient: number, recipients: number): number => pointsPerRecipient * recipients;

/** The most a giver may give one colleague in a period: the share cap of that period's grant (rounded down). */
export const shareCapOf = (periodAmount: number, shareCapPercent: number): number => Math.floor((periodAmount * shareCapPercent) / 100);

/** Error codes a give or an add-on may answer (their es/en messages are in errors.ts, the `errors` namespace of the web). */
export const giveRefusals = [
  'GIVE_TO_SELF',
  'RECIPIENT_INACTIVE',
  'ALLOWANCE_EXCEEDED',
  'GIVE_SHARE_CAP',
  'MESSAGE_TOO_SHORT',
  'VALUE_REQUIRED',
  'VALUE_UNKNOWN',
  'ADDON_OWN_RECOGNITION',
  'CELEBRATION_NO_ADDON',
  'ACCRUAL_CLOSED',
  'IDEMPOTENCY_KEY_REUSED',
] as const;

// ---- Shapes of the API (the zod schemas in peer.ts answer exactly these) ----

export interface GivingSettingsValues {
  amount: number;
  period: GivingPeriod;
  minMessage: number;
  shareCapPercent: number;
  perReport: number;
}

/** GET/PUT /api/stores/{id}/giving. */
export interface GivingSettings extends GivingSettingsValues {
  storeId: number;
  /** null: the store never saved its own (these are the defaults). */
  updatedAt: string | null;
}

/**
 * GET /api/recognitions/allowance. Periods are local days of the program time zone; `periodEnd` is the
 * period's last day (it resets when the next day begins). `remaining` includes the boost (`boost` is the
 * boost part of it); `given` is what was given this period.
 */
export interface Allowance {
  amount: number;
  given: number;
  remaining: number;
  boost: number;
  periodStart: string;
  periodEnd: string;
  /** The store's rules the give dialog checks before sending. */
  minMessage: number;
  shareCapPercent: number;
  /** Whether a give must name at least one value (the giver's store has active values). */
  valuesRequired: boolean;
}

export interface PeerPerson {
  id: number;
  name: string;
  photoUrl: string | null;
  /** The person's store title, else their directory office, else null. */
  office: string | null;
}

/** GET /api/people. */
export interface PeerPersonResult extends PeerPerson {
  storeId: number | null;
}

/** A company value as a recognition shows it (name in Spanish and English: A6.15). */
export interface PeerValueTag {
  id: number;
  name: string;
  nameEn: string;
  emoji: string | null;
  color: string | null;
}

/** A company value as its store's administrators manage it. */
export interface CompanyValue extends PeerValueTag {
  storeId: number;
  active: boolean;
  position: number;
}

export interface PeerComment {
  id: number;
  recognitionId: number;
  author: PeerPerson;
  message: string;
  createdAt: string;
}

export interface PeerAddon {
  id: number;
  recognitionId: number;
  giver: PeerPerson;
  /** Points every recipient got from this add-on. */
  points: number;
  message: string | null;
  createdAt: string;
}

export interface PeerReactionCount {
  emoji: PeerReaction;
  count: number;
  mine: boolean;
}

/**
 * What a feed item is: a colleague's recognition, or the company's celebration of a person (docs/architecture.md
 * A6.17), which has no giver, one recipient and takes no add-ons.
 */
export const recognitionKinds = ['recognition', ...celebrationKinds] as const;
export type RecognitionKind = (typeof recognitionKinds)[number];

export interface Recognition {
  id: number;
  kind: RecognitionKind;
  /** A work anniversary's years of service; null for every other kind. */
  years: number | null;
  /** null: a celebration (the company's, from nobody's allowance). */
  giver: PeerPerson | null;
  recipients: PeerPerson[];
  /** Points per recipient of the recognition itself. */
  points: number;
  /** Everything the recipients received: (points + add-ons' points) x recipients. */
  totalPoints: number;
  message: string;
  values: PeerValueTag[];
  private: boolean;
  createdAt: string;
  /** The latest comments (all of them on GET /api/recognitions/{id}), oldest first. */
  comments: PeerComment[];
  commentCount: number;
  addons: PeerAddon[];
  reactions: PeerReactionCount[];
}

/** GET /api/recognitions: newest first; `nextCursor` null on the last page. */
export interface RecognitionPage {
  data: Recognition[];
  nextCursor: string | null;
}

/** What the feed's live event says (Socket.IO event `feed`, FEED_EVENT in constants.ts). */
export type FeedEventKind = 'recognition' | 'comment' | 'addon' | 'reaction' | 'celebration';
