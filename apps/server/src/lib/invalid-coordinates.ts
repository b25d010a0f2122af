import type { FastifyRequest } from 'fastify';
import { AppError, type FieldIssue } from './app-error.ts';

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
