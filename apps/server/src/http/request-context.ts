import { ANONYMOUS_USER, canAccessSystem, parseAcceptLanguage, parseSystemHeader } from "@caresuite/domain";
import type { Config } from "../config.ts";
import type { RequestContext } from "../context.ts";
import type { Db } from "../db/database.ts";
import type { PubSub } from "../realtime/pubsub.ts";
import type { CallSystemLinks } from "../callsystem/links.ts";
import type { VirtualManager } from "../callsystem/virtual-controller.ts";
import type { OpenCallsCache } from "../modules/calls/open-calls-cache.ts";
import { hashToken, resolveSession } from "../modules/auth/sessions.repo.ts";
import { sessionPolicy } from "../modules/auth/auth.service.ts";
import { findUserById, loadAuthUser } from "../modules/auth/users.repo.ts";
import { listSystemIds } from "../modules/systems/systems.repo.ts";

export const SESSION_COOKIE = "cs_session";

export interface Services {
  db: Db;
  config: Config;
  pubsub: PubSub;
  links?: CallSystemLinks | null;
  /** The bundled virtual call system (absent in tests that run none). */
  virtual?: VirtualManager | null;
  /** Created by buildApp when absent. */
  openCalls?: OpenCallsCache;
  now: () => number;
}

export interface RequestFacts {
  sessionToken: string | undefined;
  systemHeader: string | undefined;
  acceptLanguage: string | undefined;
  ip: string;
}

/**
 * System ids for the X-CS-System check of every request, read at most once a second: displays
 * poll and subscribe all day, and systems change only when an administrator adds one.
 */
let systemIdsCache: { at: number; ids: Promise<number[]>; db: unknown } | null = null;
function knownSystemIds(db: Services["db"]["kysely"], now: number): Promise<number[]> {
  if (!systemIdsCache || systemIdsCache.db !== db || now - systemIdsCache.at > 1000 || now < systemIdsCache.at) {
    systemIdsCache = { at: now, ids: listSystemIds(db), db };
  }
  return systemIdsCache.ids;
}

/** Call after adding or removing a system so the next request sees it at once. */
export function forgetSystemIds(): void {
  systemIdsCache = null;
}

function openCallsOf(services: Services): OpenCallsCache {
  if (!services.openCalls) throw new Error("buildApp creates the open-calls cache before serving requests");
  return services.openCalls;
}

/** The context, or "system-unavailable" (HTTP 424) when the requested system may not be used. */
export async function buildRequestContext(
  services: Services,
  facts: RequestFacts,
): Promise<RequestContext | "system-unavailable"> {
  const db = services.db.kysely;
  const now = services.now();
  let user = ANONYMOUS_USER;
  let sessionHash: string | null = null;
  if (facts.sessionToken) {
    const userId = await resolveSession(db, facts.sessionToken, now, sessionPolicy(services.config));
    const row = userId === null ? undefined : await findUserById(db, userId);
    if (row) {
      user = await loadAuthUser(db, row);
      sessionHash = hashToken(facts.sessionToken);
    }
  }
  const systemId = parseSystemHeader(facts.systemHeader);
  if (systemId === null) return "system-unavailable";
  const systems = await knownSystemIds(db, now);
  // DESIGN.md §2: before the first system exists, system 01 is accepted (setup, login, AppData).
  const known = systems.length === 0 ? systemId === 1 : systems.includes(systemId);
  if (!known || !canAccessSystem(user, systemId)) return "system-unavailable";
  return {
    db: services.db,
    config: services.config,
    bus: services.pubsub,
    links: services.links ?? null,
    virtual: services.virtual ?? null,
    openCalls: openCallsOf(services),
    user,
    sessionHash,
    systemId,
    locale: parseAcceptLanguage(facts.acceptLanguage),
    ip: facts.ip,
    now: services.now,
  };
}
