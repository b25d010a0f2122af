/**
 * The peer recognition API's shapes, from the feature's zod-free module of packages/shared (the server
 * answers exactly these), and what only the web needs beside them.
 */
export type {
  Allowance,
  CompanyValue,
  GivingPeriod,
  GivingSettings,
  GivingSettingsValues,
  PeerAddon as Addon,
  PeerComment as Comment,
  PeerPerson as Person,
  PeerPersonResult as PersonOption,
  PeerReaction as ReactionKey,
  PeerReactionCount as Reaction,
  PeerValueTag as RecognitionValue,
  Recognition,
  RecognitionPage as FeedPage,
} from '@rewards/shared/peer-rules';

/** The feed's filters (none: the whole company's). */
export interface FeedFilters {
  valueId?: number;
  personId?: number;
  storeId?: number;
  /** With `personId`: what they gave or what they received (the profile's two lists). */
  direction?: 'given' | 'received';
  /** Only celebrations (the feed's "today's celebrations" strip, docs/architecture.md A6.17). */
  kind?: 'celebration';
}

/** The body of `POST /api/recognitions`. */
export interface GiveBody {
  recipients: number[];
  points: number;
  message: string;
  values: number[];
  private?: boolean;
}

/** The signed-in reader as the feature needs them (the app hands it from the session). */
export interface Giver {
  id: number;
  storeId: number | null;
}
