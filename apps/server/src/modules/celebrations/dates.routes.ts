import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { itemEnvelope } from '@rewards/shared/common';
import {
  peopleDatesFileSchema,
  peopleDatesRequestSchema,
  peopleDatesResultSchema,
  peopleDatesReviewSchema,
} from '@rewards/shared/celebrations';
import { MAX_LOAD_FILE_BYTES } from '@rewards/shared/loads';
import { readDataFile } from '../../lib/multipart.ts';
import { localDate } from '../../lib/calendar.ts';
import { assertStoreAdmin, requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { readPeopleDatesFile } from './dates-file.ts';
import { confirmPeopleDates, reviewPeopleDates, sameDayCelebrations } from './dates.service.ts';

/** 100,000 rows of an e-mail and two dates are ~7 MB of JSON; this leaves room for long ones. */
const DATES_BODY_LIMIT = 12 * 1024 * 1024;

/**
 * Importing people's birthdays and hire dates (docs/architecture.md A6.17), registered under /api/celebrations:
 * read a file, review, confirm, as bulk loads do (A6.7), for the administrators of the store named (super
 * administrators: any).
 */
export async function celebrationDatesRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const afterDatesChanged = sameDayCelebrations(opts.deps, app);
  const today = () => localDate(clock.now(), config.calendar.timeZone);

  r.post(
    '/dates/file',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['celebrations'],
        summary: `The people's dates of a CSV or XLSX file (multipart, field "file", at most ${MAX_LOAD_FILE_BYTES / 1024 / 1024} MB): an e-mail column and a birthday and/or hire date column named by their headers (es or en), in order; nothing is checked against the people yet`,
        consumes: ['multipart/form-data'],
        response: { 200: itemEnvelope(peopleDatesFileSchema) },
      },
    },
    async (request) => {
      return { data: await readPeopleDatesFile(await readDataFile(request, MAX_LOAD_FILE_BYTES)) };
    },
  );

  r.post(
    '/dates/review',
    {
      config: { access: 'admin' },
      bodyLimit: DATES_BODY_LIMIT,
      schema: {
        tags: ['celebrations'],
        summary:
          'Which rows an import would write: data.correct (with the person and the dates read: birthday MM-DD, hire date YYYY-MM-DD, null for an empty cell, which leaves the stored one) and data.incorrect (with INVALID_FORMAT, DUPLICATE_IN_LIST, UNKNOWN_USER, OTHER_STORE, INVALID_BIRTHDAY, INVALID_HIRE_DATE or NO_DATES), by position; nothing is written',
        body: peopleDatesRequestSchema,
        response: { 200: itemEnvelope(peopleDatesReviewSchema) },
      },
    },
    async (request) => {
      assertStoreAdmin(requireUser(request), request.body.storeId);
      return { data: await reviewPeopleDates(db, { ...request.body, today: today() }) };
    },
  );

  r.post(
    '/dates',
    {
      config: { access: 'admin' },
      bodyLimit: DATES_BODY_LIMIT,
      schema: {
        tags: ['celebrations'],
        summary:
          "Confirm an import: reviews the rows again and writes the correct ones' dates in one statement (an empty cell leaves the stored value); answers how many people were updated and the rows refused",
        body: peopleDatesRequestSchema,
        response: { 200: itemEnvelope(peopleDatesResultSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      assertStoreAdmin(user, request.body.storeId);
      const data = await confirmPeopleDates(db, {
        ...request.body,
        actorId: user.id,
        now: clock.now(),
        today: today(),
        afterDatesChanged,
      });
      return { data };
    },
  );
}
