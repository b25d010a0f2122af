#!/usr/bin/env node
// A reference receiver of the Rewards Store's webhooks (docs/architecture.md A6.19): plain Node, no
// dependencies. It verifies the Standard Webhooks signature (HMAC-SHA256 keyed by the secret's bytes over
// "{webhook-id}.{webhook-timestamp}.{body}", compared in constant time), refuses a timestamp more than 5
// minutes from its clock, and takes each webhook-id once (a retry or a redelivery of an event it already
// has is answered 200 and not handled again).
//
//   node docs/integration/webhook-receiver.mjs --secret whsec_... --port 4000 [--host 127.0.0.1]
//
// Each new event is printed as one JSON line. Tests import `verifyWebhook` and `createReceiver`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

export const TOLERANCE_SECONDS = 5 * 60;

/** The bytes a `whsec_…` secret stands for. */
export function secretBytes(secret) {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/** `v1,<base64>`: what the sender puts in webhook-signature for this message. */
export function sign(secret, id, timestamp, body) {
  return `v1,${createHmac('sha256', secretBytes(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * Checks one delivery. `headers` as Node gives them (lower-case names), `body` the raw text received (not
 * parsed and serialised again). Answers `{ ok: true, id, event }` or `{ ok: false, reason }`.
 */
export function verifyWebhook({ secret, headers, body, now = Date.now() }) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string')
    return { ok: false, reason: 'missing headers' };
  if (!/^\d+$/.test(timestamp)) return { ok: false, reason: 'bad timestamp' };
  if (Math.abs(Math.floor(now / 1000) - Number(timestamp)) > TOLERANCE_SECONDS)
    return { ok: false, reason: 'timestamp too old or too new' };
  const expected = Buffer.from(sign(secret, id, timestamp, body).slice(3), 'base64');
  // Several signatures may come, space-separated (`v1,a v1,b`): any one that matches will do.
  const ok = signatures.split(' ').some((part) => {
    const [version, value] = part.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) return { ok: false, reason: 'bad signature' };
  let event;
  try {
    event = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'body is not JSON' };
  }
  return { ok: true, id, event };
}

/**
 * An HTTP server that takes signed webhooks: each new, valid one is handed to `onEvent` (a retry of an id it
 * already took answers 200 without calling it again); an invalid one answers 401. `seen` is its memory of
 * ids (in memory here: a real receiver keeps it in its database, at least as long as retries go on, 3 days).
 */
export function createReceiver({ secret, onEvent = () => {}, now = () => Date.now(), seen = new Set() }) {
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > 1024 * 1024) req.destroy();
      else chunks.push(c);
    });
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const check = verifyWebhook({ secret, headers: req.headers, body, now: now() });
      if (!check.ok) {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: check.reason }));
        return;
      }
      if (seen.has(check.id)) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"duplicate":true}');
        return;
      }
      try {
        await onEvent(check.event, check.id);
        seen.add(check.id);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      } catch (err) {
        // Not handled: answer an error so the sender retries later.
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(err?.message ?? err) }));
      }
    });
  });
  return { server, seen };
}

function argument(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const secret = argument('secret', process.env.WEBHOOK_SECRET);
  if (!secret) {
    console.error('Usage: node docs/integration/webhook-receiver.mjs --secret whsec_... [--port 4000] [--host 127.0.0.1]');
    process.exit(1);
  }
  const port = Number(argument('port', '4000'));
  const host = argument('host', '127.0.0.1');
  const { server } = createReceiver({ secret, onEvent: (event) => console.log(JSON.stringify(event)) });
  server.listen(port, host, () => console.error(`Receiving webhooks on http://${host}:${port}/`));
}
