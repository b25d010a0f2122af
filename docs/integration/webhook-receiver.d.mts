// Types of the reference webhook receiver (webhook-receiver.mjs), for the tests that import it.
import type { IncomingHttpHeaders, Server } from 'node:http';

export declare const TOLERANCE_SECONDS: number;
export declare function secretBytes(secret: string): Buffer;
export declare function sign(secret: string, id: string, timestamp: number | string, body: string): string;
export interface WebhookEvent {
  id: string;
  type: string;
  subject: string;
  timestamp: string;
  data: Record<string, unknown>;
}
export declare function verifyWebhook(p: {
  secret: string;
  headers: IncomingHttpHeaders | Record<string, string | undefined>;
  body: string;
  now?: number;
}): { ok: true; id: string; event: WebhookEvent } | { ok: false; reason: string };
export declare function createReceiver(p: {
  secret: string;
  onEvent?: (event: WebhookEvent, id: string) => unknown;
  now?: () => number;
  seen?: Set<string>;
}): { server: Server; seen: Set<string> };
