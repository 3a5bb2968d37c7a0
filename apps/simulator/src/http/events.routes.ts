import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { SimulatorContext } from "../context.ts";
import { clientMessage, eventsQuery, type SimEvent } from "@caresuite/protocol";

/** Heartbeat: a client that misses two pings in a row is gone (a dead TCP peer sends nothing). */
const PING_INTERVAL_MS = 15_000;

/**
 * `GET /api/events?from=<seq>`: replays every journaled event after `from`, then streams live
 * ones, in seq order without gaps. The replay and the subscription happen in one synchronous
 * step, so no event can fall between them.
 */
export function registerEventRoutes(app: FastifyInstance, context: SimulatorContext): void {
  const { journal, clients, clock } = context;

  app.get(
    "/api/events",
    {
      websocket: true,
      // Checked before the upgrade, so a bad `from` is an HTTP 400, not a socket that closes.
      preValidation: async (request) => {
        eventsQuery.parse(request.query);
      },
    },
    (socket: WebSocket, request) => {
      const { from, client } = eventsQuery.parse(request.query);
      const view = clients.add(socket, client ?? `${request.ip}:${request.socket.remotePort ?? 0}`, new Date(clock.now()).toISOString());
      const send = (events: readonly SimEvent[]): void => {
        for (const event of events) {
          if (event.seq <= view.sent_seq) continue;
          socket.send(JSON.stringify(event));
          view.sent_seq = event.seq;
        }
      };
      view.sent_seq = from;
      send(journal.since(from));
      const unsubscribe = journal.subscribe(send);

      let alive = true;
      socket.on("pong", () => (alive = true));
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, PING_INTERVAL_MS);

      socket.on("message", (raw) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(raw));
        } catch {
          return;
        }
        // Anything but a well-formed ack is ignored: the stream is the controller's to send.
        const message = clientMessage.safeParse(parsed);
        if (message.success) clients.ack(socket, message.data.seq);
      });
      socket.on("close", () => {
        clearInterval(heartbeat);
        unsubscribe();
        clients.remove(socket);
      });
    },
  );
}
