import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bannerCreateSchema, bannerUpdateSchema } from '@rewards/shared/banners';
import { categoryFormSchema, categoryUpdateSchema } from '@rewards/shared/categories';
import { errorResponseSchema } from '@rewards/shared/common';
import type { AccessLevel } from '@rewards/shared/enums';
import { errorCodes, errorStatus, type ErrorCode } from '@rewards/shared/errors';
import { MAX_LOAD_FILE_BYTES } from '@rewards/shared/loads';
import { MAX_PRODUCT_PICTURES, MAX_UPLOAD_BYTES, productCreateSchema, productUpdateSchema } from '@rewards/shared/products';
import type { Config } from '../config.ts';
import { assertInputWires } from '../lib/input-wires.ts';
import { SESSION_COOKIE } from './auth.ts';

/**
 * The OpenAPI document of every /api route at /api/docs/json, and its viewer at /api/docs
 * (docs/decisions/0025-openapi-contract.md). The routes' zod schemas give parameters, bodies and answers;
 * this plugin adds, from the same rules the server enforces, what integrators' tools need: who may call
 * each operation (`config.access`, plugins/auth.ts), the error answers it can give (the one table in
 * packages/shared/src/errors.ts, docs/architecture.md A4), an operationId, the multipart forms, and
 * `servers` from PUBLIC_URL. The bundled identity provider and internal routes are left out.
 */

type JsonSchema = Record<string, unknown>;
type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
type OpenApiOperation = Record<string, unknown> & {
  operationId?: string;
  tags?: string[];
  responses?: Record<string, unknown>;
};
type OpenApiObject = Record<string, unknown> & {
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: Record<string, unknown>;
};

/** Routes under /api that are not part of the contract: the benchmark's ceiling (BENCH_ROUTES) and this documentation. */
const INTERNAL_PREFIXES = ['/api/bench/', '/api/docs'];
const SAFE_METHODS = new Set<string>(['GET', 'HEAD', 'OPTIONS']);

/** What the transform learns of a route and `transformObject` turns into responses; never left in the document. */
const ERRORS_KEY = 'x-rs-errors';
const ANSWERS_KEY = 'x-rs-answers';
const SCIM_KEY = 'x-rs-scim';
const SCIM_MEDIA_TYPE = 'application/scim+json';

/** Short descriptions of the tags the routes use. */
const TAGS: Record<string, string> = {
  health: 'Liveness (health) and readiness (ready: database, migrations, Redis)',
  auth: 'Sign-in through the identity provider, the session and sign-out',
  users: 'Profile, counters, personal API tokens; user administration',
  stores: 'Stores (offices)',
  categories: 'Catalogue categories of a store',
  products: 'Catalogue products, home rows, search and administration',
  inventory: 'Stock movements (the append-only stock ledger)',
  banners: 'Home banners of a store',
  rewards: 'Recognitions: what gives points, how often',
  areas: 'Areas of a store that own its recognitions',
  cart: "The session user's cart",
  orders: 'Orders: placing them (Idempotency-Key), reading them, moving their status',
  loads: 'Bulk loads of points: read a file, review, confirm (Idempotency-Key), reports and exports',
  challenges: 'Surprise challenges: questions, answers, awards',
  wishlist: "The session user's wishlist",
  accounts: 'Balances, yearly figures, movements and statements',
  points: 'The program calendar',
  dashboard: 'Figures for administrators',
  profile: "The session user's preferences and saved position",
  places: 'Offline reverse geocoding: country, continent and time zone of a position',
  catalog: 'Reference lists (order statuses, categories)',
  mail: 'The e-mail outbox',
  notifications: "The session user's notifications",
  celebrations: "People's birthdays, work anniversaries and first days: importing their dates, store settings, the days ahead",
  directory: "The company directory's administration: SCIM connections, the file sync and the audit list of what the directory changed",
  scim: "SCIM 2.0 (RFC 7644) for a company directory (Entra ID, Okta): a connection's bearer token only; answers and errors in application/scim+json",
  peer: 'Peer recognition: the feed, giving from a monthly allowance, comments, add-ons and reactions; its administration',
};

/**
 * The multipart forms, which the routes read themselves (lib/multipart.ts) with these shared schemas, so
 * no body schema of theirs reaches the document. Keyed by method and document path; every route that
 * consumes multipart/form-data must have its form here.
 */
interface MultipartForm {
  fields?: z.ZodType;
  files: { name: string; required: boolean; max: number; maxBytes: number }[];
}
const picture = (required: boolean) => ({ name: 'picture', required, max: 1, maxBytes: MAX_UPLOAD_BYTES });
const pictures = (required: boolean) => ({ name: 'pictures', required, max: MAX_PRODUCT_PICTURES, maxBytes: MAX_UPLOAD_BYTES });
const MULTIPART_FORMS: Record<string, MultipartForm> = {
  'POST /api/categories': { fields: categoryFormSchema, files: [picture(true)] },
  'PUT /api/categories/{id}': { fields: categoryUpdateSchema, files: [picture(false)] },
  'POST /api/products': { fields: productCreateSchema, files: [pictures(true)] },
  'PUT /api/products/image/{id}': { fields: productUpdateSchema, files: [pictures(false)] },
  'POST /api/banners': { fields: bannerCreateSchema, files: [picture(true)] },
  'PUT /api/banners/{id}': { fields: bannerUpdateSchema, files: [picture(false)] },
  'POST /api/loads/emails/file': { files: [{ name: 'file', required: true, max: 1, maxBytes: MAX_LOAD_FILE_BYTES }] },
  'POST /api/celebrations/dates/file': { files: [{ name: 'file', required: true, max: 1, maxBytes: MAX_LOAD_FILE_BYTES }] },
  'POST /api/directory/sync': { files: [{ name: 'file', required: true, max: 1, maxBytes: MAX_LOAD_FILE_BYTES }] },
};

/**
 * Answers a route gives that no zod schema describes (a redirect has no body, a page is HTML), keyed by
 * method and document path like MULTIPART_FORMS; the JSON answers and files are in the routes' own
 * `response` schemas. The API fuzz test (test/api-fuzz.test.ts) fails on any status or content type an
 * operation answers that its document does not list.
 */
const location = { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } };
const retryAfter = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } } };
const OTHER_ANSWERS: Record<string, Record<string, JsonSchema>> = {
  'GET /api/auth/login': {
    302: { description: "To the identity provider's sign-in page (a signed flow cookie is set)", headers: location },
    503: {
      description:
        'The identity provider cannot be reached: an HTML page for a browser (Accept: text/html), else the error envelope with IDENTITY_PROVIDER_UNAVAILABLE',
      headers: retryAfter,
      content: {
        'text/html': { schema: { type: 'string' } },
        'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
      },
    },
  },
  'GET /api/auth/callback': {
    302: {
      description:
        'Signed in: to the page the sign-in started from, with `signin=new` (first sign-in) or `signin=ok`, and the session cookie set. ' +
        'Not signed in: to `/login?error=CODE` (SIGN_IN_FAILED, USER_INACTIVE, IDENTITY_PROVIDER_UNAVAILABLE)',
      headers: location,
    },
  },
};

/** The error answers an operation documents, one per status, each with the codes of that status from the table. */
const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The request is malformed or a field is not valid (`details`: `[{ field, message, code }]`)' },
  401: { name: 'Unauthorized', description: 'No credential, or an expired, revoked or unknown one, or its user is inactive' },
  403: {
    name: 'Forbidden',
    description:
      "The caller's role may not do this, the store is not one they administer, or a write with the session cookie came from another origin",
  },
  404: { name: 'NotFound', description: 'The record does not exist, is inactive, or belongs to another user' },
  409: { name: 'Conflict', description: 'The request clashes with the current state (or a concurrent transaction won: try again)' },
  413: { name: 'PayloadTooLarge', description: 'The body or a file is too large' },
  415: { name: 'UnsupportedMediaType', description: 'The content type, or the file, is not one this operation reads' },
  422: { name: 'UnprocessableEntity', description: 'A business rule refuses the request' },
  429: { name: 'TooManyRequests', description: 'Too many requests: wait the seconds given by Retry-After' },
};
/** Codes that are never answered as JSON: sign-in failures redirect to `/login?error=CODE` (docs/architecture.md A4). */
const REDIRECT_ONLY: ReadonlySet<ErrorCode> = new Set(['SIGN_IN_FAILED', 'IDENTITY_PROVIDER_UNAVAILABLE']);
const codesOf = (statuses: (status: number) => boolean) => errorCodes.filter((c) => statuses(errorStatus[c]) && !REDIRECT_ONLY.has(c));
const DOCUMENTED_STATUSES = new Set(Object.keys(ERROR_RESPONSES).map(Number));

/** `getOrdersById` from `GET /api/orders/{id}`: the method, then each path segment (a parameter as `By<Name>`). */
export function operationIdOf(method: string, path: string): string {
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^(?::|\{)(.+?)\}?$/.exec(segment);
      const parts = (param ? param[1]! : segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return param ? ['By', ...parts] : parts;
    });
  return method.toLowerCase() + words.map(capital).join('');
}

/** Every property name of a schema at any depth: nested objects, array items, alternatives (`lines[].productId`). */
function propertiesOf(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as JsonSchema;
  const own = s.properties && typeof s.properties === 'object' ? Object.entries(s.properties as JsonSchema) : [];
  const alternatives = ['anyOf', 'oneOf', 'allOf'].flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : []));
  return [
    ...own.flatMap(([name, value]) => [name, ...propertiesOf(value)]),
    ...propertiesOf(s.items),
    ...alternatives.flatMap(propertiesOf),
  ];
}

/** A field naming a record the server looks up (404 when it does not exist or is not the caller's). */
const namesRecord = (field: string) => field === 'id' || field === 'slug' || /[a-z](Id|Ids)$/.test(field);

/**
 * The error statuses an operation can answer, from what the route declares (which code of a status,
 * the table says; the API fuzz test, test/api-fuzz.test.ts, fails on an answer outside this set):
 * - 400 when it reads any input; every write does (a body is parsed whatever the route declares);
 * - 401 unless public;
 * - 403 unless public, for writes (the origin check of the session cookie), and for any input (a filter or
 *   a record only administrators of the store, or its owner, may see);
 * - 404 for input that names a record; 409 for writes;
 * - 422 for writes, and for reads that name a record or a store (another store's product or challenge);
 * - 413 and 415 for writes; 429 for writes and routes with a limit of their own (plugins/rate-limits.ts).
 * What any request can meet (408, 414, 431, 5xx) is the `default` answer.
 */
function errorStatusesOf(method: string, access: AccessLevel, schema: JsonSchema, rateLimited: boolean): number[] {
  const write = !SAFE_METHODS.has(method);
  const inputs = [schema.params, schema.querystring, schema.headers, schema.body].filter(Boolean);
  const fields = inputs.flatMap(propertiesOf);
  const record = Boolean(schema.params) || fields.some(namesRecord);
  const statuses = new Set<number>();
  if (write || inputs.length > 0) statuses.add(400);
  if (access !== 'public') statuses.add(401);
  if (access !== 'public' || write || inputs.length > 0) statuses.add(403);
  if (record) statuses.add(404);
  if (write) statuses.add(409).add(413).add(415);
  if (write || record) statuses.add(422);
  if (write || rateLimited) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** The parameters of query, path and headers are read from an object's properties: anything else is not a parameter list. */
function assertObjectSchemas(method: string, url: string, schema: JsonSchema): void {
  for (const part of ['querystring', 'params', 'headers'] as const) {
    const value = schema[part] as JsonSchema | undefined;
    if (value && (value.type !== 'object' || !value.properties)) {
      throw new Error(
        `${method} ${url}: the ${part} schema must be a plain z.object (docs/architecture.md A4), not ${JSON.stringify(value).slice(0, 80)}`,
      );
    }
  }
}

/** The document's path of a route: `/api/orders/{id}` for `/api/orders/:id/`. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/(.)\/$/, '$1');

/** The SCIM service provider's routes: their own token, media type and error format (docs/architecture.md A6.18). */
const isScim = (url: string) => url.startsWith('/scim/v2/');
const isHidden = (url: string) => (!url.startsWith('/api/') && !isScim(url)) || INTERNAL_PREFIXES.some((prefix) => url.startsWith(prefix));

/** Per route: hide what is not the contract; else the zod schemas as JSON Schema, plus security, operationId and error statuses. */
const transform: SwaggerTransform = (document) => {
  const { url, route } = document;
  if (isHidden(url)) return { schema: { ...document.schema, hide: true } as FastifySchema, url };
  const { schema: converted } = jsonSchemaTransform(document);
  const schema = (converted ?? {}) as FastifySchema & JsonSchema;
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as HttpMethod;
  assertObjectSchemas(method, url, schema);
  if (isScim(url)) {
    return {
      url,
      schema: {
        ...schema,
        operationId: operationIdOf(method, url),
        consumes: [SCIM_MEDIA_TYPE, 'application/json'],
        produces: [SCIM_MEDIA_TYPE],
        security: [{ scim: [] }],
        [ERRORS_KEY]: [],
        [SCIM_KEY]: true,
      } as FastifySchema,
    };
  }
  const access: AccessLevel = route.config?.access ?? 'public';
  if (Array.isArray(schema.consumes) && schema.consumes.includes('multipart/form-data') && !schema.body) {
    const where = `${method} ${documentPath(url)}`;
    const form = MULTIPART_FORMS[where];
    if (!form) throw new Error(`${where} reads multipart/form-data: describe its form in MULTIPART_FORMS (plugins/openapi.ts)`);
    // Only the document sees this body: the route still reads its parts itself.
    schema.body = multipartBody(form);
  }
  return {
    url,
    schema: {
      ...schema,
      operationId: typeof schema.operationId === 'string' ? schema.operationId : operationIdOf(method, url),
      // Each non-public route takes the session cookie or a personal API token alike (plugins/auth.ts);
      // a route that accepts only one says so in its own schema.
      security: schema.security ?? (access === 'public' ? [] : [{ session: [] }, { token: [] }]),
      [ERRORS_KEY]: errorStatusesOf(method, access, schema, Boolean(route.config?.rateLimit)),
      [ANSWERS_KEY]: OTHER_ANSWERS[`${method} ${documentPath(url)}`],
    } as FastifySchema,
  };
};

/** zod to an OpenAPI 3.0 schema, without the `$schema` marker. */
function openApiSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any' }) as JsonSchema;
  return json;
}

/** A multipart form's body: its text fields from the shared schema, its files as binary strings (an array when several). */
function multipartBody(form: MultipartForm): JsonSchema {
  const fields = form.fields ? openApiSchema(form.fields, 'input') : { type: 'object', properties: {} };
  const properties = { ...(fields.properties as JsonSchema) };
  const required = [...((fields.required as string[] | undefined) ?? [])];
  for (const file of form.files) {
    const binary = { type: 'string', format: 'binary', description: `At most ${file.maxBytes / 1024 / 1024} MB` };
    properties[file.name] = file.max > 1 ? { type: 'array', items: binary, maxItems: file.max } : binary;
    if (file.required) required.push(file.name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

const errorResponse = (status: number) => {
  const { description } = ERROR_RESPONSES[status]!;
  const envelope = {
    allOf: [
      { $ref: '#/components/schemas/ErrorResponse' },
      {
        type: 'object',
        properties: { statusCode: { type: 'integer', enum: [status] }, code: { type: 'string', enum: codesOf((s) => s === status) } },
      },
    ],
  };
  return {
    description,
    ...(status === 429
      ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } } } }
      : {}),
    content: { 'application/json': { schema: envelope } },
  };
};

/** Whole document: error responses as references, the tags, and a check that operationIds are unique. */
const transformObject: SwaggerTransformObject = (document) => {
  const openapi = (document as { openapiObject: OpenApiObject }).openapiObject;
  const seenIds = new Map<string, string>();
  const usedTags = new Set<string>();
  for (const [path, item] of Object.entries(openapi.paths ?? {})) {
    for (const [verb, operation] of Object.entries(item)) {
      const where = `${verb.toUpperCase()} ${path}`;
      const statuses = (operation[ERRORS_KEY] as number[] | undefined) ?? [];
      const answers = operation[ANSWERS_KEY] as Record<string, unknown> | undefined;
      delete operation[ERRORS_KEY];
      delete operation[ANSWERS_KEY];
      const scim = Boolean(operation[SCIM_KEY]);
      delete operation[SCIM_KEY];
      const responses = (operation.responses ??= {});
      if (answers) {
        // A route without a response schema gets @fastify/swagger's placeholder 200: its real answers replace it.
        if ((responses['200'] as { description?: string } | undefined)?.description === 'Default Response') delete responses['200'];
        Object.assign(responses, answers);
      }
      for (const status of statuses) responses[status] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` };
      responses.default ??= { $ref: `#/components/responses/${scim ? 'ScimError' : 'Error'}` };
      if (operation.operationId) {
        const other = seenIds.get(operation.operationId);
        if (other) throw new Error(`operationId ${operation.operationId} of ${where} is also that of ${other}`);
        seenIds.set(operation.operationId, where);
      }
      for (const tag of operation.tags ?? []) usedTags.add(tag);
    }
  }
  const components = openapi.components ?? {};
  return {
    ...openapi,
    tags: [...usedTags].sort().map((name) => ({ name, description: TAGS[name] ?? name })),
    components: {
      ...components,
      schemas: { ...(components.schemas as object), ErrorResponse: openApiSchema(errorResponseSchema, 'output') },
      responses: {
        ...Object.fromEntries([...DOCUMENTED_STATUSES].map((status) => [ERROR_RESPONSES[status]!.name, errorResponse(status)])),
        ScimError: {
          description: "Any other failure, in SCIM's error format (RFC 7644 3.12): 413, 415, 500, 503",
          content: {
            [SCIM_MEDIA_TYPE]: {
              schema: {
                type: 'object',
                properties: {
                  schemas: { type: 'array', items: { type: 'string' } },
                  status: { type: 'string' },
                  scimType: { type: 'string' },
                  detail: { type: 'string' },
                },
                required: ['schemas', 'status', 'detail'],
              },
            },
          },
        },
        Error: {
          description: 'Any other failure: 408, 414, 431 (the request could not be read in time or size), 500, 503',
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/ErrorResponse' },
                  { type: 'object', properties: { code: { type: 'string', enum: codesOf((s) => !DOCUMENTED_STATUSES.has(s)) } } },
                ],
              },
            },
          },
        },
      },
    },
  } as ReturnType<SwaggerTransformObject>;
};

export const openApiPlugin = fp(async function openApiPlugin(app: FastifyInstance, opts: { config: Pick<Config, 'publicUrl'> }) {
  // The forms' fields are text: a form built from the JSON primitives (or coercing) stops the start (lib/input-wires.ts).
  for (const [where, form] of Object.entries(MULTIPART_FORMS)) if (form.fields) assertInputWires(form.fields, 'multipart', where);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Rewards Store API',
        version: '1.0.0',
        description:
          'Every failure answers `{ statusCode, code, message, details?, requestId }` (`message` in the language of Accept-Language). ' +
          'Integrations sign requests with a personal API token (`Authorization: Bearer rs_…`); see the README, "Integrate".',
      },
      servers: [{ url: opts.config.publicUrl }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: "The browser's session; a write with it must come from this site (Origin or Referer), else 403 ORIGIN_MISMATCH",
          },
          scim: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A company directory's SCIM connection token (`rs_scim_…`, made on /admin/directory or with `npm run admin -- scim-token`): opens /scim/v2 and nothing else",
          },
          token: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API token (POST /api/users/tokens, or `npm run admin -- token`): the role of its user, for 90 days by default',
          },
        },
      },
    },
    // PUBLIC_URL may have a path: the routes keep theirs whole.
    stripBasePath: false,
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
