import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { memoryPubSub, type PubSub } from "../../realtime/pubsub.ts";
import { callsTopic } from "../../realtime/topics.ts";
import { loadCalls, type CallView } from "./calls.repo.ts";

/** How long a system's list stays cached for plain reads (openCalls) without any subscriber. */
export const OPEN_CALLS_IDLE_MS = 30_000;

/** Who reads: a plain request keeps the entry for OPEN_CALLS_IDLE_MS, a subscriber only while subscribed. */
export type OpenCallsReader = "request" | "subscriber";

/**
 * The open calls of each system, loaded once per change and shared: 500 displays and every
 * openCalls request read the same list instead of querying the database each (targets in bench/RESULTS.md:
 * fan-out to 500 subscribers, openCalls ≥ 3,000 req/s). A change signal on the bus (this
 * instance's or, with Redis, another's) drops the list; the next reader loads it again.
 *
 * Eviction (ARCHITECTURE «Security rules» "every cache has an eviction rule"; 30,000 system numbers grew
 * the server by 260 MB): an entry and its bus subscription live while the system has subscribers
 * or a plain read in the last OPEN_CALLS_IDLE_MS. The last subscriber leaving evicts at once
 * (unless plain reads keep it); idle entries go at the next sweep, which any access runs at most
 * once a second. Callers accept only systems that exist (`requireVisibleSystem`), so the number
 * of entries is bounded by the systems, and this rule frees what they no longer use.
 */
export interface OpenCallsCache {
  get(systemId: number, reader?: OpenCallsReader): Promise<CallView[]>;
  /** Signals after each change, once the list was dropped: a reader then gets the new list. */
  changes(systemId: number): AsyncGenerator<unknown>;
  /** What the cache holds now: system entries (each keeps one bus subscription) and their subscribers. */
  stats(): { entries: number; subscribers: number };
  /** Evicts entries without subscribers whose last plain read is older than OPEN_CALLS_IDLE_MS. */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  version: number;
  list: Promise<CallView[]> | null;
  subscribers: number;
  /** Last plain read (epoch ms); null when only subscribers read it. */
  readAt: number | null;
  signals: AsyncGenerator<unknown>;
}

const SWEEP_EVERY_MS = 1000;

export function createOpenCallsCache(db: Kysely<Database>, bus: PubSub, now: () => number): OpenCallsCache {
  const entries = new Map<number, Entry>();
  // Subscribers listen here, not on the bus: they hear of a change only after the drop.
  const local = memoryPubSub();
  let sweptAt = 0;

  const evict = async (systemId: number, entry: Entry): Promise<void> => {
    if (entries.get(systemId) !== entry) return;
    entries.delete(systemId);
    await entry.signals.return(undefined);
  };

  const idle = (entry: Entry, at: number): boolean =>
    entry.subscribers === 0 && (entry.readAt === null || at - entry.readAt >= OPEN_CALLS_IDLE_MS || at < entry.readAt);

  const sweep = async (): Promise<void> => {
    const at = now();
    sweptAt = at;
    for (const [systemId, entry] of [...entries]) if (idle(entry, at)) await evict(systemId, entry);
  };

  const sweepNow = (): void => {
    const at = now();
    if (at - sweptAt >= SWEEP_EVERY_MS || at < sweptAt) void sweep();
  };

  const entry = (systemId: number): Entry => {
    let current = entries.get(systemId);
    if (!current) {
      const signals = bus.subscribe(callsTopic(systemId));
      const created: Entry = { version: 0, list: null, subscribers: 0, readAt: null, signals };
      current = created;
      entries.set(systemId, created);
      void (async () => {
        for await (const signal of signals) {
          created.version += 1;
          created.list = null;
          await local.publish(callsTopic(systemId), signal);
        }
      })();
    }
    return current;
  };

  /** The local change signals of one subscriber; ending them (once) counts the subscriber out. */
  const subscriberSignals = (systemId: number, current: Entry): AsyncGenerator<unknown> => {
    const signals = local.subscribe(callsTopic(systemId));
    current.subscribers += 1;
    let counted = true;
    const leave = async (): Promise<void> => {
      if (!counted) return;
      counted = false;
      current.subscribers -= 1;
      if (idle(current, now())) await evict(systemId, current);
    };
    const iterator: AsyncGenerator<unknown> = {
      next: () => signals.next(),
      return: async (value) => {
        await leave();
        return signals.return(value);
      },
      throw: async (error: unknown) => {
        await leave();
        return signals.throw(error);
      },
      [Symbol.asyncIterator]: () => iterator,
      [Symbol.asyncDispose]: async () => {
        await iterator.return(undefined);
      },
    };
    return iterator;
  };

  return {
    get: async (systemId, reader = "request") => {
      sweepNow();
      const current = entry(systemId);
      if (reader === "request") current.readAt = now();
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
      sweepNow();
      return subscriberSignals(systemId, entry(systemId));
    },
    stats: () => {
      let subscribers = 0;
      for (const current of entries.values()) subscribers += current.subscribers;
      return { entries: entries.size, subscribers };
    },
    sweep,
    close: async () => {
      for (const [systemId, current] of [...entries]) await evict(systemId, current);
      await local.close();
    },
  };
}
