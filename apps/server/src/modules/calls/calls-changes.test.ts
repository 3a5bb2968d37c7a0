import { describe, expect, it } from "vitest";
import type { RequestContext } from "../../context.ts";
import { memoryPubSub } from "../../realtime/pubsub.ts";
import type { CallView } from "./calls.repo.ts";
import { openCallsChanges } from "./calls.service.ts";

/** A context whose open-calls cache is a counter and whose change signals we publish by hand. */
function fakeContext() {
  const bus = memoryPubSub();
  let loads = 0;
  let listening = 0;
  const ctx = {
    user: null,
    systemId: 1,
    openCalls: {
      get: async () => [{ id: ++loads } as CallView],
      changes: () => {
        listening += 1;
        const signals = bus.subscribe("calls");
        const end = signals.return.bind(signals);
        let open = true;
        signals.return = async (value) => {
          if (open) listening -= 1;
          open = false;
          return end(value);
        };
        return signals;
      },
      close: async () => undefined,
    },
  } as unknown as RequestContext;
  return { ctx, bus, listening: () => listening };
}

describe("callsChanged's list stream", () => {
  it("yields the full list first, then a fresh list per change", async () => {
    const { ctx, bus } = fakeContext();
    const stream = openCallsChanges(ctx, 1);
    expect((await stream.next()).value).toEqual([{ id: 1 }]);
    const next = stream.next();
    await bus.publish("calls", {});
    expect((await next).value).toEqual([{ id: 2 }]);
    await stream.return(undefined);
  });

  it("lets go of its change listener as soon as the client unsubscribes on a quiet system", async () => {
    const { ctx, listening } = fakeContext();
    const stream = openCallsChanges(ctx, 1);
    await stream.next();
    // The client waits for the next change, then goes away before any change happens.
    const waiting = stream.next();
    expect(listening()).toBe(1);
    const ended = await Promise.race([stream.return(undefined).then(() => "ended"), new Promise((r) => setTimeout(() => r("still waiting"), 500))]);
    expect(ended).toBe("ended");
    expect(listening()).toBe(0);
    expect((await waiting).done).toBe(true);
  });
});
