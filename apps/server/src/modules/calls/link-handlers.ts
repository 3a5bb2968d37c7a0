import type { LinkHandlers } from "../../callsystem/link-handlers.ts";
import type { Db } from "../../db/database.ts";
import type { PubSub } from "../../realtime/pubsub.ts";
import { callsTopic, systemTreeTopic, type SystemTreeSignal } from "../../realtime/topics.ts";
import { announceVideoStreams } from "../display/video-stream-triggers.ts";
import { publishHubPrinterMessages } from "../hubs/hubs.service.ts";
import type { IncidentEngine } from "../incidents/incident-engine.ts";
import { applyControllerEvents } from "./apply-event.ts";
import { receiveControllerConfig } from "./import-config.ts";

/**
 * What the call-system links do with the controller's events (callsystem/link-handlers.ts),
 * given to them at wiring time (main.ts): the calls module owns the effects, the adapter only
 * speaks the protocol.
 */
export function createLinkHandlers(deps: { db: Db; bus: PubSub; incidents?: Pick<IncidentEngine, "devicesReported"> }): LinkHandlers {
  const db = deps.db.kysely;
  // Open trees refetch what the controller changed: the reporting devices, or the whole tree
  // (no ids) after an import. The events are committed by then; a lost signal costs a refetch only.
  const treeChanged = async (systemId: number, ids: number[]): Promise<void> => {
    const signal: SystemTreeSignal = { system_id: systemId, ids };
    await deps.bus.publish(systemTreeTopic(systemId), signal).catch(() => undefined);
  };
  return {
    apply: async (systemId, events, now) => {
      const outcomes = await applyControllerEvents(db, systemId, events, now);
      // After the commit; a message lost to a failing bus is a paper jam shown late, not a lost call.
      await publishHubPrinterMessages(db, deps.bus, systemId, events, outcomes, now).catch(() => undefined);
      const devices = events.flatMap((event, index) =>
        outcomes[index] === "applied" && (event.type === "device.battery" || event.type === "device.reachability")
          ? [Number((event.data as { device_id: unknown }).device_id)]
          : [],
      );
      if (devices.length > 0) {
        await treeChanged(systemId, [...new Set(devices)]);
        // Queued, not awaited: the acknowledgement never waits for the incident engine.
        deps.incidents?.devicesReported(systemId, devices);
      }
      return outcomes;
    },
    callsChanged: (systemId, signal) => deps.bus.publish(callsTopic(systemId), signal),
    callsOpened: async (systemId, callTypeIds) => {
      await announceVideoStreams(db, deps.bus, systemId, callTypeIds);
    },
    importConfig: async (systemId, config, now) => {
      const { imported, counts } = await receiveControllerConfig(db, systemId, config, now);
      if (imported) await treeChanged(systemId, []);
      return counts;
    },
  };
}
