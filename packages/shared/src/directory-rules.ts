// No zod here: the directory's admin page reads these (docs/decisions/0028-light-first-paint.md). The zod
// schemas of the same shapes are in directory.ts (the server's and the OpenAPI document's).

/** The company directory's values (docs/architecture.md A6.18, decision 0050). */

/** Where a connection's SCIM requests name a person's office (matched to a store by name or site code). */
export const directoryOfficeAttributes = ['organization', 'division', 'costCenter', 'office'] as const;
export type DirectoryOfficeAttribute = (typeof directoryOfficeAttributes)[number];

/** The SCIM schema of our own extension, whose `office` attribute a connection may read the office from. */
export const SCIM_REWARDS_EXTENSION = 'urn:ietf:params:scim:schemas:extension:rewardsstore:2.0:User';

export const SCIM_ENTERPRISE_EXTENSION = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/** A SCIM token starts with this, so that it is told apart from a personal API token at a glance. */
export const SCIM_TOKEN_PREFIX = 'rs_scim_';

/** The attributes of a person the directory writes, in the audit list's order. */
export const directoryAttributes = [
  'email',
  'externalId',
  'name',
  'lastName',
  'is',
  'department',
  'office',
  'manager',
  'active',
  'hireDate',
  'birthday',
] as const;
export type DirectoryAttribute = (typeof directoryAttributes)[number];

export const directoryActions = ['create', 'link', 'update', 'deactivate', 'reactivate'] as const;
export type DirectoryAction = (typeof directoryActions)[number];

export const directorySources = ['scim', 'sync'] as const;
export type DirectorySource = (typeof directorySources)[number];

/** Why a row of a sync file is not applied. */
export const directorySyncRowErrors = [
  'INVALID_EMAIL',
  'DUPLICATE_IN_FILE',
  'MISSING_NAME',
  'MISSING_OFFICE',
  'UNKNOWN_OFFICE',
  'UNKNOWN_MANAGER',
  'MANAGER_SELF',
  'INVALID_ACTIVE',
  'INVALID_HIRE_DATE',
  'INVALID_BIRTHDAY',
  'IS_TAKEN',
  'EMAIL_TAKEN',
  'TEXT_TOO_LONG',
] as const;
export type DirectorySyncRowError = (typeof directorySyncRowErrors)[number];
