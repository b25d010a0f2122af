import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { itemEnvelope } from '@rewards/shared/common';
import { coordinatesSchema, savedPlaceSchema } from '@rewards/shared/places';
import {
  contactOptionSchema,
  contactOptions,
  nearestStoreResultSchema,
  positionSchema,
  profileUpdateSchema,
  userPreferencesSchema,
} from '@rewards/shared/profile';
import type { ServerContext } from '../../server-context.ts';
import { pickLanguage } from '../../lib/language.ts';
import { requireUser } from '../../plugins/auth.ts';
import { refuseInvalidCoordinates } from '../../lib/invalid-coordinates.ts';
import { ownCelebrationsSchema, ownCelebrationsUpdateSchema } from '@rewards/shared/celebrations';
import { sameDayCelebrations } from '../celebrations/dates.service.ts';
import {
  adoptNearestStore,
  forgetPosition,
  getOwnCelebrations,
  getPreferences,
  saveOwnCelebrations,
  savePosition,
  saveProfile,
} from './profile.service.ts';

/** The session user's profile and preferences (docs/architecture.md P3 and P7); registered under /api. */
export async function profileRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config } = opts.deps;
  const teamsAvailable = config.teams !== null;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const afterDatesChanged = sameDayCelebrations(opts.deps, app);

  r.post(
    '/users/profile',
    {
      config: { access: 'user' },
      schema: {
        tags: ['profile'],
        summary:
          "Save the session user's preferences (city, postal code, state, address, preferred contact, preferred category of their store, office in the city; storeId chooses a store); e-mails follow the request's language. Choosing Teams where it is not configured is refused (422 TEAMS_UNAVAILABLE); a Teams choice saved before goes by e-mail",
        body: profileUpdateSchema,
        response: { 200: itemEnvelope(userPreferencesSchema) },
      },
    },
    async (request) => ({
      data: await saveProfile(db, {
        userId: requireUser(request).id,
        form: request.body,
        language: pickLanguage(request.headers['accept-language']),
        now: clock.now(),
        teamsAvailable,
      }),
    }),
  );

  r.put(
    '/users/profile/position',
    {
      config: { access: 'user' },
      attachValidation: true,
      schema: {
        tags: ['profile'],
        summary:
          "Save the session user's position: the server derives its country (null at sea), continent and IANA time zone offline and keeps them with the profile; INVALID_COORDINATES out of range",
        body: coordinatesSchema,
        response: { 200: itemEnvelope(savedPlaceSchema) },
      },
    },
    async (request) => {
      refuseInvalidCoordinates(request);
      return { data: await savePosition(db, { userId: requireUser(request).id, position: request.body, now: clock.now() }) };
    },
  );

  r.delete(
    '/users/profile/position',
    {
      config: { access: 'user' },
      schema: {
        tags: ['profile'],
        summary: "Forget the session user's saved position and the place derived from it (times then show in the browser's zone)",
        response: { 200: itemEnvelope(userPreferencesSchema) },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      await forgetPosition(db, { userId, now: clock.now() });
      return { data: await getPreferences(db, userId) };
    },
  );

  r.post(
    '/users/store/nearest',
    {
      config: { access: 'user' },
      attachValidation: true,
      schema: {
        tags: ['profile'],
        summary:
          "The browser's position, kept with the profile with its country and time zone: a user with no store, or with the default one, gets the nearest active store; a chosen store is never replaced; INVALID_COORDINATES out of range",
        body: positionSchema,
        response: { 200: itemEnvelope(nearestStoreResultSchema) },
      },
    },
    async (request) => {
      refuseInvalidCoordinates(request);
      return { data: await adoptNearestStore(db, { userId: requireUser(request).id, position: request.body, now: clock.now() }) };
    },
  );

  r.get(
    '/userPreferences',
    {
      config: { access: 'user' },
      schema: {
        tags: ['profile'],
        summary: "The session user's saved preferences (defaults until the first save: savedAt null)",
        response: { 200: itemEnvelope(userPreferencesSchema) },
      },
    },
    async (request) => ({ data: await getPreferences(db, requireUser(request).id) }),
  );

  r.get(
    '/userPreferences/contactPreferences',
    {
      config: { access: 'public' },
      schema: {
        tags: ['profile'],
        summary:
          'Preferred communication methods: teams, email (Correo), each with whether this installation offers it (Teams only when configured)',
        response: { 200: itemEnvelope(z.array(contactOptionSchema)) },
      },
    },
    async () => ({
      data: contactOptions.map((c) => ({
        id: null,
        value: c.value,
        label: { ...c.label },
        available: c.value !== 'teams' || teamsAvailable,
      })),
    }),
  );

  r.get(
    '/users/profile/celebrations',
    {
      config: { access: 'user' },
      schema: {
        tags: ['profile'],
        summary:
          "The session user's birthday (MM-DD, never a year), hire date (set by administrators), their choice per kind (birthday, anniversary, welcome: public, private or none; null: the store's default) and the store's defaults",
        response: { 200: itemEnvelope(ownCelebrationsSchema) },
      },
    },
    async (request) => ({ data: await getOwnCelebrations(db, requireUser(request).id) }),
  );

  r.put(
    '/users/profile/celebrations',
    {
      config: { access: 'user' },
      schema: {
        tags: ['profile'],
        summary:
          "Save the session user's birthday (MM-DD or null) and choices per kind (public: in the feed; private: a notification and the points only; none: not celebrated; null: the store's default); what is left out stays, at least one field (NOTHING_TO_CHANGE). A birthday of today after the store's hour is celebrated at once",
        body: ownCelebrationsUpdateSchema,
        response: { 200: itemEnvelope(ownCelebrationsSchema) },
      },
    },
    async (request) => ({
      data: await saveOwnCelebrations(db, { userId: requireUser(request).id, input: request.body, now: clock.now(), afterDatesChanged }),
    }),
  );
}
