import { createHash } from 'node:crypto';
import { z } from 'zod';
import { textSchema } from '@rewards/shared/common';
import { AppError } from './app-error.ts';
import { pgCode, UNIQUE_VIOLATION } from './database-errors.ts';

/**
 * Idempotency-Key, the one rule of every keyed write (docs/architecture.md A4): the key (8-100 characters)
 * is bound to a fingerprint of the request; the same key and request replay the first result (200, a first
 * success is 201), another request with that key is 422 IDEMPOTENCY_KEY_REUSED, and two requests racing
 * with one key leave one winner and a 409 CONFLICT. The SQL functions that take a key (`rs_place_order`,
 * `rs_credit_load`) apply the same rule under their own locks.
 */
export const idempotencyHeaders = z.object({ 'idempotency-key': textSchema(100, 8).optional() }).passthrough();

/**
 * The fingerprint stored with a key: SHA-256 of the request's canonical form, a string as it is or any
 * other value as JSON. Each write keeps its canonical form unchanged, so a key sent before an upgrade still
 * replays after it.
 */
export function requestFingerprint(canonical: unknown): string {
  return createHash('sha256')
    .update(typeof canonical === 'string' ? canonical : JSON.stringify(canonical))
    .digest('hex');
}

/**
 * What an earlier write under the same key means for this one: undefined when there was none (go on),
 * the earlier write when it had this fingerprint (replay it), IDEMPOTENCY_KEY_REUSED otherwise. A write
 * recorded before fingerprints existed (null) replays.
 */
export function replayOf<T extends { requestHash: string | null }>(
  prior: T | undefined,
  fingerprint: string,
  details: object,
): T | undefined {
  if (!prior) return undefined;
  if (prior.requestHash !== null && prior.requestHash !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED', details);
  return prior;
}

/** Runs a keyed write: the unique index on (author, key) decides a race between two requests with one key. */
export async function keyedWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) throw new AppError('CONFLICT');
    throw err;
  }
}

/** The status of a keyed write's answer. */
export const keyedStatus = (replayed: boolean): 200 | 201 => (replayed ? 200 : 201);
