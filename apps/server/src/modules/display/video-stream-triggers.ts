import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { PubSub } from "../../realtime/pubsub.ts";
import { entityTables } from "../entities/entity-tables.ts";
import { SYSTEM_MESSAGES_TOPIC, systemMessage } from "../../realtime/topics.ts";

/**
 * spec data §3.4 "Video stream: name, url, trigger_start, trigger_stop" and §4 "videostream
 * (action start adds the url, otherwise removes it)": a newly opened call of a start type shows
 * the stream on the display boards (a door camera when the door bell rings), one of a stop type
 * takes it away. Sent after the call's transaction committed, like the call itself.
 */
export async function announceVideoStreams(db: Kysely<Database>, bus: PubSub, systemId: number, openedCallTypeIds: readonly number[]): Promise<number> {
  if (openedCallTypeIds.length === 0) return 0;
  const opened = new Set(openedCallTypeIds);
  const streams = await entityTables(db)
    .selectFrom("video_streams")
    .select(["id", "name", "url", "trigger_start", "trigger_stop"])
    .where("system_id", "=", systemId)
    .execute();
  let sent = 0;
  for (const stream of streams) {
    const starts = parseIds(stream["trigger_start"]).some((id) => opened.has(id));
    const stops = parseIds(stream["trigger_stop"]).some((id) => opened.has(id));
    if (!starts && !stops) continue;
    // A batch holding both a start and a stop call ends with the stream stopped: the later
    // intent wins only within one call; across a batch, stopping is the safe side for privacy.
    const action = stops ? ("stop" as const) : ("start" as const);
    const payload = { action, url: String(stream["url"]), name: String(stream["name"]), video_stream_id: Number(stream["id"]), system_id: systemId };
    await bus.publish(SYSTEM_MESSAGES_TOPIC, systemMessage("videostream", payload));
    sent += 1;
  }
  return sent;
}

function parseIds(value: unknown): number[] {
  if (typeof value !== "string") return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === "number") : [];
  } catch {
    return [];
  }
}
