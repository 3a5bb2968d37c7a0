import type { AddressInfo } from "node:net";
import { SYSTEM_HEADER } from "@caresuite/domain";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { startLinkedSystem, until, type LinkedSystem } from "../../test-support/linked-system.ts";
import { publishUntil } from "../../test-support/publish-until.ts";
import { TEST_DIALECTS } from "../../test-support/test-server.ts";
import { entityTables } from "../entities/entity-tables.ts";

const OUTDATED = "{ appState { outdated_hubs { id name last_sync } } }";
const PRINTER = "subscription HubPrinterMessage { hubPrinterMessage { id address error system_tree_node { id kind name serial parent_name } } }";

/** A graphql-ws client signed in with the session cookie of `client`. */
function socket(url: string, client: TestClient): Client {
  return createClient({
    url,
    connectionParams: { [SYSTEM_HEADER]: "01", "Accept-Language": "de" },
    retryAttempts: 0,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie: client.cookie } });
      }
    },
  });
}

describe.each(TEST_DIALECTS)("hubs on %s", (dialect) => {
  let linked: LinkedSystem;
  let url: string;

  beforeAll(async () => {
    linked = await startLinkedSystem(dialect);
    await linked.server.app.listen({ port: 0, host: "127.0.0.1" });
    url = `ws://127.0.0.1:${(linked.server.app.server.address() as AddressInfo).port}/backend/query`;
  });
  afterAll(async () => linked.close());

  const outdated = async (client = linked.admin) =>
    (await client.gql<{ appState: { outdated_hubs: { id: number; name: string; last_sync: string | null }[] } }>(OUTDATED)).data?.appState.outdated_hubs;

  it("lists a hub in outdated_hubs once the controller reports its last sync older than a day; anonymous visitors see none", async () => {
    expect(await outdated()).toEqual([]);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await linked.simulator.post("/api/hubs/2/status", { status: "Offline", last_sync: threeDaysAgo });
    expect(await until(outdated, (hubs) => (hubs?.length ?? 0) > 0)).toEqual([{ id: 2, name: "Hub Haus B", last_sync: threeDaysAgo }]);
    const status = await entityTables(linked.server.db.kysely)
      .selectFrom("hubs")
      .select("status")
      .where("system_id", "=", 1)
      .where("id", "=", 2)
      .executeTakeFirst();
    expect(status?.status).toBe("Offline");
    expect(await outdated(new TestClient(linked.server.app))).toEqual([]);
    // It syncs again: the banner goes.
    await linked.simulator.post("/api/hubs/2/status", { status: "Ready", last_sync: new Date().toISOString() });
    await until(outdated, (hubs) => hubs?.length === 0);
  });

  it("pushes the controller's hub printer messages with the node and its parent's name", async () => {
    const ws = socket(url, linked.admin);
    let first: unknown;
    const received = new Promise<unknown>((resolve, reject) => {
      const stop = ws.subscribe(
        { query: PRINTER },
        {
          next: (value) => {
            stop();
            resolve((first = value));
          },
          error: reject,
          complete: () => undefined,
        },
      );
    });
    await publishUntil(
      () => linked.simulator.post("/api/hubs/1/printer", { address: "10.20.1.11:9100", error: "Papierstau", node_id: 23 }),
      () => first !== undefined,
    );
    const message = (await received) as { data: { hubPrinterMessage: { id: number; system_tree_node: unknown } } };
    expect(message.data.hubPrinterMessage).toMatchObject({
      address: "10.20.1.11:9100",
      error: "Papierstau",
      system_tree_node: { id: 23, kind: "device", name: "Zimmer 101 Bett 1", serial: "GS-000023", parent_name: "Zimmer 101" },
    });
    expect(message.data.hubPrinterMessage.id).toBeGreaterThan(0);
    await ws.dispose();
  });

  it('answers "no hubs registered" when the system has no hub, and refuses anonymous visitors', async () => {
    const anonymous = createClient({ url, connectionParams: { [SYSTEM_HEADER]: "01" }, retryAttempts: 0, webSocketImpl: WebSocket });
    const refused = await new Promise<unknown>((resolve) => {
      anonymous.subscribe({ query: PRINTER }, { next: resolve, error: resolve, complete: () => undefined });
    });
    expect(JSON.stringify(refused)).toMatch(/Session timed out/);
    await anonymous.dispose();

    await entityTables(linked.server.db.kysely).deleteFrom("hubs").where("system_id", "=", 1).execute();
    const ws = socket(url, linked.admin);
    const result = await new Promise<unknown>((resolve) => {
      ws.subscribe({ query: PRINTER }, { next: resolve, error: resolve, complete: () => undefined });
    });
    expect(JSON.stringify(result)).toContain("no hubs registered");
    await ws.dispose();
  });
});
