import { EventEmitter } from "node:events";
import { Redis } from "ioredis";

/**
 * Signals between the parts of the server (and between instances with Redis). The database stays
 * the source of truth: a subscriber that missed a signal resyncs from its first payload.
 */
export interface PubSub {
  publish(topic: string, payload: unknown): Promise<void>;
  /** Yields every payload published on the topic; ending the iteration unsubscribes. */
  subscribe(topic: string): AsyncGenerator<unknown>;
  close(): Promise<void>;
}

/**
 * An async iterator over an emitter's topic whose return() unsubscribes at once, even while a
 * next() is waiting (an async generator would only stop at the next message, leaking listeners
 * of quiet topics when clients go away).
 */
function iterate(emitter: EventEmitter, topic: string, onEnd?: () => void): AsyncGenerator<unknown> {
  const queue: unknown[] = [];
  let waiting: ((result: IteratorResult<unknown>) => void) | null = null;
  let done = false;
  const listener = (payload: unknown): void => {
    if (waiting) {
      waiting({ value: payload, done: false });
      waiting = null;
    } else queue.push(payload);
  };
  emitter.on(topic, listener);
  const finish = async (): Promise<IteratorResult<unknown>> => {
    if (!done) {
      done = true;
      emitter.off(topic, listener);
      queue.length = 0;
      waiting?.({ value: undefined, done: true });
      waiting = null;
      onEnd?.();
    }
    return { value: undefined, done: true };
  };
  const iterator: AsyncGenerator<unknown> = {
    next: () => {
      if (queue.length > 0) return Promise.resolve({ value: queue.shift(), done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => (waiting = resolve));
    },
    return: finish,
    throw: async (error: unknown) => {
      await finish();
      throw error;
    },
    [Symbol.asyncIterator]: () => iterator,
    [Symbol.asyncDispose]: async () => {
      await finish();
    },
  };
  return iterator;
}

/** Single-instance pub/sub. */
export function memoryPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (topic, payload) => {
      emitter.emit(topic, payload);
    },
    subscribe: (topic) => iterate(emitter, topic),
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/** Pub/sub across instances through Redis channels (prefix "caresuite:"). */
export function redisPubSub(url: string): PubSub {
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: false });
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<string, number>();
  subscriber.on("message", (channel: string, message: string) => {
    local.emit(channel.slice("caresuite:".length), JSON.parse(message));
  });
  return {
    publish: async (topic, payload) => {
      await publisher.publish(`caresuite:${topic}`, JSON.stringify(payload));
    },
    subscribe: (topic) => {
      const n = counts.get(topic) ?? 0;
      counts.set(topic, n + 1);
      if (n === 0) void subscriber.subscribe(`caresuite:${topic}`);
      return iterate(local, topic, () => {
        const left = (counts.get(topic) ?? 1) - 1;
        counts.set(topic, left);
        if (left === 0) void subscriber.unsubscribe(`caresuite:${topic}`);
      });
    },
    close: async () => {
      local.removeAllListeners();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
