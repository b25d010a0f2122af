/**
 * One realtime connection on the wire (docs/architecture.md P4, decision 0047): the Socket.IO protocol
 * (revision 5) over Engine.IO (revision 4) on a WebSocket, as much of it as the web app uses. It opens the
 * default namespace (with an optional handshake `auth` payload), answers the server's heartbeat, hands over
 * the events the server pushes, and says once how the connection ended:
 * - `refused`: the server's handshake check said no (its error code as detail);
 * - `server`: the server closed the namespace (a sign-out, a deactivation);
 * - `lost`: the transport failed or closed, no handshake within `timeout` ms, or the server's heartbeat fell
 *   silent for longer than the ping interval and timeout it announced.
 * Closing it from this side reports nothing. Reconnecting is the caller's (socket.ts). The server is
 * Socket.IO itself (apps/server/src/plugins/realtime.ts).
 */
export type WireEnd = 'refused' | 'server' | 'lost';

export interface WireHandlers {
  connected(): void;
  event(name: string, payload: unknown): void;
  ended(reason: WireEnd, detail: string): void;
}

export interface WireOptions {
  /** ws: or wss: URL of the Engine.IO endpoint, e.g. wss://host/socket.io/ */
  url: string;
  auth?: Record<string, unknown>;
  timeout: number;
}

// Engine.IO packet types (first character of a frame) and Socket.IO packet types (first character of a
// MESSAGE's body).
const ENGINE_OPEN = '0';
const ENGINE_CLOSE = '1';
const ENGINE_PING = '2';
const ENGINE_PONG = '3';
const ENGINE_MESSAGE = '4';
const IO_CONNECT = '0';
const IO_DISCONNECT = '1';
const IO_EVENT = '2';
const IO_CONNECT_ERROR = '4';

/** Opens the connection; returns the function that closes it. */
export function openWire({ url, auth, timeout }: WireOptions, on: WireHandlers): () => void {
  const endpoint = new URL(url);
  endpoint.searchParams.set('EIO', '4');
  endpoint.searchParams.set('transport', 'websocket');
  const ws = new WebSocket(endpoint);
  let done = false;
  let silence = 0;
  let heartbeat: ReturnType<typeof setTimeout> | undefined;
  const handshake = setTimeout(() => end('lost', 'timeout'), timeout);

  function stop() {
    done = true;
    clearTimeout(handshake);
    clearTimeout(heartbeat);
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
  }
  function end(reason: WireEnd, detail: string) {
    if (done) return;
    stop();
    ws.close();
    on.ended(reason, detail);
  }
  /** The server pings every interval: past interval + timeout of silence, the link is gone. */
  function alive() {
    clearTimeout(heartbeat);
    if (silence > 0) heartbeat = setTimeout(() => end('lost', 'ping timeout'), silence);
  }

  function onMessage(body: string) {
    const kind = body[0];
    // Only the default namespace is used: a packet for another one starts with its name.
    const data = body.slice(1);
    if (kind === IO_CONNECT) {
      clearTimeout(handshake);
      on.connected();
    } else if (kind === IO_EVENT) {
      // An acknowledgement id may precede the arguments; the server asks for none, so it is skipped.
      const args: unknown = JSON.parse(data.replace(/^\d+/, ''));
      if (Array.isArray(args) && typeof args[0] === 'string') on.event(args[0], args[1]);
    } else if (kind === IO_CONNECT_ERROR) {
      const error = JSON.parse(data) as { message?: string; data?: { code?: string } };
      end('refused', error.data?.code ?? error.message ?? 'refused');
    } else if (kind === IO_DISCONNECT) {
      end('server', 'disconnect');
    }
  }

  ws.onmessage = (message: MessageEvent) => {
    if (typeof message.data !== 'string') return;
    const frame = message.data;
    try {
      if (frame[0] === ENGINE_OPEN) {
        const open = JSON.parse(frame.slice(1)) as { pingInterval?: number; pingTimeout?: number };
        silence = (open.pingInterval ?? 0) + (open.pingTimeout ?? 0);
        alive();
        ws.send(ENGINE_MESSAGE + IO_CONNECT + (auth ? JSON.stringify(auth) : ''));
      } else if (frame[0] === ENGINE_PING) {
        alive();
        ws.send(ENGINE_PONG);
      } else if (frame[0] === ENGINE_MESSAGE) {
        onMessage(frame.slice(1));
      } else if (frame[0] === ENGINE_CLOSE) {
        end('lost', 'transport close');
      }
    } catch {
      end('lost', 'parse error');
    }
  };
  ws.onerror = () => end('lost', 'transport error');
  ws.onclose = () => end('lost', 'transport close');

  return () => {
    if (done) return;
    stop();
    if (ws.readyState === WebSocket.OPEN) ws.send(ENGINE_MESSAGE + IO_DISCONNECT);
    ws.close();
  };
}
