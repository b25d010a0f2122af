import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { assertInputWires, type InputPart } from '../lib/input-wires.ts';

/**
 * Strict input (docs/architecture.md A4, docs/decisions/0044-strict-input.md): nothing is coerced.
 * - Every route's schemas are checked when the server starts: a JSON body built from the query or form
 *   primitives of packages/shared/src/common.ts (which read "12" as 12), a query string, path or
 *   headers schema holding a bare JSON number or boolean, or any `z.coerce` stops the start
 *   (lib/input-wires.ts), naming the route and the field.
 * - A JSON body is UTF-8: `application/json` with no charset or `charset=utf-8`; any other charset is
 *   415 UNSUPPORTED_MEDIA_TYPE (read as UTF-8 it would be other text than was sent).
 */

const PARTS: Record<string, InputPart> = { body: 'body', querystring: 'querystring', params: 'params', headers: 'headers' };

/** fastify-type-provider-zod's validator, after the check of the schema's primitives. */
export const strictValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const part = route.httpPart ? PARTS[route.httpPart] : undefined;
  if (part) assertInputWires(route.schema, part, `${route.method} ${route.url}`);
  return validatorCompiler(route);
};

/** The charset a Content-Type names, lower-cased and unquoted, or undefined. */
export function charsetOf(contentType: string | undefined): string | undefined {
  for (const parameter of (contentType ?? '').split(';').slice(1)) {
    const [name, ...value] = parameter.split('=');
    if (name?.trim().toLowerCase() === 'charset')
      return value
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase();
  }
  return undefined;
}

/**
 * Replaces Fastify's JSON parser with the same one (prototype poisoning refused) that first requires UTF-8;
 * with `contentType`, adds it for another JSON media type (SCIM's application/scim+json).
 */
export function utf8JsonBodies(app: FastifyInstance, contentType = 'application/json'): void {
  // Fastify's own parser, in its callback form (the one it returns).
  const parse = app.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: (err: Error | null, body?: unknown) => void,
  ) => void;
  if (app.hasContentTypeParser(contentType)) app.removeContentTypeParser(contentType);
  app.addContentTypeParser(contentType, { parseAs: 'string' }, (request, body, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8') {
      done(
        new AppError('UNSUPPORTED_MEDIA_TYPE', {
          contentType: request.headers['content-type'],
          accepted: `${contentType}; charset=utf-8`,
        }),
        undefined,
      );
      return;
    }
    parse(request, body as string, done);
  });
}
