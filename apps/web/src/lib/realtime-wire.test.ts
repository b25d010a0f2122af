// @vitest-environment node
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openWire, type WireEnd, type WireHandlers } from './realtime-wire';

// The server side of `ws` (Node's own, as socket.io uses it; the browser build the web resolves has none).
const { Server: WebSocketServer } = createRequire(import.meta.url)('ws') as { Server: typeof import('ws').WebSocketServer };

// Our realtime client (decision 0047) against the real peer: a Socket.IO server configured like
// apps/server/src/plugins/realtime.ts (websocket only, a handshake check), on a loopback port.

let http: HttpServer | undefined;
let io: Server | undefined;
let raw: import('ws').WebSocketServer | undefined;

afterEach(async () => {
  await io?.close();
  raw?.close();
  http?.closeAllConnections();
  await new Promise((r) => (http ? http.close(r) : r(undefined)));
  io = raw = http = undefined;
});

async function listen(): Promise<string> {
  http = createServer();
  await new Promise<void>((r) => http!.listen(0, '127.0.0.1', r));
  return `ws://127.0.0.1:${(http.address() as AddressInfo).port}/socket.io/`;
}

async function socketServer(options: { pingInterval?: number; pingTimeout?: number } = {}) {
  const url = await listen();
  io = new Server(http!, { path: '/socket.io/', transports: ['websocket'], serveClient: false, ...options });
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: string };
    if (auth.token === 'good') return next();
    next(Object.assign(new Error('UNAUTHENTICATED'), { data: { code: 'UNAUTHENTICATED' } }));
  });
  return url;
}

/** Handlers that record what happened, with a promise for each kind. */
function recorder() {
  const events: [string, unknown][] = [];
  let connected!: () => void;
  let ended!: (v: [WireEnd, string]) => void;
  const whenConnected = new Promise<void>((r) => (connected = r));
  const whenEnded = new Promise<[WireEnd, string]>((r) => (ended = r));
  const handlers: WireHandlers = {
    connected: () => connected(),
    event: (name, payload) => events.push([name, payload]),
    ended: (reason, detail) => ended([reason, detail]),
  };
  return { handlers, events, whenConnected, whenEnded };
}

describe('the realtime wire', () => {
  it('connects with its handshake payload and hands over the events the server pushes', async () => {
    const url = await socketServer();
    const joined = new Promise<string>((r) => io!.on('connection', (s) => r(JSON.stringify(s.handshake.auth))));
    const rec = recorder();
    const close = openWire({ url, auth: { token: 'good' }, timeout: 5_000 }, rec.handlers);
    await rec.whenConnected;
    expect(await joined).toBe('{"token":"good"}');
    io!.emit('systemNotification', { userId: 7 });
    io!.emit('other', 'á ñ €');
    await vi.waitFor(() => expect(rec.events).toHaveLength(2));
    expect(rec.events).toEqual([
      ['systemNotification', { userId: 7 }],
      ['other', 'á ñ €'],
    ]);
    // Closed from this side: the server sees the client leave, and nothing is reported here.
    const left = new Promise<string>((r) => io!.sockets.sockets.forEach((s) => s.on('disconnect', r)));
    close();
    expect(await left).toBe('client namespace disconnect');
  });

  it('says refused, with the server’s code, when the handshake check says no', async () => {
    const url = await socketServer();
    const rec = recorder();
    openWire({ url, auth: { token: 'bad' }, timeout: 5_000 }, rec.handlers);
    expect(await rec.whenEnded).toEqual(['refused', 'UNAUTHENTICATED']);
  });

  it('says server when the server closes the connection, and lost when it closes the transport', async () => {
    const url = await socketServer();
    const first = recorder();
    openWire({ url, auth: { token: 'good' }, timeout: 5_000 }, first.handlers);
    await first.whenConnected;
    io!.disconnectSockets(true);
    expect((await first.whenEnded)[0]).toBe('server');

    const second = recorder();
    openWire({ url, auth: { token: 'good' }, timeout: 5_000 }, second.handlers);
    await second.whenConnected;
    // What a server's shutdown does (its transports closed, so that clients come back to another instance).
    io!.engine.close();
    expect((await second.whenEnded)[0]).toBe('lost');
  });

  it('answers the heartbeat, so a quiet connection stays open past many ping intervals', async () => {
    // Pings every 50 ms; a missed pong ends it on the server after 300 ms more, so 1.2 s open means every
    // ping was answered (with room for a busy machine's late timers on the client's side of the wait).
    const url = await socketServer({ pingInterval: 50, pingTimeout: 300 });
    const rec = recorder();
    const close = openWire({ url, auth: { token: 'good' }, timeout: 5_000 }, rec.handlers);
    await rec.whenConnected;
    const outcome = await Promise.race([rec.whenEnded, new Promise((r) => setTimeout(() => r('still open'), 1_200))]);
    expect(outcome).toBe('still open');
    expect(io!.sockets.sockets.size).toBe(1);
    close();
  });

  it('says lost when the handshake never comes, or the heartbeat falls silent', async () => {
    const url = await listen();
    const peer = new WebSocketServer({ server: http! });
    raw = peer;
    // A peer that accepts the socket and says nothing.
    const mute = recorder();
    openWire({ url, timeout: 150 }, mute.handlers);
    expect(await mute.whenEnded).toEqual(['lost', 'timeout']);
    // A peer that opens, acknowledges the namespace, then never pings.
    peer.on('connection', (ws) => {
      ws.send('0{"sid":"x","upgrades":[],"pingInterval":50,"pingTimeout":50,"maxPayload":1000}');
      ws.on('message', (m) => String(m).startsWith('40') && ws.send('40{"sid":"y"}'));
    });
    const silent = recorder();
    openWire({ url, timeout: 5_000 }, silent.handlers);
    await silent.whenConnected;
    expect(await silent.whenEnded).toEqual(['lost', 'ping timeout']);
  });
});
