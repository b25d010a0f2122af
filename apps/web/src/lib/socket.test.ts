import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { WireHandlers } from './realtime-wire';

// The realtime connection's status as /notifications shows it (docs/architecture.md A6.11): connecting
// until known, online while connected, offline only once it failed or dropped, never because it has not
// started yet; a lost connection is tried again, a refused or closed one is not (decision 0047). The wire
// (tested against a real Socket.IO server in realtime-wire.test.ts) is stood in for by handlers the test drives.

const wire = vi.hoisted(() => {
  const state = { opened: 0, closed: 0, handlers: null as WireHandlers | null };
  return {
    state,
    openWire: vi.fn((_options: unknown, handlers: WireHandlers) => {
      state.opened += 1;
      state.handlers = handlers;
      return () => void (state.closed += 1);
    }),
  };
});
vi.mock('./realtime-wire', () => ({ openWire: wire.openWire }));

const { acquireRealtime, onRealtimeEnded, onRealtimeEvent, onSystemNotification, reconnectDelay, useRealtimeStatus } =
  await import('./socket');

/** Until the page has settled and the connection is asked for. */
const opened = (n = 1) => vi.waitFor(() => expect(wire.state.opened).toBe(n), { timeout: 3_000 });
const on = () => wire.state.handlers!;

afterEach(() => {
  vi.useRealTimers();
  wire.state.opened = 0;
  wire.state.closed = 0;
  wire.state.handlers = null;
});

describe('the realtime status', () => {
  it('is connecting until the connection is known, then online; a drop is offline, a reconnection online again', async () => {
    const { result } = renderHook(() => useRealtimeStatus());
    expect(result.current).toBe('connecting');
    const release = acquireRealtime();
    expect(result.current).toBe('connecting');
    await opened();
    expect(result.current).toBe('connecting');
    act(() => on().connected());
    expect(result.current).toBe('online');
    vi.useFakeTimers();
    act(() => on().ended('lost', 'transport close'));
    expect(result.current).toBe('offline');
    // Tried again after about a second.
    act(() => void vi.advanceTimersByTime(1_600));
    expect(wire.state.opened).toBe(2);
    act(() => on().connected());
    expect(result.current).toBe('online');
    // The browser losing its network says so at once, and its return waits for the connection.
    act(() => void dispatchEvent(new Event('offline')));
    expect(result.current).toBe('offline');
    act(() => void dispatchEvent(new Event('online')));
    expect(result.current).toBe('online');
    // Released by the page: closed, and not a failure.
    act(() => release());
    expect(wire.state.closed).toBe(1);
    expect(result.current).toBe('connecting');
  });

  it('is offline when the first attempt fails, and connects at once when the network comes back', async () => {
    const { result } = renderHook(() => useRealtimeStatus());
    const release = acquireRealtime();
    await opened();
    act(() => on().ended('lost', 'transport error'));
    expect(result.current).toBe('offline');
    act(() => void dispatchEvent(new Event('online')));
    expect(result.current).toBe('connecting');
    expect(wire.state.opened).toBe(2);
    act(() => on().connected());
    expect(result.current).toBe('online');
    act(() => release());
  });

  it('is not tried again once the server refused or closed it, and the listeners hear of it', async () => {
    const ended = vi.fn();
    const stop = onRealtimeEnded(ended);
    const { result } = renderHook(() => useRealtimeStatus());
    const release = acquireRealtime();
    await opened();
    act(() => on().connected());
    vi.useFakeTimers();
    act(() => on().ended('server', 'disconnect'));
    expect(result.current).toBe('offline');
    expect(ended).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(30_000));
    expect(wire.state.opened).toBe(1);
    act(() => release());
    stop();
  });
});

describe('events by name', () => {
  it('hands each listener the events of its name only, with their payload, until it stops', async () => {
    const feed = vi.fn();
    const other = vi.fn();
    const notification = vi.fn();
    const stopFeed = onRealtimeEvent('feed', feed);
    const stopOther = onRealtimeEvent('other', other);
    const stopNotification = onSystemNotification(notification);
    const release = acquireRealtime();
    await opened();
    act(() => on().connected());
    act(() => on().event('feed', { kind: 'created', recognitionId: 7 }));
    expect(feed).toHaveBeenCalledWith({ kind: 'created', recognitionId: 7 });
    expect(other).not.toHaveBeenCalled();
    expect(notification).not.toHaveBeenCalled();
    stopFeed();
    act(() => on().event('feed', { kind: 'comment', recognitionId: 7 }));
    expect(feed).toHaveBeenCalledTimes(1);
    stopOther();
    stopNotification();
    act(() => release());
  });
});

describe('the delay before reconnecting', () => {
  it('starts at 1 s, doubles, is spread by half either way, and never passes 5 s', () => {
    expect([0, 1, 2, 3, 8].map((n) => reconnectDelay(n, 0.5))).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
    expect(reconnectDelay(0, 0)).toBe(500);
    expect(reconnectDelay(0, 1)).toBe(1_500);
    expect(reconnectDelay(2, 1)).toBe(5_000);
    expect(reconnectDelay(5, 0)).toBe(2_500);
  });
});
