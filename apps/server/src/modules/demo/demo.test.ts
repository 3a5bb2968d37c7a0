import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CALL_TYPES, SYSTEM_HEADER, demoRoomMode, pressDemoButton, type DemoButton, type DemoRoomMode } from "@caresuite/domain";
import { TestClient } from "../../test-support/api.ts";
import type { TestSimulator } from "../../test-support/simulator.ts";
import { TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { readAppState, updateAppState } from "../appdata/app-state.repo.ts";
import type { DemoFloor } from "./demo.repo.ts";
import { startLinkedSystem, until } from "../../test-support/linked-system.ts";

type OpenCall = { number: number; call_type_id: number };

describe.each(TEST_DIALECTS)("the demo routes on %s", (dialect) => {
  let simulator: TestSimulator;
  let server: TestServer;

  const anonymous = (): TestClient => new TestClient(server.app);
  const getRooms = () => server.app.inject({ method: "GET", url: "/demo/rooms", headers: { [SYSTEM_HEADER]: "01" } });
  const openCalls = async (): Promise<OpenCall[]> =>
    (await anonymous().gql<{ openCalls: OpenCall[] }>("{ openCalls { number call_type_id } }")).data?.openCalls ?? [];
  const setDemoMode = async (on: boolean): Promise<void> => {
    const state = await readAppState(server.db.kysely);
    await updateAppState(server.db.kysely, { features: { ...state.features, demo_mode: on } }, Date.now());
  };

  beforeAll(async () => {
    ({ simulator, server } = await startLinkedSystem(dialect));
  });
  afterAll(async () => {
    await server.close();
    await simulator.stop();
  });

  it("does not exist outside demo mode", async () => {
    await setDemoMode(false);
    const response = await getRooms();
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ ok: false, error: "not found" });
  });

  it("lists the floors 1. OG and 2. OG with their rooms and each room's first bed, to anonymous visitors", async () => {
    await setDemoMode(true);
    const response = await getRooms();
    expect(response.statusCode).toBe(200);
    const { ok, floors } = response.json() as { ok: boolean; floors: DemoFloor[] };
    expect(ok).toBe(true);
    // spec: "A left panel lists floors 1. OG and 2. OG with per-room controls".
    expect(floors.map((floor) => floor.name)).toEqual(["1. OG", "2. OG"]);
    const [first, second] = floors as [DemoFloor, DemoFloor];
    expect(first.rooms).toHaveLength(20);
    expect(second.rooms).toHaveLength(20);
    // spec §9: "demo nodes 23, 24, 10": the first beds of Zimmer 101, 102 and 201.
    expect(first.rooms.slice(0, 2)).toEqual([
      { id: 20, name: "Zimmer 101", text_long: "Zimmer 101", device_id: 23 },
      { id: 21, name: "Zimmer 102", text_long: "Zimmer 102", device_id: 24 },
    ]);
    expect(second.rooms[0]).toEqual({ id: 9, name: "Zimmer 201", text_long: "Zimmer 201", device_id: 10 });
    // No room of another floor, no room without a device.
    const names = floors.flatMap((floor) => floor.rooms.map((room) => room.name));
    expect(names.every((name) => /^Zimmer [12]\d\d$/.test(name))).toBe(true);
    const devices = await server.db.kysely
      .selectFrom("system_tree_nodes")
      .select(["id", "kind"])
      .where(
        "id",
        "in",
        floors.flatMap((f) => f.rooms.map((r) => r.device_id)),
      )
      .execute();
    expect(devices.every((device) => device.kind === "device")).toBe(true);
  });

  // The buttons' rule sends triggers and promises a mode; the virtual call system must agree.
  it.each<[string, DemoButton[]]>([
    ["alert, then presence (both on), then presence again", ["alert", "presence", "presence"]],
    ["presence, then alert (spec: turns both into emergency), then alert again", ["presence", "alert", "alert"]],
    ["alert on and off, presence on and off", ["alert", "alert", "presence", "presence"]],
    ["emergency over presence, then cancelled", ["presence", "emergency", "alert"]],
  ])("brings a room to the mode the demo-button rule promises: %s", async (_label, presses) => {
    await setDemoMode(true);
    const device = 24;
    const post = (url: string, body: unknown = {}) => anonymous().post(url, body);
    expect((await post("/demo/call/close")).json()).toMatchObject({ ok: true });
    await until(openCalls, (calls) => calls.length === 0);
    let mode: DemoRoomMode = "off";
    for (const button of presses) {
      const { next, triggers } = pressDemoButton(mode, button);
      for (const trigger of triggers) {
        const response = await post("/demo/call/trigger", { ...trigger, device_id: device });
        expect(response.json(), JSON.stringify(trigger)).toEqual({ ok: true });
      }
      await until(openCalls, (calls) => demoRoomMode(calls, device) === next);
      mode = next;
    }
    expect(mode).toBe("off");
  });

  // "`POST /demo/call/trigger` with `close: true` must close the call the same body opened.
  // Today a `section_id` that differs from the device's own section is ignored on open and applied on close."
  it("closes with the same body the call it opened, whatever section_id it names", async () => {
    await setDemoMode(true);
    const post = (url: string, body: unknown = {}) => anonymous().post(url, body);
    expect((await post("/demo/call/close")).json()).toMatchObject({ ok: true });
    await until(openCalls, (calls) => calls.length === 0);
    const body = { call_type_id: DEMO_CALL_TYPES.alert, device_id: 23, section_id: 9 };
    expect((await post("/demo/call/trigger", body)).json()).toEqual({ ok: true });
    await until(openCalls, (calls) => calls.some((call) => call.number === 23));
    expect((await post("/demo/call/trigger", { ...body, close: true })).json()).toEqual({ ok: true });
    await until(openCalls, (calls) => !calls.some((call) => call.number === 23));
  });

  it.each([
    ["an unknown device", { call_type_id: 4, device_id: 99_999 }, "unknown device 99999"],
    ["an unknown device, closing", { call_type_id: 4, device_id: 99_999, close: true }, "unknown device 99999"],
    ["an unknown call type", { call_type_id: 999, device_id: 23 }, "unknown call type"],
    ["a body of the wrong shape", { call_type_id: "4", device_id: 23 }, "invalid body"],
  ])("answers %s with 400 and a clear error, never a 500", async (_label, body, error) => {
    await setDemoMode(true);
    const response = await anonymous().post("/demo/call/trigger", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ok: false, error });
  });

  it("answers 404 to the demo calls once demo mode is off again", async () => {
    await setDemoMode(false);
    expect((await anonymous().post("/demo/call/trigger", { call_type_id: 4, device_id: 23 })).statusCode).toBe(404);
    expect((await getRooms()).statusCode).toBe(404);
  });
});
