import { describe, expect, it } from "vitest";
import { publishUntil } from "../test-support/publish-until.ts";
import { memoryPubSub, redisPubSub, type PubSub } from "./pubsub.ts";

const next = (iterator: AsyncGenerator<unknown>): Promise<unknown> => iterator.next().then((r) => r.value);

describe("memory pub/sub", () => {
  it("delivers in order and stops listening when the subscriber ends", async () => {
    const bus = memoryPubSub();
    const sub = bus.subscribe("t");
    await bus.publish("t", 1);
    await bus.publish("t", 2);
    expect([await next(sub), await next(sub)]).toEqual([1, 2]);
    // Ending while a next() waits resolves it as done at once (no listener left behind).
    const pending = sub.next();
    await sub.return(undefined);
    expect(await pending).toEqual({ value: undefined, done: true });
    await bus.close();
  });
});

describe.skipIf(!process.env.REDIS_URL)("redis pub/sub", () => {
  it("carries messages between two instances", async () => {
    const url = process.env.REDIS_URL ?? "";
    const a: PubSub = redisPubSub(url);
    const b: PubSub = redisPubSub(url);
    const topic = `test-${Math.random().toString(36).slice(2)}`;
    const sub = b.subscribe(topic);
    let first: unknown;
    const received = next(sub).then((value) => (first = value));
    // SUBSCRIBE reaches Redis a moment later; what is published before is not delivered.
    await publishUntil(
      () => a.publish(topic, { subject: "reload", payload: "{}" }),
      () => first !== undefined,
    );
    expect(await received).toEqual({ subject: "reload", payload: "{}" });
    await sub.return(undefined);
    await a.close();
    await b.close();
  });
});
