import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLog } from './request-log.ts';

async function logged(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLog() });
  app.get('/api/thing', async () => ({ ok: true }));
  await app.ready();
  lines.length = 0;
  await app.inject({ method: 'GET', url: '/api/thing?x=1' });
  await app.inject({ method: 'GET', url: '/api/missing' });
  await app.close();
  return lines.filter((l) => l.reqId);
}

describe('request logging', () => {
  it('writes one line per request at info: method, url, status, time and request id', async () => {
    const lines = await logged('info');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, method: 'GET', url: '/api/thing?x=1', statusCode: 200 });
    expect(lines[1]).toMatchObject({ url: '/api/missing', statusCode: 404 });
    expect(typeof lines[0]!.ms).toBe('number');
    expect(lines[0]!.reqId).not.toBe(lines[1]!.reqId);
    expect(lines[0]).not.toHaveProperty('req');
  });

  it('writes the full request and response pair at debug', async () => {
    const lines = (await logged('debug')).filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed', 'incoming request', 'request completed']);
    expect(lines[0]).toMatchObject({ level: 20, req: { method: 'GET', url: '/api/thing?x=1' } });
    expect(lines[1]).toMatchObject({ level: 20, res: { statusCode: 200 } });
  });

  it('writes nothing per request above info', async () => {
    expect(await logged('warn')).toEqual([]);
  });
});
