import { z } from 'zod';
import { queryInt, textSchema } from './common.ts';
import { SCIM_ENTERPRISE_EXTENSION, SCIM_REWARDS_EXTENSION } from './directory.ts';
import { EMPLOYEE_ID_MAX } from './user-rules.ts';

/**
 * What a company directory sends to /scim/v2 (RFC 7643, 7644; docs/architecture.md A6.18). The objects are
 * open: directories send attributes we do not keep (title, phoneNumbers, locale…), which are read past, never
 * refused. The attributes we keep are checked with the shared primitives.
 */

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export const MAX_SCIM_TEXT = 200;
export const MAX_SCIM_EMAIL = 254;
/** The most resources one list page answers (`count`). */
export const MAX_SCIM_COUNT = 200;
export const MAX_SCIM_OPERATIONS = 100;

/**
 * A boolean as directories send it: true/false, or the text "True"/"False" in any case (Entra ID sends
 * `"active": "False"` in a PATCH); any other text is refused, never read as true.
 */
export const scimBoolean = z
  .union([z.boolean(), z.string().regex(/^\s*(true|false)\s*$/i, 'Must be true or false')])
  .transform((v) => v === true || (typeof v === 'string' && v.trim().toLowerCase() === 'true'));

const scimText = textSchema(MAX_SCIM_TEXT);
const optionalText = scimText.nullable().optional();

/** A reference to another user: `{ value: "<their SCIM id>" }`, or the id alone (as some directories send it). */
const managerSchema = z.union([z.looseObject({ value: scimText.nullable().optional() }), scimText]).optional();

export const scimEnterpriseSchema = z.looseObject({
  employeeNumber: textSchema(EMPLOYEE_ID_MAX).nullable().optional(),
  department: optionalText,
  organization: optionalText,
  division: optionalText,
  costCenter: optionalText,
  manager: managerSchema,
});

/** A User resource of a POST or PUT (and the result of a PATCH, checked again). */
export const scimUserSchema = z.looseObject({
  schemas: z.array(textSchema(MAX_SCIM_TEXT)).optional(),
  userName: textSchema(MAX_SCIM_EMAIL, 1),
  externalId: optionalText,
  displayName: optionalText,
  name: z.looseObject({ givenName: optionalText, familyName: optionalText, formatted: optionalText }).nullable().optional(),
  emails: z
    .array(z.looseObject({ value: textSchema(MAX_SCIM_EMAIL).optional(), type: optionalText, primary: scimBoolean.optional() }))
    .max(20)
    .nullable()
    .optional(),
  active: scimBoolean.optional(),
  [SCIM_ENTERPRISE_EXTENSION]: scimEnterpriseSchema.nullable().optional(),
  [SCIM_REWARDS_EXTENSION]: z.looseObject({ office: optionalText }).nullable().optional(),
});
export type ScimUserInput = z.output<typeof scimUserSchema>;

/** A PATCH: operations add, replace and remove (their names in any case), with or without a path. */
export const scimPatchSchema = z.looseObject({
  schemas: z.array(textSchema(MAX_SCIM_TEXT)).optional(),
  Operations: z
    .array(
      z.looseObject({
        op: z
          .string()
          .trim()
          .toLowerCase()
          .pipe(z.enum(['add', 'replace', 'remove'])),
        path: textSchema(500).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1)
    .max(MAX_SCIM_OPERATIONS),
});
export type ScimPatch = z.output<typeof scimPatchSchema>;

/** `GET /scim/v2/Users`: a filter (`userName eq "…"`, `externalId eq "…"`), 1-based `startIndex` and `count`. */
export const scimListQuerySchema = z.looseObject({
  filter: textSchema(1000).optional(),
  startIndex: queryInt(0, 2_147_483_647).optional(),
  count: queryInt(0, 2_147_483_647).optional(),
  attributes: textSchema(1000).optional(),
  excludedAttributes: textSchema(1000).optional(),
});
export type ScimListQuery = z.output<typeof scimListQuerySchema>;

export const scimIdParamsSchema = z.object({ id: textSchema(MAX_SCIM_TEXT) }).strict();
