import { z } from 'zod';
import { intSchema, paginationSchema, queryBool, queryId, textSchema } from './common.ts';
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS } from './user-rules.ts';
import {
  directoryActions,
  directoryAttributes,
  directoryOfficeAttributes,
  directorySources,
  directorySyncRowErrors,
} from './directory-rules.ts';

export * from './directory-rules.ts';

/**
 * The company directory (docs/architecture.md A6.18, decision 0050): a SCIM 2.0 connection per directory
 * (Entra ID, Okta…) with its own bearer token, and a CSV/XLSX sync for companies without SCIM. Both write
 * people through one writer and leave one audit list, read by super administrators.
 */

export const MAX_CONNECTION_NAME = 80;

export const directoryConnectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's first characters, to recognise it. */
  prefix: z.string(),
  officeAttribute: z.enum(directoryOfficeAttributes),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type DirectoryConnection = z.infer<typeof directoryConnectionSchema>;

/** `POST /api/directory/connections`. */
export const directoryConnectionCreateSchema = z
  .object({
    name: textSchema(MAX_CONNECTION_NAME, 1),
    days: intSchema(1, API_TOKEN_MAX_DAYS).default(API_TOKEN_DEFAULT_DAYS),
    officeAttribute: z.enum(directoryOfficeAttributes).default('organization'),
  })
  .strict();
export type DirectoryConnectionCreate = z.input<typeof directoryConnectionCreateSchema>;

/** The answer of a creation: the token, shown this once, and the base URL the directory is given. */
export const directoryConnectionCreatedSchema = directoryConnectionSchema.extend({ token: z.string(), scimUrl: z.string() });
export type DirectoryConnectionCreated = z.infer<typeof directoryConnectionCreatedSchema>;

// ---------------------------------------------------------------------------------------------
// What the directory changes, and its audit list
// ---------------------------------------------------------------------------------------------

/** An attribute's value before and after, as text (office: the store's name; manager: their e-mail). */
export const attributeChangeSchema = z.object({ before: z.string().nullable(), after: z.string().nullable() });
export const attributeChangesSchema = z.partialRecord(z.enum(directoryAttributes), attributeChangeSchema);
export type AttributeChanges = z.infer<typeof attributeChangesSchema>;

export const directoryAuditItemSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  source: z.enum(directorySources),
  /** The SCIM connection that made the change (scim), null for a sync. */
  connection: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The super administrator who applied a sync, null for SCIM. */
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  requestId: z.string(),
  user: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable(),
  action: z.enum(directoryActions),
  changes: attributeChangesSchema,
});
export type DirectoryAuditItem = z.infer<typeof directoryAuditItemSchema>;

/** `GET /api/directory/audit`: newest first, paged; by person, source or connection. */
export const directoryAuditQuerySchema = paginationSchema
  .extend({
    userId: queryId.optional(),
    source: z.enum(directorySources).optional(),
    connectionId: queryId.optional(),
  })
  .strict();
export type DirectoryAuditQuery = z.infer<typeof directoryAuditQuerySchema>;

// ---------------------------------------------------------------------------------------------
// The CSV/XLSX sync
// ---------------------------------------------------------------------------------------------

/** The most rows of one sync file. */
export const MAX_SYNC_ROWS = 100_000;

/** `POST /api/directory/sync?dryRun=true|false&deactivateMissing=true|false` (multipart, field "file"). */
export const directorySyncQuerySchema = z
  .object({
    dryRun: queryBool.default(true),
    /** Deactivate the active people of the file's offices whom the file does not name. */
    deactivateMissing: queryBool.default(false),
  })
  .strict();
export type DirectorySyncQuery = z.infer<typeof directorySyncQuerySchema>;

/** `row`: the row's number in the file as a spreadsheet shows it (the header's row is before it). */
export const directorySyncReportSchema = z.object({
  dryRun: z.boolean(),
  format: z.enum(['csv', 'xlsx']),
  sheet: z.string().nullable(),
  rows: z.number().int(),
  /** The headers read, per attribute (absent: the file has no such column; its attribute stays as it is). */
  columns: z.partialRecord(z.enum(directoryAttributes), z.string()),
  created: z.array(z.object({ row: z.number().int(), email: z.string(), name: z.string(), office: z.string() })),
  updated: z.array(
    z.object({ row: z.number().int(), userId: z.number().int(), email: z.string(), name: z.string(), changes: attributeChangesSchema }),
  ),
  deactivated: z.array(z.object({ userId: z.number().int(), email: z.string(), name: z.string(), office: z.string().nullable() })),
  /** Rows that name a person exactly as they are. */
  unchanged: z.number().int(),
  errors: z.array(
    z.object({
      row: z.number().int(),
      email: z.string().nullable(),
      code: z.enum(directorySyncRowErrors),
      /** The cell's value the error is about (the office, the manager's e-mail…). */
      value: z.string().nullable(),
    }),
  ),
});
export type DirectorySyncReport = z.infer<typeof directorySyncReportSchema>;
