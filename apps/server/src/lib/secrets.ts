import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token (session cookie value or API token). */
export function newToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256 hashes: a leaked table does not leak sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
