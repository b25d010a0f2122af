import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { itemEnvelope } from '@rewards/shared/common';
import {
  catalogOptionSchema,
  contactOptions,
  nearestStoreResultSchema,
  positionSchema,
  profileFormSchema,
  userPreferencesSchema,
} from '@rewards/shared/profile';
import type { AppDeps } from '../../deps.ts';
import { pickLanguage } from '../../lib/language.ts';
import { requireUser } from '../../plugins/auth.ts';
import { adoptNearestStore, getPreferences, saveProfile } from './profile.service.ts';

/** The session user's profile and preferences (docs/architecture.md P3 and P7); registered under /api. */
export async function profileRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { db, clock } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/users/profile',
    {
      config: { access: 'user' },
      schema: {
        tags: ['profile'],
        summary:
          "Save the session user's preferences (city, postal code, state, address, preferred contact, preferred category of their store, office in the city; storeId chooses a store); e-mails follow the request's language",
        body: profileFormSchema,
        response: { 200: itemEnvelope(userPreferencesSchema) },
      },
    },
    async (request) => ({
      data: await saveProfile(db, {
        userId: requireUser(request).id,
        form: request.body,
        language: pickLanguage(request.headers['accept-language']),
        now: clock.now(),
      }),
    }),
  );

  r.post(
    '/users/store/nearest',
    {
      config: { access: 'user' },
      schema: {
        tags: ['profile'],
        summary:
          "The browser's position: a user with no store, or with the default one, gets the nearest active store; a chosen store is never replaced",
        body: positionSchema,
        response: { 200: itemEnvelope(nearestStoreResultSchema) },
      },
    },
    async (request) => ({
      data: await adoptNearestStore(db, { userId: requireUser(request).id, position: request.body, now: clock.now() }),
    }),
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
        summary: 'Preferred communication methods: teams, email (Correo)',
        response: { 200: itemEnvelope(z.array(catalogOptionSchema)) },
      },
    },
    async () => ({ data: contactOptions.map((c) => ({ id: null, value: c.value, label: { ...c.label } })) }),
  );
}
