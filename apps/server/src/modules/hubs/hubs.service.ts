import { EVENT_DATA_SCHEMAS, type EventEnvelope } from "@caresuite/protocol";
import { isHubOutdated, isLoggedIn } from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { ApplyOutcome } from "../../callsystem/link-handlers.ts";
import type { RequestContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { PubSub } from "../../realtime/pubsub.ts";
import { hubPrinterTopic, type HubPrinterMessage } from "../../realtime/topics.ts";
import { countHubs, listHubs, printerNode } from "./hubs.repo.ts";

/** A printer message older than this when it arrives (a backlog after a restart) is history, not news. */
const PRINTER_MESSAGE_MAX_AGE_MS = 10 * 60 * 1000;

/**
 * AppData's outdated_hubs: "A warning banner about outdated hub data shows when not in demo mode,
 * the user is logged in and hubs are outdated" — anonymous visitors get none (hub names are not
 * display data, ARCHITECTURE «Security rules»).
 */
export async function outdatedHubs(ctx: RequestContext): Promise<{ id: number; name: string; last_sync: string | null }[]> {
  if (!isLoggedIn(ctx.user)) return [];
  const now = ctx.now();
  return (await listHubs(ctx.db.kysely, ctx.systemId))
    .filter((hub) => isHubOutdated(hub, now))
    .map((hub) => ({ id: hub.id, name: hub.name, last_sync: hub.last_sync }));
}

/**
 * Passes the controller's hub.printer events on to the system's subscribers, after the commit
 * that moved the link past them (spec "HubPrinterMessage (no variables)"). Only live ones: a
 * backlog replayed after a restart would flood the screens with old paper jams.
 */
export async function publishHubPrinterMessages(
  db: Kysely<Database>,
  bus: PubSub,
  systemId: number,
  events: readonly EventEnvelope[],
  outcomes: readonly ApplyOutcome[],
  now: number,
): Promise<void> {
  for (const [index, event] of events.entries()) {
    if (event.type !== "hub.printer" || outcomes[index] !== "applied" || now - Date.parse(event.at) > PRINTER_MESSAGE_MAX_AGE_MS) continue;
    const parsed = EVENT_DATA_SCHEMAS["hub.printer"].safeParse(event.data);
    if (!parsed.success) continue;
    const node = parsed.data.node_id === null ? null : await printerNode(db, systemId, parsed.data.node_id);
    const message: HubPrinterMessage = { id: event.seq, address: parsed.data.address, error: parsed.data.error, system_tree_node: node };
    await bus.publish(hubPrinterTopic(systemId), message);
  }
}

/** spec: "The error text "no hubs registered" shows a warning that no hubs exist." */
export const NO_HUBS_REGISTERED = "no hubs registered";

/** The system's printer messages as they arrive; refused with "no hubs registered" when it has none. */
export async function hubPrinterMessages(ctx: RequestContext): Promise<AsyncGenerator<unknown>> {
  if ((await countHubs(ctx.db.kysely, ctx.systemId)) === 0) throw new AppError("NOT_FOUND", NO_HUBS_REGISTERED, { reason: "no_hubs_registered" });
  return ctx.bus.subscribe(hubPrinterTopic(ctx.systemId));
}
