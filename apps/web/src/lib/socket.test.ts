import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';

// The realtime connection's status as /notifications shows it (docs/architecture.md A6.11): connecting
// until known, online while connected, offline only once it failed or dropped, never because it has not
// started yet. socket.io-client is stood in for by an emitter the test drives.

const fake = vi.hoisted(() => {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const socket = {
    connected: false,
    on(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    disconnect: vi.fn(() => socket.emit('disconnect', 'io client disconnect')),
    emit(event: string, ...args: unknown[]) {
      if (event === 'connect') socket.connected = true;
      if (event === 'disconnect') socket.connected = false;
      for (const h of handlers.get(event) ?? []) h(...args);
    },
    reset() {
      handlers.clear();
      socket.connected = false;
    },
  };
  return { socket, io: vi.fn(() => socket) };
});
vi.mock('socket.io-client', () => ({ io: fake.io }));

const { acquireRealtime, useRealtimeStatus } = await import('./socket');

/** Until the client is loaded and asked to connect (after the page settles). */
const connectAsked = () => vi.waitFor(() => expect(fake.io).toHaveBeenCalled(), { timeout: 3_000 });

afterEach(() => {
  fake.socket.reset();
  fake.io.mockClear();
});

describe('the realtime status', () => {
  it('is connecting until the connection is known, then online; a drop is offline, a reconnection online again', async () => {
    const { result } = renderHook(() => useRealtimeStatus());
    expect(result.current).toBe('connecting');
    const release = acquireRealtime();
    expect(result.current).toBe('connecting');
    await connectAsked();
    expect(result.current).toBe('connecting');
    act(() => fake.socket.emit('connect'));
    expect(result.current).toBe('online');
    act(() => fake.socket.emit('disconnect', 'transport close'));
    expect(result.current).toBe('offline');
    act(() => fake.socket.emit('connect'));
    expect(result.current).toBe('online');
    // The browser losing its network says so at once, and its return waits for the connection.
    act(() => void dispatchEvent(new Event('offline')));
    expect(result.current).toBe('offline');
    act(() => void dispatchEvent(new Event('online')));
    expect(result.current).toBe('online');
    // Released by the page: not a failure.
    act(() => release());
    expect(result.current).toBe('connecting');
  });

  it('is offline when the first attempt fails', async () => {
    const { result } = renderHook(() => useRealtimeStatus());
    const release = acquireRealtime();
    await connectAsked();
    act(() => fake.socket.emit('connect_error', new Error('refused')));
    expect(result.current).toBe('offline');
    act(() => fake.socket.emit('connect'));
    expect(result.current).toBe('online');
    act(() => release());
  });
});
