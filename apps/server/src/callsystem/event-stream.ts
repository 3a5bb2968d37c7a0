import WebSocket from "ws";
import { authorization, type ControllerAddress } from "./protocol-client.ts";

/**
 * The controller's event stream over WebSocket (docs/protocol.md "Events"): connects from a
 * sequence number, hands messages to `onMessage` strictly one after another (the next waits for
 * the previous to be applied), acknowledges each after it was applied, and notices a socket that
 * died silently by its missing pongs.
 */
export interface EventStreamOptions {
  address: ControllerAddress;
  from: number;
  /**
   * Applies messages in order (several when they arrived together); resolves with the last
   * durably applied seq (null: nothing to acknowledge). Throwing closes the stream.
   */
  onMessages: (raws: unknown[]) => Promise<number | null>;
  onOpen: () => void;
  onClose: (reason: string) => void;
  heartbeatMs?: number;
}

export interface EventStream {
  close(): void;
}

export function openEventStream(options: EventStreamOptions): EventStream {
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const url = `ws://${options.address.host}:${options.address.port}/api/events?from=${options.from}`;
  const socket = new WebSocket(url, { headers: { authorization: authorization(options.address) }, handshakeTimeout: 5000 });
  const pending: unknown[] = [];
  let draining = false;
  let alive = true;
  let closed = false;
  const heartbeat = setInterval(() => {
    // A pong must come back within one interval, else the peer is gone (dropped silently).
    if (!alive) {
      socket.terminate();
      return;
    }
    alive = false;
    if (socket.readyState === WebSocket.OPEN) socket.ping();
  }, heartbeatMs);
  heartbeat.unref();

  const finish = (reason: string): void => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    options.onClose(reason);
  };

  socket.on("open", () => options.onOpen());
  socket.on("pong", () => {
    alive = true;
  });
  const drain = async (): Promise<void> => {
    if (draining) return;
    draining = true;
    try {
      while (pending.length > 0 && !closed) {
        // Up to 500 at once: a replay commits in batches, live events one by one.
        const batch = pending.splice(0, 500);
        const applied = await options.onMessages(batch);
        if (applied !== null && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ack", seq: applied }));
      }
    } catch (error) {
      // Not acknowledged: the reconnect replays from the last applied sequence.
      pending.length = 0;
      socket.terminate();
      finish(`apply failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      draining = false;
    }
  };

  socket.on("message", (data) => {
    alive = true;
    let raw: unknown;
    try {
      raw = JSON.parse(String(data));
    } catch {
      raw = null;
    }
    pending.push(raw);
    void drain();
  });
  socket.on("unexpected-response", (_request, response) => {
    finish(response.statusCode === 401 ? "Unauthorized" : `HTTP ${response.statusCode}`);
    socket.terminate();
  });
  socket.on("error", (error) => finish(error.message));
  socket.on("close", (code) => finish(`closed (${code})`));

  return {
    close: () => {
      closed = true;
      clearInterval(heartbeat);
      socket.terminate();
    },
  };
}
