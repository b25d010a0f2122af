import { io, type Socket } from 'socket.io-client';
import { ORIGIN } from './harness.ts';

/** A Socket.IO client as the web app opens it (websocket only), signed in by cookie or API token. */
export function connectSocket(baseUrl: string, auth: { session?: string; token?: string; origin?: string }): Socket {
  return io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    ...(auth.token ? { auth: { token: auth.token } } : {}),
    extraHeaders: {
      ...(auth.session ? { cookie: `rs_session=${auth.session}` } : {}),
      origin: auth.origin ?? ORIGIN.origin,
    },
  });
}

/** Resolves when the socket is connected; rejects with the server's refusal code. */
export function connected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err: Error & { data?: { code?: string } }) => reject(new Error(err.data?.code ?? err.message)));
  });
}

/** The next event of that name within `ms`, else rejects. */
export function nextEvent<T>(socket: Socket, event: string, ms = 1000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const on = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, on);
  });
}

/** Resolves with the reason when the socket is disconnected within `ms`. */
export function disconnected(socket: Socket, ms = 1000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) return resolve('already');
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Collects every event of that name (to show that nothing arrived). */
export function record<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}
