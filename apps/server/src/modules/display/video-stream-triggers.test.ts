import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import type { TestSimulator } from "../../test-support/simulator.ts";
import { TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { startLinkedSystem } from "../../test-support/linked-system.ts";

interface SystemMessage {
  subject: string;
  payload: string;
}

async function nextVideoMessage(messages: AsyncGenerator<unknown>, ms = 10_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const next = (await Promise.race([messages.next(), new Promise((r) => setTimeout(() => r({ value: null }), deadline - Date.now()))])) as {
      value: SystemMessage | null;
    };
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
    ({ simulator, server, admin } = await startLinkedSystem(dialect));
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
