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
  /** Applies one message; resolves when durably applied. Throwing closes the stream. */
  onMessage: (raw: unknown) => Promise<number | null>;
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
  let chain: Promise<void> = Promise.resolve();
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
  socket.on("message", (data) => {
    alive = true;
    let raw: unknown;
    try {
      raw = JSON.parse(String(data));
    } catch {
      raw = null;
    }
    chain = chain
      .then(async () => {
        if (closed) return;
        const applied = await options.onMessage(raw);
        if (applied !== null && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ack", seq: applied }));
      })
      .catch((error: unknown) => {
        // Not acknowledged: the reconnect replays from the last applied sequence.
        socket.terminate();
        finish(`apply failed: ${error instanceof Error ? error.message : String(error)}`);
      });
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
