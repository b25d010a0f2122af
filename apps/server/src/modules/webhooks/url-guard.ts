import { BlockList, isIP } from 'node:net';
import { AppError } from '../../lib/app-error.ts';

/**
 * Where webhooks may go (docs/architecture.md A6.19): https to a public address; plain http (or https) to
 * this machine's loopback only outside production (tests, the bench, the reference receiver); never to
 * another private, link-local, shared, multicast or reserved address (the cloud's metadata service, the
 * office network). The URL is checked when it is saved (its host as written) and every address its name
 * resolves to is checked again when each attempt connects (lookupGuard), so a name that later points inside
 * is refused then.
 */

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const internal = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  internal.addSubnet(net, bits, 'ipv6');

export type AddressKind = 'public' | 'loopback' | 'internal';

/** What an IP address is; an IPv4-mapped IPv6 address is its IPv4 address. */
export function addressKind(address: string): AddressKind {
  let a = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) a = mapped[1]!;
  const family = isIP(a);
  if (family === 0) return 'internal';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(a, type)) return 'loopback';
  if (type === 'ipv6' && /^::ffff:/i.test(a)) return 'internal';
  return internal.check(a, type) ? 'internal' : 'public';
}

/** Whether an address may be connected to: public, or loopback outside production. */
export function addressAllowed(address: string, production: boolean): boolean {
  const kind = addressKind(address);
  return kind === 'public' || (kind === 'loopback' && !production);
}

/** Checks an endpoint's URL as written; answers it normalised, or throws 422 WEBHOOK_URL_NOT_HTTPS or WEBHOOK_URL_PRIVATE. */
export function checkWebhookUrl(text: string, production: boolean): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('VALIDATION_FAILED', [{ field: 'body.url', message: 'Must be an absolute URL', code: 'invalid_format' }]);
  }
  if (url.username || url.password) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'body.url', message: 'Must not carry a user or password', code: 'invalid_format' }]);
  }
  const host = url.hostname.toLowerCase();
  const name = host.startsWith('[') ? host.slice(1, -1) : host;
  const isLoopbackName = name === 'localhost' || name.endsWith('.localhost');
  const kind: AddressKind = isLoopbackName ? 'loopback' : isIP(name) ? addressKind(name) : 'public';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AppError('WEBHOOK_URL_NOT_HTTPS', { url: text });
  if (kind === 'internal' || (kind === 'loopback' && production)) throw new AppError('WEBHOOK_URL_PRIVATE', { host: url.hostname });
  if (url.protocol === 'http:' && kind !== 'loopback') throw new AppError('WEBHOOK_URL_NOT_HTTPS', { url: text });
  // A bare IP in decimal, octal or hex (http://2130706433/) is normalised by URL to dotted form, checked above.
  url.hash = '';
  return url.href;
}
