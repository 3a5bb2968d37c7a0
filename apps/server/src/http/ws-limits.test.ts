import type { AddressInfo } from "node:net";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBSCRIPTIONS_PER_CONNECTION } from "../graphql/limits.ts";
import { SYSTEM_MESSAGES_TOPIC } from "../realtime/topics.ts";
import { publishUntil } from "../test-support/publish-until.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { SYSTEM_HEADER } from "@caresuite/domain";

/**
 * 2,000 subscriptions on one socket slowed plain queries to 537 ms. One socket runs at
 * most SUBSCRIPTIONS_PER_CONNECTION, one address holds at most WS_CONNECTIONS_PER_IP sockets.
 */

const MESSAGES = "subscription { systemMessages { subject } }";
const CONNECTIONS_PER_IP = 50;

interface Watch {
  received: unknown[];
  errors: unknown[];
  stop: () => void;
}

function watch(client: Client, query: string): Watch {
  const result: Watch = { received: [], errors: [], stop: () => undefined };
  result.stop = client.subscribe({ query }, { next: (v) => void result.received.push(v), error: (e) => void result.errors.push(e), complete: () => undefined });
  return result;
}

const until = async (check: () => boolean, ms = 15_000): Promise<void> => {
  for (const started = Date.now(); !check();) {
    if (Date.now() - started > ms) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Opens a raw socket; resolves with it open, or with the HTTP status that refused the upgrade. */
function openSocket(url: string): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, "graphql-transport-ws");
    socket.once("open", () => resolve(socket));
    socket.once("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    socket.once("error", () => resolve(0));
  });
}

describe("WebSocket limits", () => {
  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer("sqlite");
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    url = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/backend/query`;
  });
  afterAll(() => server.close());
  const reload = () => server.pubsub.publish(SYSTEM_MESSAGES_TOPIC, { subject: "reload", payload: "{}" });

  it(`refuses the subscription after ${SUBSCRIPTIONS_PER_CONNECTION} on one socket; the others go on`, async () => {
    const client = createClient({ url, retryAttempts: 0, webSocketImpl: WebSocket, connectionParams: { [SYSTEM_HEADER]: "01" } });
    const running = Array.from({ length: SUBSCRIPTIONS_PER_CONNECTION }, () => watch(client, MESSAGES));
    const extra = watch(client, MESSAGES);
    await until(() => extra.errors.length > 0);
    expect(JSON.stringify(extra.errors[0])).toMatch(/Too many subscriptions on this connection \(max 100\)/);
    await publishUntil(reload, () => running.every((w) => w.received.length > 0));
    expect(running.flatMap((w) => w.errors)).toEqual([]);

    // A finished subscription frees its place.
    running[0]?.stop();
    // The stop reaches the server a moment later; a subscription sent before that is refused.
    let next = watch(client, MESSAGES);
    await publishUntil(reload, () => {
      if (next.errors.length > 0) next = watch(client, MESSAGES);
      return next.received.length > 0;
    });
    expect(next.errors).toEqual([]);
    await client.dispose();
  });

  it("refuses a subscription nested 5,000 levels with a depth error; the socket stays usable", async () => {
    const client = createClient({ url, retryAttempts: 0, webSocketImpl: WebSocket, connectionParams: { [SYSTEM_HEADER]: "01" } });
    const deep = watch(client, `subscription { systemMessages ${"{ subject ".repeat(5000)}${"}".repeat(5000)} }`);
    await until(() => deep.errors.length > 0);
    expect(JSON.stringify(deep.errors[0])).toMatch(/depth limit/);
    const fine = watch(client, MESSAGES);
    await publishUntil(reload, () => fine.received.length > 0);
    await client.dispose();
  });

  it(`refuses the WebSocket after ${CONNECTIONS_PER_IP} from one address with 429, and takes one again after a close`, async () => {
    const sockets = await Promise.all(Array.from({ length: CONNECTIONS_PER_IP }, () => openSocket(url)));
    expect(sockets.every((s) => s instanceof WebSocket)).toBe(true);
    expect(await openSocket(url)).toBe(429);

    const first = sockets[0] as WebSocket;
    await new Promise((r) => {
      first.once("close", r);
      first.close();
    });
    // The server counts the close a moment later: until then a new socket is still refused.
    let again = await openSocket(url);
    for (const deadline = Date.now() + 10_000; again === 429 && Date.now() < deadline; again = await openSocket(url))
      await new Promise((r) => setTimeout(r, 100));
    expect(again).toBeInstanceOf(WebSocket);
    for (const socket of [...sockets.slice(1), again]) if (socket instanceof WebSocket) socket.terminate();
  });

  it("frees the place of an operation the server ended with an error", async () => {
    const client = createClient({ url, retryAttempts: 0, webSocketImpl: WebSocket, connectionParams: { [SYSTEM_HEADER]: "01" } });
    const failing = Array.from({ length: SUBSCRIPTIONS_PER_CONNECTION }, () => watch(client, "subscription { noSuchField }"));
    await until(() => failing.every((w) => w.errors.length === 1));
    const fine = watch(client, MESSAGES);
    await publishUntil(reload, () => fine.received.length > 0);
    expect(fine.errors).toEqual([]);
    await client.dispose();
  });
});
