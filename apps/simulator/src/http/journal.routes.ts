import type { FastifyInstance } from "fastify";
import type { SimulatorContext } from "../context.ts";
import { FIRMWARE_VERSION, journalQuery } from "@caresuite/protocol";

/** The journal (the source of truth tests compare with) and a status summary. */
export function registerJournalRoutes(app: FastifyInstance, context: SimulatorContext): void {
  const { journal, journalId, engine, publish, traffic, clients, clock } = context;

  app.get("/api/journal", async (request) => {
    const { from, limit } = journalQuery.parse(request.query);
    return { events: journal.since(from, limit), last_seq: journal.lastSeq, journal_id: journalId };
  });

  app.get("/api/status", async () => ({
    firmware: FIRMWARE_VERSION,
    journal_id: journalId,
    revision: engine.config.revision,
    last_seq: journal.lastSeq,
    open_calls: engine.openCalls().length,
    publishing: publish.runningJobId,
    clock: { now: new Date(clock.now()).toISOString(), speed: clock.speed },
    traffic: traffic.status(),
    clients: clients.list(),
  }));
}
