import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Who is looking, for counters that count a person once (the product view counter): the signed-in
 * user, else the client's address. The address is never stored: it is keyed with the server secret
 * (HMAC), so a leaked table does not list visitors' addresses.
 */
export function viewerKey(p: { userId?: number | null; ip: string | undefined; secret: string }): string {
  if (p.userId) return `u:${p.userId}`;
  const digest = createHmac('sha256', p.secret)
    .update(`viewer:${addressKey(p.ip ?? '')}`)
    .digest('base64url');
  return `a:${digest.slice(0, 32)}`;
}

/**
 * The part of an address that names one client: an IPv4 address as it is (also when written as
 * IPv6, `::ffff:192.0.2.1`); an IPv6 address by its /64 network, since one host is handed a whole
 * /64 and can pick any address in it.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0]!.trim().toLowerCase();
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((g) => parseInt(g, 16));
}
