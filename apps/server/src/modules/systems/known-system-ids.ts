import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { listSystemIds } from "./systems.repo.ts";

/**
 * System ids for the X-CS-System check of every request, read at most once a second: displays
 * poll and subscribe all day, and systems change only when an administrator adds one.
 */
let systemIdsCache: { at: number; ids: Promise<number[]>; db: unknown } | null = null;
export function knownSystemIds(db: Kysely<Database>, now: number): Promise<number[]> {
  if (!systemIdsCache || systemIdsCache.db !== db || now - systemIdsCache.at > 1000 || now < systemIdsCache.at) {
    systemIdsCache = { at: now, ids: listSystemIds(db), db };
  }
  return systemIdsCache.ids;
}

/** Call after adding or removing a system so the next request sees it at once. */
export function forgetSystemIds(): void {
  systemIdsCache = null;
}

/** ARCHITECTURE «Contract rules»: before the first system exists, system 01 is accepted (setup, login, AppData). */
export function isKnownSystem(systems: readonly number[], systemId: number): boolean {
  return systems.length === 0 ? systemId === 1 : systems.includes(systemId);
}
