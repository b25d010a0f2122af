import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { SOCKET_OPTIONS, SYSTEM_NOTIFICATION_EVENT, type SystemNotificationPayload } from '@rewards/shared/constants';

/**
 * The realtime connection of docs/architecture.md P4: Socket.IO to the same host, websocket transport only,
 * signed in by the session cookie; reconnects with a delay of 1000 to 5000 ms (randomization 0.5) and
 * gives up a connection attempt after 20000 ms. `online` is true while connected.
 *
 * The client library is loaded on first use, once the page has loaded and the browser is idle: anonymous
 * visitors never download it, and a signed-in page's first paint does not wait for it (the header's
 * counts came with the page).
 */
type Listener = (payload: SystemNotificationPayload) => void;

let socket: Socket | null = null;
let starting: Promise<void> | null = null;
let online = false;
let users = 0;
const onlineListeners = new Set<() => void>();
const notificationListeners = new Set<Listener>();
const endedListeners = new Set<() => void>();

function setOnline(value: boolean) {
  if (online === value) return;
  online = value;
  onlineListeners.forEach((l) => l());
}

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
  socket.on('connect', () => setOnline(true));
  socket.on('disconnect', (reason) => {
    setOnline(false);
    // The server ended it (a sign-out, here or in another tab, or a deactivation): reconnecting would only
    // be refused; the listeners check the session, which tells the user what happened.
    if (reason === 'io server disconnect') endedListeners.forEach((l) => l());
  });
  socket.on(SYSTEM_NOTIFICATION_EVENT, (payload: SystemNotificationPayload) => notificationListeners.forEach((l) => l(payload)));
}

/** Opens the connection (shared by every caller) and returns the function that releases it. */
export function acquireRealtime(): () => void {
  users += 1;
  if (!socket && !starting) starting = start().finally(() => (starting = null));
  return () => {
    users -= 1;
    if (users > 0) return;
    socket?.disconnect();
    socket = null;
    setOnline(false);
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

/** Whether the realtime connection is up. */
export function useRealtimeOnline(): boolean {
  return useSyncExternalStore(
    (l) => {
      onlineListeners.add(l);
      return () => onlineListeners.delete(l);
    },
    () => online,
    () => false,
  );
}
