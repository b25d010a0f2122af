import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { SOCKET_OPTIONS, SYSTEM_NOTIFICATION_EVENT, type SystemNotificationPayload } from '@rewards/shared/constants';

/**
 * The realtime connection of docs/architecture.md P4: Socket.IO to the same host, websocket transport only,
 * signed in by the session cookie; reconnects with a delay of 1000 to 5000 ms (randomization 0.5) and
 * gives up a connection attempt after 20000 ms. Its status is `connecting` until it is known (the client
 * is loaded after the page settles, then it connects), `online` while connected, and `offline` only once
 * a connection failed or dropped, or the browser says it has no network; a reconnection makes it `online`
 * again.
 *
 * The client library is loaded on first use, once the page has loaded and the browser is idle: anonymous
 * visitors never download it, and a signed-in page's first paint does not wait for it (the header's
 * counts came with the page).
 */
type Listener = (payload: SystemNotificationPayload) => void;

let socket: Socket | null = null;
let starting: Promise<void> | null = null;
export type RealtimeStatus = 'connecting' | 'online' | 'offline';

let status: RealtimeStatus = 'connecting';
let users = 0;
const statusListeners = new Set<() => void>();
const notificationListeners = new Set<Listener>();
const endedListeners = new Set<() => void>();

function setStatus(value: RealtimeStatus) {
  if (status === value) return;
  status = value;
  statusListeners.forEach((l) => l());
}

const browserOffline = () => setStatus('offline');
const browserOnline = () => setStatus(socket?.connected ? 'online' : 'connecting');

function pageSettled(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 3_000 }) : setTimeout(resolve, 500);
    if (document.readyState === 'complete') idle();
    else addEventListener('load', idle, { once: true });
  });
}

async function start() {
  await pageSettled();
  if (users === 0) return;
  const { io } = await import('socket.io-client');
  if (users === 0) return;
  socket = io({
    path: '/socket.io/',
    transports: ['websocket'],
    withCredentials: true,
    ...SOCKET_OPTIONS,
  });
  socket.on('connect', () => setStatus('online'));
  socket.on('connect_error', () => setStatus('offline'));
  addEventListener('offline', browserOffline);
  addEventListener('online', browserOnline);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) setStatus('offline');
  socket.on('disconnect', (reason) => {
    // Released by the page (no one uses it any more): not a failure, the next use starts by connecting.
    setStatus(reason === 'io client disconnect' ? 'connecting' : 'offline');
    // The server ended it (a sign-out, here or in another tab, or a deactivation): reconnecting would only
    // be refused; the listeners check the session, which tells the user what happened.
    if (reason === 'io server disconnect') endedListeners.forEach((l) => l());
  });
  socket.on(SYSTEM_NOTIFICATION_EVENT, (payload: SystemNotificationPayload) => notificationListeners.forEach((l) => l(payload)));
}

/** Opens the connection (shared by every caller) and returns the function that releases it. */
export function acquireRealtime(): () => void {
  users += 1;
  if (!socket && !starting)
    starting = start()
      // The client could not be loaded (offline, or a deploy replaced its chunk): nothing to connect with.
      .catch(() => setStatus('offline'))
      .finally(() => (starting = null));
  return () => {
    users -= 1;
    if (users > 0) return;
    socket?.disconnect();
    socket = null;
    removeEventListener('offline', browserOffline);
    removeEventListener('online', browserOnline);
    setStatus('connecting');
  };
}

/** Called when the server closes the connection because the credential ended. */
export function onRealtimeEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

export function onSystemNotification(listener: Listener): () => void {
  notificationListeners.add(listener);
  return () => notificationListeners.delete(listener);
}

/** Where the realtime connection is: connecting (until known), online, offline. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (l) => {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    () => status,
    () => 'connecting',
  );
}
