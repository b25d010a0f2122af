import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@rewards/shared/errors';
import { AppError } from '../lib/app-error.ts';
import { errorMessage, pickLanguage } from '../lib/language.ts';

/** Fastify's own error codes mapped to ours. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
};

const statusCodes: Partial<Record<ErrorCode, number>> = {
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 400,
};

export function sendError(request: FastifyRequest, reply: FastifyReply, statusCode: number, code: ErrorCode, details?: unknown) {
  const lang = pickLanguage(request.headers['accept-language']);
  return reply.status(statusCode).send({
    statusCode,
    code,
    message: errorMessage(code, lang),
    ...(details === undefined ? {} : { details }),
    requestId: request.id,
  });
}

/** One handler writes `{ statusCode, code, message, details?, requestId }` for every failure. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, error.statusCode, error.code, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        message: v.message,
        code: (v.params as { issue?: { code?: string } })?.issue?.code ?? v.keyword,
      }));
      return sendError(request, reply, 400, 'VALIDATION_FAILED', details);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendError(request, reply, 500, 'INTERNAL_ERROR');
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) return sendError(request, reply, statusCodes[mapped] ?? 400, mapped);
    if (error.statusCode === 429) return sendError(request, reply, 429, 'RATE_LIMITED');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      const code: ErrorCode =
        error.statusCode === 404
          ? 'NOT_FOUND'
          : error.statusCode === 413
            ? 'PAYLOAD_TOO_LARGE'
            : error.statusCode === 415
              ? 'UNSUPPORTED_MEDIA_TYPE'
              : 'VALIDATION_FAILED';
      return sendError(request, reply, error.statusCode, code);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, 500, 'INTERNAL_ERROR');
  });
});
