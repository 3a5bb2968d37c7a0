import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryPubSub } from "../../realtime/pubsub.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { countingBus } from "./counting-bus.ts";
import { createOpenCallsCache, OPEN_CALLS_IDLE_MS } from "./open-calls-cache.ts";

/**
 * every system number read or subscribed once kept a cache entry and a bus subscription
 * for ever (30,000 numbers: +260 MB). ARCHITECTURE «Security rules»: "every cache has an eviction rule".
 */
describe.each(TEST_DIALECTS)("open-calls cache eviction on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const setup = () => {
    const bus = countingBus(memoryPubSub());
    const clock = { now: Date.now() };
    const cache = createOpenCallsCache(server.db.kysely, bus, () => clock.now);
    return { bus, clock, cache };
  };

  it("holds 0 entries and 0 bus subscriptions after 200 systems were subscribed and unsubscribed", async () => {
    const { bus, cache } = setup();
    const streams = [];
    for (let systemId = 1; systemId <= 200; systemId++) {
      const signals = cache.changes(systemId);
      await cache.get(systemId, "subscriber");
      streams.push(signals);
    }
    expect(cache.stats()).toEqual({ entries: 200, subscribers: 200 });
    expect(bus.live("calls:")).toBe(200);
    for (const signals of streams) await signals.return(undefined);
    expect(cache.stats()).toEqual({ entries: 0, subscribers: 0 });
    expect(bus.live("calls:")).toBe(0);
    await cache.close();
  });

  it("keeps an entry while one subscriber of two remains, and still delivers its changes", async () => {
    const { bus, cache } = setup();
    const first = cache.changes(7);
    const second = cache.changes(7);
    await first.return(undefined);
    expect(cache.stats()).toEqual({ entries: 1, subscribers: 1 });
    const next = second.next();
    await bus.publish("calls:7", { seq: 1 });
    expect((await next).value).toEqual({ seq: 1 });
    await second.return(undefined);
    // Ending twice counts once.
    await second.return(undefined);
    expect(cache.stats()).toEqual({ entries: 0, subscribers: 0 });
    await cache.close();
  });

  it("keeps plain reads for OPEN_CALLS_IDLE_MS (openCalls stays one load per change), then evicts them", async () => {
    const { bus, clock, cache } = setup();
    for (let systemId = 1; systemId <= 50; systemId++) await cache.get(systemId);
    expect(cache.stats().entries).toBe(50);
    clock.now += OPEN_CALLS_IDLE_MS - 1;
    await cache.sweep();
    expect(cache.stats().entries).toBe(50);
    // A read keeps its own entry; the others go once idle long enough.
    await cache.get(3);
    clock.now += 1;
    await cache.sweep();
    expect(cache.stats().entries).toBe(1);
    expect(bus.live("calls:")).toBe(1);
    // Any later access sweeps by itself (at most once a second).
    clock.now += OPEN_CALLS_IDLE_MS;
    await cache.get(4);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.stats().entries).toBe(1);
    expect(bus.live("calls:")).toBe(1);
    await cache.close();
    expect(bus.live("calls:")).toBe(0);
  });
});
