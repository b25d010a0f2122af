import { useSyncExternalStore } from 'react';
import { SOCKET_OPTIONS, SYSTEM_NOTIFICATION_EVENT, type SystemNotificationPayload } from '@rewards/shared/constants';
import { openWire, type WireEnd } from './realtime-wire';

/**
 * The realtime connection of docs/architecture.md P4: Socket.IO to the same host, websocket transport only,
 * signed in by the session cookie, spoken by our own small client (realtime-wire.ts, decision 0047). One
 * connection is shared by every caller. A lost connection is tried again after 1000 ms, doubling, each delay
 * spread by ±50 % and never over 5000 ms, at once when the browser says its network is back; an attempt gives up
 * after 20000 ms. A connection the server refused or closed is not tried again (the credential ended): the
 * listeners check the session, which tells the user what happened.
 *
 * Its status is `connecting` until it is known (it connects once the page has loaded and the browser is
 * idle, so a page's first paint never waits for it), `online` while connected, and `offline` only once a
 * connection failed or dropped, or the browser says it has no network; a reconnection makes it `online`.
 */
type Listener = (payload: SystemNotificationPayload) => void;
export type RealtimeStatus = 'connecting' | 'online' | 'offline';

let close: (() => void) | null = null;
let connected = false;
let attempts = 0;
let retry: ReturnType<typeof setTimeout> | undefined;
let starting: Promise<void> | null = null;
let status: RealtimeStatus = 'connecting';
let users = 0;
const statusListeners = new Set<() => void>();
const notificationListeners = new Set<Listener>();
const endedListeners = new Set<() => void>();
/** Listeners of any other event the server pushes, by its name (the feed's `feed`, …). */
const eventListeners = new Map<string, Set<(payload: unknown) => void>>();

function setStatus(value: RealtimeStatus) {
  if (status === value) return;
  status = value;
  statusListeners.forEach((l) => l());
}

/** The delay before the next attempt: 1 s doubling, spread by the randomization factor, never over 5 s. */
export function reconnectDelay(attempt: number, random = Math.random()): number {
  const { reconnectionDelay, reconnectionDelayMax, randomizationFactor } = SOCKET_OPTIONS;
  const base = Math.min(reconnectionDelay * 2 ** attempt, reconnectionDelayMax);
  return Math.round(Math.min(base * (1 + randomizationFactor * (2 * random - 1)), reconnectionDelayMax));
}

function connect() {
  clearTimeout(retry);
  retry = undefined;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  close = openWire(
    { url: `${scheme}//${location.host}/socket.io/`, timeout: SOCKET_OPTIONS.timeout },
    {
      connected() {
        connected = true;
        attempts = 0;
        setStatus('online');
      },
      event(name, payload) {
        if (name === SYSTEM_NOTIFICATION_EVENT) notificationListeners.forEach((l) => l(payload as SystemNotificationPayload));
        eventListeners.get(name)?.forEach((l) => l(payload));
      },
      ended(reason: WireEnd) {
        close = null;
        connected = false;
        setStatus('offline');
        if (reason === 'lost') retry = setTimeout(connect, reconnectDelay(attempts++));
        else endedListeners.forEach((l) => l());
      },
    },
  );
}

const browserOffline = () => setStatus('offline');
function browserOnline() {
  if (connected) return setStatus('online');
  setStatus('connecting');
  // Waiting for a retry: the network is back, so now.
  if (!close && retry !== undefined) connect();
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
  addEventListener('offline', browserOffline);
  addEventListener('online', browserOnline);
  connect();
  if (typeof navigator !== 'undefined' && navigator.onLine === false) setStatus('offline');
}

/** Opens the connection (shared by every caller) and returns the function that releases it. */
export function acquireRealtime(): () => void {
  users += 1;
  if (!close && !starting && retry === undefined) starting = start().finally(() => (starting = null));
  return () => {
    users -= 1;
    if (users > 0) return;
    // Released by the page (no one uses it any more): not a failure, the next use starts by connecting.
    close?.();
    close = null;
    connected = false;
    clearTimeout(retry);
    retry = undefined;
    attempts = 0;
    removeEventListener('offline', browserOffline);
    removeEventListener('online', browserOnline);
    setStatus('connecting');
  };
}

/** Called when the server refuses or closes the connection (the credential ended). */
export function onRealtimeEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

export function onSystemNotification(listener: Listener): () => void {
  notificationListeners.add(listener);
  return () => notificationListeners.delete(listener);
}

/**
 * Hears the event `name` with its payload as the server sent it (the listener checks its shape); returns the
 * function that stops. The connection itself is opened by `acquireRealtime`.
 */
export function onRealtimeEvent(name: string, listener: (payload: unknown) => void): () => void {
  let listeners = eventListeners.get(name);
  if (!listeners) eventListeners.set(name, (listeners = new Set()));
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) eventListeners.delete(name);
  };
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
