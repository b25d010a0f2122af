import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { defaultLanguage } from '@rewards/shared/enums';
import { errorStatus, type ErrorCode } from '@rewards/shared/errors';
import { SCIM_ERROR_SCHEMA } from '@rewards/shared/scim';
import { AppError } from '../lib/app-error.ts';
import { errorMessage, pickLanguage } from '../lib/language.ts';

/** Fastify's own error codes (and those of its plugins) mapped to ours (their status is the code's). */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_REQUEST',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_JSON_FIELD_ERROR: 'MALFORMED_REQUEST',
  FST_PROTO_VIOLATION: 'MALFORMED_REQUEST',
  FST_MP_PREMATURE_CLOSE: 'MALFORMED_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_BAD_URL: 'MALFORMED_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
  FST_ERR_ASYNC_CONSTRAINT: 'MALFORMED_REQUEST',
  FST_ERR_NOT_FOUND: 'ROUTE_NOT_FOUND',
};

/** Any other 4xx a library raises, by status. */
const codeOfStatus: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'UNSUPPORTED_MEDIA_TYPE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/**
 * A database failure that is not a bug of ours: the database is down or restarting (503), or a
 * concurrent transaction won (409, try again). SQLSTATE classes 08 and 57P, and the drivers' socket errors.
 */
function databaseFailure(error: unknown): ErrorCode | undefined {
  const e = ((error as { cause?: unknown }).cause ?? error) as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (code === '40001' || code === '40P01') return 'CONFLICT';
  if (code.startsWith('08') || ['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT'].includes(code))
    return 'DATABASE_UNAVAILABLE';
  if (typeof e.message === 'string' && /Connection terminated|Client has encountered a connection error|PGlite is closed/i.test(e.message))
    return 'DATABASE_UNAVAILABLE';
  return undefined;
}

/** Answers `{ statusCode, code, message, details?, requestId }` with the code's one status (packages/shared errors.ts). */
export function sendError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, details?: unknown) {
  const statusCode = errorStatus[code];
  const lang = pickLanguage(request.headers['accept-language']);
  return reply.status(statusCode).send({
    statusCode,
    code,
    message: errorMessage(code, lang, details),
    ...(details === undefined ? {} : { details }),
    requestId: request.id,
  });
}

interface IssueLike {
  path: PropertyKey[];
  message: string;
  code: string;
  errors?: IssueLike[][];
}

/**
 * zod reports a value no alternative of a union takes as one issue at the union (`{"lines": [{"productId":
 * true}]}` against buy-now-or-cart); the details name instead the fields of the alternative that came
 * closest: the one whose problems lie deepest, then the one with the fewest (docs/architecture.md A4).
 */
function unionIssues(path: PropertyKey[], alternatives: IssueLike[][]): { path: PropertyKey[]; message: string; code: string }[] {
  const depth = (issues: IssueLike[]) => Math.max(...issues.map((i) => i.path.length));
  const closest = alternatives.filter((issues) => issues.length > 0).sort((a, b) => depth(b) - depth(a) || a.length - b.length)[0];
  if (!closest) return [{ path, message: 'Invalid input', code: 'invalid_union' }];
  return closest.flatMap((i) =>
    i.code === 'invalid_union' && i.errors?.length ? unionIssues([...path, ...i.path], i.errors) : [{ ...i, path: [...path, ...i.path] }],
  );
}

/** Status and code for any error a request can end with. */
export function classify(error: FastifyError | AppError, request: FastifyRequest): [ErrorCode, unknown?] {
  if (error instanceof AppError) return [error.code, error.details];
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.flatMap((v) => {
      const path = v.instancePath.split('/').filter(Boolean);
      const alternatives = v.keyword === 'invalid_union' ? (v.params as { errors?: IssueLike[][] }).errors : undefined;
      const issues = alternatives?.length
        ? unionIssues(path, alternatives)
        : [{ path, message: v.message ?? 'Invalid input', code: (v.params as { issue?: { code?: string } })?.issue?.code ?? v.keyword }];
      return issues.map((i) => ({ field: [error.validationContext, ...i.path.map(String)].join('.'), message: i.message, code: i.code }));
    });
    return ['VALIDATION_FAILED', details];
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response did not match its schema');
    return ['INTERNAL_ERROR'];
  }
  const known = error.code ? fastifyCodes[error.code] : undefined;
  if (known) return [known];
  const database = databaseFailure(error);
  if (database) {
    request.log.warn({ err: error }, 'database unavailable or conflicting');
    return [database];
  }
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    return [codeOfStatus[status] ?? 'MALFORMED_REQUEST'];
  }
  if (status === 503) return ['SERVICE_UNAVAILABLE'];
  request.log.error({ err: error }, 'unexpected error');
  return ['INTERNAL_ERROR'];
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers too large, a bad
 * Content-Length, a body that never arrives): answered on the socket, still in the envelope.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'MALFORMED_REQUEST';
  const statusCode = errorStatus[code];
  const requestId = randomUUID();
  const body = JSON.stringify({ statusCode, code, message: errorMessage(code, defaultLanguage), requestId });
  const reason = {
    MALFORMED_REQUEST: 'Bad Request',
    REQUEST_TIMEOUT: 'Request Timeout',
    HEADERS_TOO_LARGE: 'Request Header Fields Too Large',
  }[code as string];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** The SCIM service provider's path (docs/architecture.md A6.18), whose failures are in SCIM's own format. */
export const SCIM_PREFIX = '/scim/';

/** A failure in SCIM's format (RFC 7644 3.12): `status` as text, `scimType` when there is one, an English `detail`. */
export function sendScimError(reply: FastifyReply, status: number, scimType: string | null, detail: string) {
  return reply
    .status(status)
    .type('application/scim+json; charset=utf-8')
    .send({ schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail });
}

/** Options for the Fastify constructor: errors raised before routing reach the same envelope (SCIM's under its path). */
export const errorServerOptions = {
  clientErrorHandler,
  frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [code] = classify(error, request);
    if (request.url.startsWith(SCIM_PREFIX)) return sendScimError(reply, errorStatus[code], null, errorMessage(code, 'en'));
    return sendError(request, reply, code);
  },
};

/** One handler writes `{ statusCode, code, message, details?, requestId }` for every failure. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const [code, details] = classify(error, request);
    if (code === 'RATE_LIMITED' && !reply.getHeader('retry-after')) reply.header('retry-after', 60);
    return sendError(request, reply, code, details);
  });
});
