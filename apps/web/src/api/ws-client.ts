import { createClient, type Client } from "graphql-ws";
import { CLOSE_PING_TIMEOUT, CLOSE_RESTART, KEEP_ALIVE_MS, PING_TIMEOUT_MS, retryWait } from "@caresuite/domain";
import { BACKEND_BASE } from "./backend-fetch";
import { log } from "./log";
import { contextHeaders } from "./request-context";
import { backendConnected } from "./status";

export interface RestartableWsClient extends Client {
  /** Reconnects with fresh connectionParams (used when the system context changes). */
  restart(): void;
}

function socketUrl(): string {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}${BACKEND_BASE}/query`;
}

function isOpen(socket: WebSocket | null): socket is WebSocket {
  return socket !== null && socket.readyState === WebSocket.OPEN;
}

/**
 * The live socket. spec §8/§9: keep-alive ping every 30 s; "no pong within 10 s closes with
 * 4408; restart closes with 4205"; unlimited retries with the spec's back-off. Both closes are
 * non-fatal for graphql-ws, so it reconnects by itself.
 */
export function createWsClient(): RestartableWsClient {
  let socket: WebSocket | null = null;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  let restartRequested = false;

  const client = createClient({
    url: socketUrl,
    // Always connected: the system messages (time, restart, reload) must reach every screen.
    lazy: false,
    onNonLazyError: (error) => log.warn("socket error", error),
    keepAlive: KEEP_ALIVE_MS,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryWait(retries))),
    // A function, so every (re)connect sends the current system and language.
    connectionParams: () => contextHeaders(),
    on: {
      opened: (opened) => {
        socket = opened as WebSocket;
        if (restartRequested) {
          restartRequested = false;
          socket.close(CLOSE_RESTART, "Client Restart");
        }
      },
      connected: () => backendConnected.set(true),
      closed: () => {
        socket = null;
        clearTimeout(pongTimer);
        backendConnected.set(false);
      },
      ping: (received) => {
        if (received) return;
        clearTimeout(pongTimer);
        pongTimer = setTimeout(() => {
          if (isOpen(socket)) socket.close(CLOSE_PING_TIMEOUT, "Request Timeout");
        }, PING_TIMEOUT_MS);
      },
      pong: (received) => {
        if (received) clearTimeout(pongTimer);
      },
    },
  });

  return {
    ...client,
    restart() {
      if (isOpen(socket)) socket.close(CLOSE_RESTART, "Client Restart");
      else restartRequested = true;
    },
  };
}
