import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorStatus } from '@rewards/shared/errors';
import { SCIM_ENTERPRISE_EXTENSION, SCIM_REWARDS_EXTENSION } from '@rewards/shared/directory';
import {
  MAX_SCIM_COUNT,
  SCIM_USER_SCHEMA,
  scimIdParamsSchema,
  scimListQuerySchema,
  scimPatchSchema,
  scimUserSchema,
} from '@rewards/shared/scim';
import { errorMessage } from '../../lib/language.ts';
import { classify, sendScimError } from '../../plugins/errors.ts';
import { utf8JsonBodies } from '../../plugins/strict-input.ts';
import type { ServerContext } from '../../server-context.ts';
import { connectionOfToken, type ScimCaller } from './connections.service.ts';
import {
  createScimUser,
  deactivateScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
  ScimError,
  type ScimRequest,
} from './scim.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The directory connection of a /scim/v2 request. */
    scimCaller: ScimCaller | null;
  }
}

const SCIM_MEDIA_TYPE = 'application/scim+json';
const anyResource = z.looseObject({ schemas: z.array(z.string()) });
const scimErrorBody = z.object({ schemas: z.array(z.string()), status: z.string(), scimType: z.string().optional(), detail: z.string() });

/**
 * The SCIM 2.0 service provider at /scim/v2 (RFC 7644; docs/architecture.md A6.18). Its own door: a directory
 * connection's bearer token and nothing else (a session cookie or a personal API token is 401 here, as a
 * connection's token is everywhere else), its own media type and error format (`scimType`).
 */
export async function scimRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config } = opts.deps;
  const baseUrl = `${config.publicUrl}/scim/v2`;
  const r = app.withTypeProvider<ZodTypeProvider>();
  utf8JsonBodies(app, SCIM_MEDIA_TYPE);
  app.decorateRequest('scimCaller', null);

  app.addHook('onRequest', async (request, reply) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const caller = match ? await connectionOfToken(db, match[1]!, clock.now()) : null;
    if (!caller) {
      reply.header('www-authenticate', 'Bearer realm="scim"');
      return sendScimError(reply, 401, null, "A directory connection's bearer token is required (revoked and expired ones are refused)");
    }
    request.scimCaller = caller;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) reply.type(`${SCIM_MEDIA_TYPE}; charset=utf-8`);
    return payload;
  });

  app.setErrorHandler((error: FastifyError | ScimError, request, reply) => {
    if (error instanceof ScimError) return sendScimError(reply, error.status, error.scimType, error.detail);
    const [code, details] = classify(error as FastifyError, request);
    const status = errorStatus[code];
    if (status >= 500) request.log.error({ err: error }, 'scim request failed');
    const fields = Array.isArray(details) ? (details as { field: string; message: string }[]).map((d) => `${d.field}: ${d.message}`) : [];
    const unreadable = ['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY'].includes((error as FastifyError).code);
    const scimType = unreadable || code === 'MALFORMED_REQUEST' ? 'invalidSyntax' : code === 'VALIDATION_FAILED' ? 'invalidValue' : null;
    return sendScimError(reply, status, scimType, [errorMessage(code, 'en', details), ...fields].join('; '));
  });
  app.setNotFoundHandler((request, reply) => sendScimError(reply, 404, null, `No SCIM endpoint ${request.method} ${request.url}`));

  const scimRequest = (request: FastifyRequest): ScimRequest => ({
    caller: request.scimCaller!,
    requestId: request.id,
    now: clock.now(),
    baseUrl,
  });
  const errors = { 400: scimErrorBody, 401: scimErrorBody, 404: scimErrorBody, 409: scimErrorBody };
  const refused = { 401: scimErrorBody };
  const writeErrors = { ...errors, 413: scimErrorBody, 415: scimErrorBody };
  const tags = ['scim'];

  r.get(
    '/ServiceProviderConfig',
    {
      schema: {
        tags,
        summary: 'What this service provider supports: PATCH, filter (userName, externalId, id eq), no bulk, sort or ETags',
        response: { 200: anyResource, ...refused },
      },
    },
    async () => ({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      documentationUri: `${config.publicUrl}/api/docs`,
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: MAX_SCIM_COUNT },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [
        {
          type: 'oauthbearertoken',
          name: 'Bearer token',
          description: "A directory connection's token, made by a super administrator",
          primary: true,
        },
      ],
      meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
    }),
  );

  const userResourceType = {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    schema: SCIM_USER_SCHEMA,
    schemaExtensions: [
      { schema: SCIM_ENTERPRISE_EXTENSION, required: false },
      { schema: SCIM_REWARDS_EXTENSION, required: false },
    ],
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
  };
  r.get(
    '/ResourceTypes',
    { schema: { tags, summary: 'The resource types: User', response: { 200: anyResource, ...refused } } },
    async () => ({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [userResourceType],
    }),
  );
  r.get(
    '/ResourceTypes/:id',
    { schema: { tags, summary: 'One resource type', params: scimIdParamsSchema, response: { 200: anyResource, ...errors } } },
    async (request) => {
      if (request.params.id !== 'User') throw new ScimError(404, null, `Resource type ${request.params.id} not found`);
      return userResourceType;
    },
  );
  const schemaList = scimSchemas(baseUrl);
  r.get(
    '/Schemas',
    { schema: { tags, summary: 'The schemas of the attributes kept', response: { 200: anyResource, ...refused } } },
    async () => ({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: schemaList.length,
      startIndex: 1,
      itemsPerPage: schemaList.length,
      Resources: schemaList,
    }),
  );
  r.get(
    '/Schemas/:id',
    { schema: { tags, summary: 'One schema', params: scimIdParamsSchema, response: { 200: anyResource, ...errors } } },
    async (request) => {
      const found = schemaList.find((x) => x.id === request.params.id);
      if (!found) throw new ScimError(404, null, `Schema ${request.params.id} not found`);
      return found;
    },
  );

  r.get(
    '/Users',
    {
      schema: {
        tags,
        summary: 'Users, by id; `filter` userName, externalId or id `eq "…"`; 1-based `startIndex`, `count` (at most 200)',
        querystring: scimListQuerySchema,
        response: { 200: anyResource, ...errors },
      },
    },
    async (request) => listScimUsers(db, request.query, scimRequest(request)),
  );
  r.post(
    '/Users',
    {
      schema: {
        tags,
        summary:
          'Creates a user (201), or updates the one the directory already sent: same externalId, or the same userName of a user with no other externalId (200); 409 uniqueness otherwise',
        body: scimUserSchema,
        response: { 200: anyResource, 201: anyResource, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { status, resource } = await createScimUser(db, request.body, scimRequest(request));
      return reply
        .status(status)
        .header('location', resource.meta && (resource.meta as { location: string }).location)
        .send(resource);
    },
  );
  r.get(
    '/Users/:id',
    { schema: { tags, summary: 'One user', params: scimIdParamsSchema, response: { 200: anyResource, ...errors } } },
    async (request) => getScimUser(db, request.params.id, scimRequest(request)),
  );
  r.put(
    '/Users/:id',
    {
      schema: {
        tags,
        summary:
          'Replaces the attributes given (those left out stay, the manager set by administrators among them); active false deactivates',
        params: scimIdParamsSchema,
        body: scimUserSchema,
        response: { 200: anyResource, ...writeErrors },
      },
    },
    async (request) => replaceScimUser(db, request.params.id, request.body, scimRequest(request)),
  );
  r.patch(
    '/Users/:id',
    {
      schema: {
        tags,
        summary:
          'add, replace and remove operations, with or without a path, op names in any case, "True"/"False" as text; active false deactivates',
        params: scimIdParamsSchema,
        body: scimPatchSchema,
        response: { 200: anyResource, ...writeErrors },
      },
    },
    async (request) => patchScimUser(db, request.params.id, request.body, scimRequest(request)),
  );
  r.delete(
    '/Users/:id',
    {
      schema: {
        tags,
        summary: 'Deactivates the user (their sessions, tokens and sockets end on every instance); balances and history are kept',
        params: scimIdParamsSchema,
        response: {
          204: z.null().meta({ type: 'null', description: 'Deactivated: no content' } as Record<string, unknown>),
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      await deactivateScimUser(db, request.params.id, scimRequest(request));
      return reply.status(204).send(null);
    },
  );
}

/** The schemas of the attributes this service provider keeps (RFC 7643 section 7). */
function scimSchemas(baseUrl: string) {
  const attr = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    type: 'string',
    multiValued: false,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...extra,
  });
  const schema = (id: string, name: string, attributes: unknown[]) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id,
    name,
    attributes,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
  });
  return [
    schema(SCIM_USER_SCHEMA, 'User', [
      attr('userName', { required: true, uniqueness: 'server', description: 'The e-mail the person signs in with' }),
      attr('externalId', { caseExact: true, uniqueness: 'server' }),
      attr('name', { type: 'complex', subAttributes: [attr('givenName'), attr('familyName'), attr('formatted')] }),
      attr('displayName'),
      attr('emails', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attr('value'), attr('type'), attr('primary', { type: 'boolean' })],
      }),
      attr('active', { type: 'boolean' }),
    ]),
    schema(SCIM_ENTERPRISE_EXTENSION, 'EnterpriseUser', [
      attr('employeeNumber', { uniqueness: 'server' }),
      attr('department'),
      attr('organization'),
      attr('division'),
      attr('costCenter'),
      attr('manager', { type: 'complex', subAttributes: [attr('value'), attr('$ref', { type: 'reference' }), attr('displayName')] }),
    ]),
    schema(SCIM_REWARDS_EXTENSION, 'RewardsStoreUser', [
      attr('office', { description: "The person's office: a store's name or site code" }),
    ]),
  ];
}
