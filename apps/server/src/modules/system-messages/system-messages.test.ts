import type { AddressInfo } from "node:net";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishUntil } from "../../test-support/publish-until.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { memoryPubSub } from "../../realtime/pubsub.ts";
import { startClockBroadcast } from "./clock-broadcast.ts";
import { SYSTEM_MESSAGES_TOPIC } from "../../realtime/topics.ts";
import { SYSTEM_HEADER } from "@caresuite/domain";

function client(url: string, params: Record<string, string>, origin?: string): Client {
  return createClient({
    url,
    connectionParams: params,
    retryAttempts: 0,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, origin ? { headers: { origin } } : {});
      }
    },
  });
}

function firstMessage(c: Client, query: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const stop = c.subscribe(
      { query },
      {
        next: (value) => {
          stop();
          resolve(value);
        },
        error: reject,
        complete: () => undefined,
      },
    );
  });
}

describe("systemMessages over graphql-ws on the query path", () => {
  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer("sqlite");
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    url = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/backend/query`;
  });
  afterAll(() => server.close());

  it("pushes a published message to an anonymous subscriber", async () => {
    const ws = client(url, { [SYSTEM_HEADER]: "01", "Accept-Language": "de" });
    let first: unknown;
    const received = firstMessage(ws, "subscription { systemMessages { subject payload } }").then((value) => (first = value));
    await publishUntil(
      () => server.pubsub.publish(SYSTEM_MESSAGES_TOPIC, { subject: "reload", payload: "{}" }),
      () => first !== undefined,
    );
    expect(await received).toEqual({ data: { systemMessages: { subject: "reload", payload: "{}" } } });
    await ws.dispose();
  });

  it("refuses a system that does not exist", async () => {
    const ws = client(url, { [SYSTEM_HEADER]: "07", "Accept-Language": "de" });
    const result = await firstMessage(ws, "subscription { systemMessages { subject } }").catch((e: unknown) => e);
    expect(JSON.stringify(result)).toMatch(/system unavailable/);
    await ws.dispose();
  });

  it("refuses an upgrade from a foreign origin (CSRF)", async () => {
    const ws = client(url, {}, "http://evil.example");
    const result = await firstMessage(ws, "subscription { systemMessages { subject } }").catch((e: unknown) => e);
    expect(result).toBeTruthy();
    expect(JSON.stringify(result)).not.toMatch(/systemMessages/);
    await ws.dispose();
  });
});

describe("clock broadcast", () => {
  it("publishes the server time in seconds", async () => {
    const bus = memoryPubSub();
    const sub = bus.subscribe(SYSTEM_MESSAGES_TOPIC);
    const stop = startClockBroadcast(bus, () => 1_700_000_000_500, 20);
    expect((await sub.next()).value).toEqual({ subject: "time", payload: JSON.stringify({ seconds: 1_700_000_000 }) });
    stop();
    await bus.close();
  });
});
