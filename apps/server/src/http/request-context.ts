import { ANONYMOUS_USER, canAccessSystem, parseAcceptLanguage, parseSystemHeader } from "@caresuite/domain";
import type { Config } from "../config.ts";
import type { RequestContext } from "../context.ts";
import type { Db } from "../db/database.ts";
import type { PubSub } from "../realtime/pubsub.ts";
import type { CallSystemLinks } from "../callsystem/links.ts";
import type { VirtualManager } from "../callsystem/virtual-controller.ts";
import type { TunnelManager } from "../modules/tunnel/tunnel-manager.ts";
import type { OpenCallsCache } from "../modules/calls/open-calls-cache.ts";
import { sessionUser } from "../modules/auth/auth.service.ts";
import { isKnownSystem, knownSystemIds } from "../modules/systems/known-system-ids.ts";

export const SESSION_COOKIE = "cs_session";

export interface Services {
  db: Db;
  config: Config;
  pubsub: PubSub;
  links?: CallSystemLinks | null;
  /** The bundled virtual call system (absent in tests that run none). */
  virtual?: VirtualManager | null;
  /** The remote-access tunnel (absent in tests that run none). */
  tunnel?: TunnelManager | null;
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

function openCallsOf(services: Services): OpenCallsCache {
  if (!services.openCalls) throw new Error("buildApp creates the open-calls cache before serving requests");
  return services.openCalls;
}

/** The context, or "system-unavailable" (HTTP 424) when the requested system may not be used. */
export async function buildRequestContext(services: Services, facts: RequestFacts): Promise<RequestContext | "system-unavailable"> {
  const db = services.db.kysely;
  const now = services.now();
  let user = ANONYMOUS_USER;
  let sessionHash: string | null = null;
  if (facts.sessionToken) {
    const session = await sessionUser(db, facts.sessionToken, now, services.config);
    if (session) ({ user, sessionHash } = session);
  }
  const systemId = parseSystemHeader(facts.systemHeader);
  if (systemId === null) return "system-unavailable";
  const systems = await knownSystemIds(db, now);
  if (!isKnownSystem(systems, systemId) || !canAccessSystem(user, systemId)) return "system-unavailable";
  return {
    db: services.db,
    config: services.config,
    bus: services.pubsub,
    links: services.links ?? null,
    virtual: services.virtual ?? null,
    tunnel: services.tunnel ?? null,
    openCalls: openCallsOf(services),
    user,
    sessionHash,
    systemId,
    locale: parseAcceptLanguage(facts.acceptLanguage),
    ip: facts.ip,
    now: services.now,
  };
}
