import type { PubSub } from "../../realtime/pubsub.ts";
import { SYSTEM_MESSAGES_TOPIC, systemMessage } from "../../realtime/topics.ts";

/**
 * spec §7: "time sets clock (seconds x 1000)". Wall screens run for months on PCs whose clocks
 * drift; the server's time, pushed every minute, keeps "time since opened" honest.
 */
export function startClockBroadcast(bus: PubSub, now: () => number, intervalMs = 60_000): () => void {
  const timer = setInterval(() => {
    void bus.publish(SYSTEM_MESSAGES_TOPIC, systemMessage("time", { seconds: Math.floor(now() / 1000) }));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
