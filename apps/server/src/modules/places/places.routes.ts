import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { itemEnvelope } from '@rewards/shared/common';
import { coordinatesSchema, placeSchema } from '@rewards/shared/places';
import { AppError, type FieldIssue } from '../../lib/app-error.ts';
import { reverseGeocode } from './places.service.ts';

const fieldMessages: Record<string, string> = {
  latitude: 'Latitude must be a number from -90 to 90',
  longitude: 'Longitude must be a number from -180 to 180',
};

/**
 * For routes declared with `attachValidation: true` whose input is a position: a position that does not
 * validate is INVALID_COORDINATES (400), with one `{ field, message, code }` per problem.
 */
export function refuseInvalidCoordinates(request: FastifyRequest): void {
  const error = request.validationError as (Error & { validation?: unknown[]; validationContext?: string }) | undefined;
  if (!error) return;
  const issues = (error.validation ?? []) as {
    instancePath: string;
    message?: string;
    keyword: string;
    params?: { issue?: { code?: string } };
  }[];
  const details: FieldIssue[] = issues.map((v) => {
    const path = v.instancePath.split('/').filter(Boolean);
    const name = path[0];
    return {
      field: [error.validationContext ?? 'body', ...path].join('.'),
      message: (name && fieldMessages[name]) ?? v.message ?? 'Invalid value',
      code: v.params?.issue?.code ?? v.keyword,
    };
  });
  throw new AppError('INVALID_COORDINATES', details);
}

/** Offline reverse geocoding (docs/decisions/0029-offline-reverse-geocoding.md); registered under /api/places. */
export async function placesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/reverse',
    {
      config: { access: 'user' },
      attachValidation: true,
      schema: {
        tags: ['places'],
        summary:
          'Reverse geocoding without any network call: the country (code, es and en names; null at sea), continent and IANA time zone of a latitude and longitude; INVALID_COORDINATES out of range',
        querystring: coordinatesSchema,
        response: { 200: itemEnvelope(placeSchema) },
      },
    },
    async (request) => {
      refuseInvalidCoordinates(request);
      return { data: await reverseGeocode(request.query) };
    },
  );
}
