import type { AuthUser, Locale } from "@caresuite/domain";
import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";
import type { CallSystemLinks } from "./callsystem/links.ts";
import type { VirtualManager } from "./callsystem/virtual-controller.ts";
import type { TunnelManager } from "./modules/tunnel/tunnel-manager.ts";
import type { OpenCallsCache } from "./modules/calls/open-calls-cache.ts";
import type { PubSub } from "./realtime/pubsub.ts";

/** What every service call receives: who asks, in which system and language, and the resources. */
export interface RequestContext {
  db: Db;
  config: Config;
  /** Named `bus`, not `pubsub`: Mercurius puts its own `pubsub` into subscription contexts. */
  bus: PubSub;
  /** The call-system links (null in processes that run none, e.g. some tests). */
  links: CallSystemLinks | null;
  virtual: VirtualManager | null;
  /** The remote-access tunnel of this process (absent where none runs, e.g. most tests). */
  tunnel?: TunnelManager | null;
  /** Shared open-calls lists per system. */
  openCalls: OpenCallsCache;
  user: AuthUser;
  /** SHA-256 of the session token in use, if signed in. */
  sessionHash: string | null;
  systemId: number;
  locale: Locale;
  ip: string;
  now: () => number;
}
