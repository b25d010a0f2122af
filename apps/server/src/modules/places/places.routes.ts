import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { itemEnvelope } from '@rewards/shared/common';
import { coordinatesQuerySchema, placeSchema } from '@rewards/shared/places';
import { refuseInvalidCoordinates } from '../../lib/invalid-coordinates.ts';
import { reverseGeocode } from './places.service.ts';

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
        querystring: coordinatesQuerySchema,
        response: { 200: itemEnvelope(placeSchema) },
      },
    },
    async (request) => {
      refuseInvalidCoordinates(request);
      return { data: await reverseGeocode(request.query) };
    },
  );
}
