import type { PubSub } from "../../realtime/pubsub.ts";
import { SYSTEM_MESSAGES_TOPIC, systemMessage, type SystemMessage } from "../../realtime/topics.ts";

/**
 * The `restart` message of a server that just came up in a new version (spec: "restart shows notice
 * and, with a version, sets the available update"). Browsers were disconnected while it
 * restarted, so a message published once would reach none of them: it is published, and each
 * socket that subscribes within ANNOUNCE_MS gets it first. Only after an update: a plain restart is
 * announced by the stopping process (main.ts), and its version did not change.
 */
export const ANNOUNCE_MS = 2 * 60_000;

let announcement: { message: SystemMessage; until: number } | null = null;

export async function announceRestart(bus: PubSub, version: string, now: number): Promise<void> {
  const message = systemMessage("restart", { version });
  announcement = { message, until: now + ANNOUNCE_MS };
  await bus.publish(SYSTEM_MESSAGES_TOPIC, message);
}

/** The announcement a socket subscribing now gets first, or null. */
export function pendingAnnouncement(now: number): SystemMessage | null {
  return announcement && now <= announcement.until ? announcement.message : null;
}

/** Forgets the announcement (tests). */
export function clearAnnouncement(): void {
  announcement = null;
}

/** `first`, then everything of `rest`; ending the result ends `rest` (the bus subscription). */
export async function* prepend<T>(first: T, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    yield first;
    yield* rest;
  } finally {
    await rest.return(undefined);
  }
}
