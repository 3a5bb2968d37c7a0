import type { PubSub } from "../../realtime/pubsub.ts";

/** A bus that counts its live subscriptions per topic prefix: tests see what a cache keeps. */
export interface CountingBus extends PubSub {
  /** Subscriptions not yet ended whose topic starts with `prefix`. */
  live(prefix: string): number;
}

export function countingBus(inner: PubSub): CountingBus {
  const topics = new Map<AsyncGenerator<unknown>, string>();
  return {
    publish: (topic, payload) => inner.publish(topic, payload),
    subscribe: (topic) => {
      const signals = inner.subscribe(topic);
      topics.set(signals, topic);
      const end = signals.return.bind(signals);
      signals.return = async (value) => {
        topics.delete(signals);
        return end(value);
      };
      return signals;
    },
    close: () => inner.close(),
    live: (prefix) => [...topics.values()].filter((topic) => topic.startsWith(prefix)).length,
  };
}
