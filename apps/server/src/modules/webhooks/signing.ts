import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_BYTES, WEBHOOK_SECRET_PREFIX } from '@rewards/shared/webhooks';

/**
 * Standard Webhooks signing (docs/architecture.md A6.19): the secret is `whsec_` and the base64 of its random
 * bytes; a message is signed with HMAC-SHA256 keyed by those bytes over `{id}.{timestamp}.{body}`, and the
 * `webhook-signature` header is `v1,` and the signature's base64 (several space-separated when more than one
 * secret signs). docs/integration/webhook-receiver.mjs verifies it.
 */

export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(WEBHOOK_SECRET_BYTES).toString('base64');
}

/** The bytes a `whsec_…` secret stands for (the key of the HMAC). */
export function secretKey(secret: string): Buffer {
  const text = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  return Buffer.from(text, 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of one attempt: id, timestamp in seconds, signature. */
export function webhookHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}
