import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, AUTH, openEvents, startTestSimulator, type TestSimulator } from "../test-support.ts";

describe("malformed requests get a 4xx, never a 500", () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.dispose());

  it.each<[string, string, unknown]>([
    ["POST", "/api/devices/23/press", undefined],
    ["POST", "/api/devices/23/press", "{not json"],
    ["POST", "/api/devices/23/press", {}],
    ["POST", "/api/devices/23/press", { kind: 1 }],
    ["POST", "/api/devices/23/press", { kind: "alert", extra: true }],
    ["POST", "/api/devices/23/press", { kind: "alert", call_type_id: 999 }],
    ["POST", "/api/devices/23/press", { kind: "alert", call_type_id: 6 }],
    ["POST", "/api/devices/23/press", { kind: "alert", call_type_id: -3 }],
    ["POST", "/api/devices/abc/press", { kind: "alert" }],
    ["POST", "/api/devices/0/press", { kind: "alert" }],
    ["POST", "/api/devices/1.5/press", { kind: "alert" }],
    ["POST", "/api/devices/20/press", { kind: "alert" }],
    ["POST", "/api/devices/23/actions", { action: "SelfDestruct" }],
    ["POST", "/api/devices/23/actions", { action: "EndCalls", section_id: "eins" }],
    ["POST", "/api/devices/23/actions", null],
    ["POST", "/api/devices/23/report", {}],
    ["POST", "/api/devices/23/report", { battery: 101 }],
    ["POST", "/api/hubs/1/printer", { address: "" }],
    ["GET", "/api/journal?from=-1", undefined],
    ["GET", "/api/journal?limit=abc", undefined],
    ["GET", "/api/journal?limit=0", undefined],
    ["POST", "/api/traffic", { enabled: "yes" }],
    ["POST", "/api/traffic", { enabled: true, speed: 0 }],
    ["POST", "/api/debug/stall", { ms: -5 }],
    ["POST", "/api/config/publish", "[]"],
    ["POST", "/api/config/publish", '"config"'],
  ])("%s %s %j -> 400", async (method, path, body) => {
    const response = await api<{ error: string }>(sim, method, path, body);
    expect(response.status).toBe(400);
    expect(typeof response.body.error).toBe("string");
  });

  it.each<[string, string, unknown]>([
    ["POST", "/api/devices/4242/press", { kind: "alert" }],
    ["POST", "/api/devices/4242/actions", { action: "EndCalls" }],
    ["POST", "/api/hubs/9/printer", { address: "10.0.0.1:9100", error: "Papierstau" }],
    ["GET", "/api/nothing-here", undefined],
  ])("%s %s -> 404", async (method, path, body) => {
    expect((await api(sim, method, path, body)).status).toBe(404);
  });

  it("answers 415 to a body of a type it does not read", async () => {
    const response = await fetch(`${sim.url}/api/devices/23/press`, {
      method: "POST",
      headers: { authorization: AUTH, "content-type": "application/xml" },
      body: '<press kind="alert"/>',
    });
    expect(response.status).toBe(415);
  });

  it("refuses an event socket with a bad `from` before upgrading", async () => {
    await expect(openEvents({ url: sim.url }, Number.NaN)).rejects.toThrow("HTTP 400");
  });
});
