import type { AuthUser, Locale } from "@caresuite/domain";
import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";
import type { PubSub } from "./realtime/pubsub.ts";

/** What every service call receives: who asks, in which system and language, and the resources. */
export interface RequestContext {
  db: Db;
  config: Config;
  /** Named `bus`, not `pubsub`: Mercurius puts its own `pubsub` into subscription contexts. */
  bus: PubSub;
  user: AuthUser;
  /** SHA-256 of the session token in use, if signed in. */
  sessionHash: string | null;
  systemId: number;
  locale: Locale;
  ip: string;
  now: () => number;
}
