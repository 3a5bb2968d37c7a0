import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { memoryPubSub, type PubSub } from "../../realtime/pubsub.ts";
import { callsTopic } from "../../callsystem/link.ts";
import { loadCalls, type CallView } from "./calls.repo.ts";

/**
 * The open calls of each system, loaded once per change and shared: 500 displays and every
 * openCalls request read the same list instead of querying the database each (issue 4 targets:
 * fan-out to 500 subscribers, openCalls ≥ 3,000 req/s). A change signal on the bus (this
 * instance's or, with Redis, another's) drops the list; the next reader loads it again.
 */
export interface OpenCallsCache {
  get(systemId: number): Promise<CallView[]>;
  /** Signals after each change, once the list was dropped: a reader then gets the new list. */
  changes(systemId: number): AsyncGenerator<unknown>;
  close(): Promise<void>;
}

export function createOpenCallsCache(db: Kysely<Database>, bus: PubSub, now: () => number): OpenCallsCache {
  const entries = new Map<number, { version: number; list: Promise<CallView[]> | null }>();
  const watchers: AsyncGenerator<unknown>[] = [];
  // Subscribers listen here, not on the bus: they hear of a change only after the drop.
  const local = memoryPubSub();

  const entry = (systemId: number) => {
    let current = entries.get(systemId);
    if (!current) {
      current = { version: 0, list: null };
      entries.set(systemId, current);
      const signals = bus.subscribe(callsTopic(systemId));
      watchers.push(signals);
      const target = current;
      void (async () => {
        for await (const signal of signals) {
          target.version += 1;
          target.list = null;
          await local.publish(callsTopic(systemId), signal);
        }
      })();
    }
    return current;
  };

  return {
    get: async (systemId) => {
      const current = entry(systemId);
      if (!current.list) {
        const version = current.version;
        const loading = loadCalls(db, systemId, { open: true }, now());
        current.list = loading;
        // A change during the load invalidates what is being loaded.
        loading.then(
          () => {
            if (current.version !== version && current.list === loading) current.list = null;
          },
          () => {
            if (current.list === loading) current.list = null;
          },
        );
      }
      const list = await current.list;
      // Durations run on between changes: fresh per read, on a copy.
      const at = now();
      return list.map((call) => ({ ...call, duration: Math.max(0, Math.floor((at - Date.parse(call.opened_at)) / 1000)) }));
    },
    changes: (systemId) => {
      entry(systemId);
      return local.subscribe(callsTopic(systemId));
    },
    close: async () => {
      for (const watcher of watchers) await watcher.return(undefined);
      entries.clear();
      await local.close();
    },
  };
}
