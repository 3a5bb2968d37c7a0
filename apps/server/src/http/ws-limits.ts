import fastifyWebsocket from "@fastify/websocket";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { VerifyClientCallbackAsync, WebSocket } from "ws";
import { withoutSuggestions } from "../graphql/errors.ts";
import { NESTING_MESSAGE, nestsDeeperThan, QUERY_LIMITS } from "../graphql/limits.ts";

/**
 * Limits of the WebSocket transport (2,000 subscriptions on one socket slowed plain
 * queries to 537 ms). Connections are counted per client address (request.ip, so TRUST_PROXY
 * decides what an address is) from the upgrade request until its socket closes; further upgrades
 * get HTTP 429. Subscriptions are counted per socket from the graphql-ws messages themselves: an
 * operation over the limit gets an `error` message of its own and never reaches Mercurius; the
 * connection and its other operations go on.
 */
export interface WsLimits {
  connectionsPerIp: number;
  subscriptionsPerConnection: number;
  production: boolean;
}

type VerifyClient = VerifyClientCallbackAsync;

/** A graphql-ws message is a small JSON object; queries are as large as a JSON body may be. */
const MAX_MESSAGE_BYTES = 256 * 1024;

/** Both graphql-ws protocols: graphql-transport-ws ("subscribe"/"complete") and the legacy one ("start"/"stop"). */
const STARTS = new Set(["subscribe", "start"]);
const CLIENT_ENDS = new Set(["complete", "stop"]);
/** Messages with which the server ends an operation; Mercurius writes `type` first. */
const SERVER_END = /^\{"type":"(?:complete|error)","id":/;
const SERVER_ERROR = /^\{"type":"error"/;

interface ClientMessage {
  type?: unknown;
  id?: unknown;
  payload?: { query?: unknown } | null;
}

function parseClientMessage(data: unknown): ClientMessage | null {
  try {
    const text = Buffer.isBuffer(data) ? data.toString("utf8") : typeof data === "string" ? data : null;
    const parsed: unknown = text === null ? null : JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? (parsed as ClientMessage) : null;
  } catch {
    return null; // Mercurius answers malformed messages itself
  }
}

function errorMessage(id: string, message: string): string {
  return JSON.stringify({ type: "error", id, payload: [{ message, extensions: { code: "VALIDATION" } }] });
}

/**
 * Watches one socket: counts the operations it runs, refuses starts over the limit and queries
 * nested deeper than graphql's parser can take (Mercurius parses before any hook), and in
 * production strips "Did you mean" from the errors it sends.
 */
export function guardSocket(socket: WebSocket, limits: WsLimits): void {
  const running = new Set<string>();
  const emit = socket.emit.bind(socket);
  const send = socket.send.bind(socket);

  const refusal = (message: ClientMessage): string | null => {
    if (typeof message.id !== "string") return null;
    if (STARTS.has(String(message.type))) {
      const query = message.payload?.query;
      if (typeof query === "string" && nestsDeeperThan(query, QUERY_LIMITS.nesting)) return NESTING_MESSAGE;
      if (!running.has(message.id) && running.size >= limits.subscriptionsPerConnection) {
        return `Too many subscriptions on this connection (max ${limits.subscriptionsPerConnection}).`;
      }
      running.add(message.id);
    } else if (CLIENT_ENDS.has(String(message.type))) {
      running.delete(message.id);
    }
    return null;
  };

  socket.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event === "message") {
      const message = parseClientMessage(args[0]);
      const refused = message ? refusal(message) : null;
      if (refused !== null && message && typeof message.id === "string") {
        send(errorMessage(message.id, refused));
        return true;
      }
    }
    return emit(event, ...args);
  }) as WebSocket["emit"];

  socket.send = ((data: unknown, ...rest: unknown[]): void => {
    let out = data;
    if (typeof data === "string" && SERVER_END.test(data)) {
      try {
        const parsed = JSON.parse(data) as { id?: unknown; payload?: unknown };
        if (typeof parsed.id === "string") running.delete(parsed.id);
        if (limits.production && SERVER_ERROR.test(data) && Array.isArray(parsed.payload)) {
          const payload = parsed.payload.map((e: { message?: unknown }) =>
            typeof e.message === "string" ? { ...e, message: withoutSuggestions(e.message) } : e,
          );
          out = JSON.stringify({ ...parsed, payload });
        }
      } catch {
        // not JSON: sent as it is
      }
    }
    return (send as (...args: unknown[]) => void)(out, ...rest);
  }) as WebSocket["send"];
}

const isUpgrade = (request: FastifyRequest): boolean => String(request.headers.upgrade ?? "").toLowerCase() === "websocket";

/**
 * Registers the WebSocket server before Mercurius (which then uses it instead of its own), with
 * the per-address connection limit (onRequest of every upgrade) and the guard on each socket.
 */
export async function registerWebSocketServer(app: FastifyInstance, limits: WsLimits, verifyClient: VerifyClient): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES, verifyClient } });
  const open = new Map<string, number>();
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isUpgrade(request)) return;
    const socket = request.raw.socket as typeof request.raw.socket | undefined;
    if (!socket) return;
    const ip = request.ip;
    const count = open.get(ip) ?? 0;
    if (count >= limits.connectionsPerIp) {
      request.log.warn({ ip, limit: limits.connectionsPerIp }, "WebSocket refused: too many connections from this address (TRUST_PROXY behind a proxy?)");
      await reply.code(429).header("retry-after", "10").send({ ok: false, error: "too many WebSocket connections from this address" });
      return;
    }
    open.set(ip, count + 1);
    socket.once("close", () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left <= 0) open.delete(ip);
      else open.set(ip, left);
    });
  });
  app.websocketServer.on("connection", (socket: WebSocket) => guardSocket(socket, limits));
}
