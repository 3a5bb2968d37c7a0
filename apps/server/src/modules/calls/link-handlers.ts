import type { LinkHandlers } from "../../callsystem/link-handlers.ts";
import type { Db } from "../../db/database.ts";
import type { PubSub } from "../../realtime/pubsub.ts";
import { callsTopic } from "../../realtime/topics.ts";
import { announceVideoStreams } from "../display/video-stream-triggers.ts";
import { publishHubPrinterMessages } from "../hubs/hubs.service.ts";
import { applyControllerEvents } from "./apply-event.ts";
import { importControllerConfig } from "./import-config.ts";

/**
 * What the call-system links do with the controller's events (callsystem/link-handlers.ts),
 * given to them at wiring time (main.ts): the calls module owns the effects, the adapter only
 * speaks the protocol.
 */
export function createLinkHandlers(deps: { db: Db; bus: PubSub }): LinkHandlers {
  const db = deps.db.kysely;
  return {
    apply: async (systemId, events, now) => {
      const outcomes = await applyControllerEvents(db, systemId, events, now);
      // After the commit; a message lost to a failing bus is a paper jam shown late, not a lost call.
      await publishHubPrinterMessages(db, deps.bus, systemId, events, outcomes, now).catch(() => undefined);
      return outcomes;
    },
    callsChanged: (systemId, signal) => deps.bus.publish(callsTopic(systemId), signal),
    callsOpened: async (systemId, callTypeIds) => {
      await announceVideoStreams(db, deps.bus, systemId, callTypeIds);
    },
    importConfig: (systemId, config, now) => importControllerConfig(db, systemId, config, now),
  };
}
