import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { startTestSimulator, type TestSimulator } from "../../test-support/simulator.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";

interface SystemMessage {
  subject: string;
  payload: string;
}

async function nextVideoMessage(messages: AsyncGenerator<unknown>, ms = 10_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const next = (await Promise.race([messages.next(), new Promise((r) => setTimeout(() => r({ value: null }), deadline - Date.now()))])) as { value: SystemMessage | null };
    if (next.value?.subject === "videostream") return JSON.parse(next.value.payload) as Record<string, unknown>;
    if (next.value === null) break;
  }
  throw new Error("no videostream message");
}

describe.each(TEST_DIALECTS)("video streams started by calls on %s", (dialect) => {
  let simulator: TestSimulator;
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    simulator = await startTestSimulator();
    server = await startTestServer(dialect, {}, { links: true });
    const root = await buildUser(server.db.kysely, { username: "root", is_superuser: true });
    admin = new TestClient(server.app);
    await admin.login(root.username, root.password);
    await admin.gql(`mutation { createInitialConfigurator(ip: "127.0.0.1", username: "admin", password: "admin", tcp_port: ${simulator.port}) { id } }`);
    const deadline = Date.now() + 10_000;
    while (!(await server.db.kysely.selectFrom("callsystem_links").select("imported_at").where("system_id", "=", 1).executeTakeFirst())?.imported_at) {
      if (Date.now() > deadline) throw new Error("no import");
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(async () => {
    await server.close();
    await simulator.stop();
  });

  it("shows the door camera on the boards when a start call opens, and takes it away on a stop call (spec: videostream start/stop)", async () => {
    // Call types of the demo site: 4 alert (the door bell here), 2 emergency.
    const created = await admin.gql(
      `mutation { createVideoStream(data: { name: "Eingang", url: "https://camera.example/entrance", trigger_start: [4], trigger_stop: [2] }) { id } }`,
    );
    expect(created.errors).toBeUndefined();
    const messages = server.pubsub.subscribe("system-messages");

    await simulator.press(23, "alert", 4);
    expect(await nextVideoMessage(messages)).toMatchObject({ action: "start", url: "https://camera.example/entrance", name: "Eingang", system_id: 1 });

    await simulator.press(24, "emergency");
    expect(await nextVideoMessage(messages)).toMatchObject({ action: "stop", url: "https://camera.example/entrance" });
    await messages.return(undefined);
    await simulator.press(23, "cancel");
    await simulator.press(24, "cancel");
  });
});
