import { describe, expect, it } from "vitest";
import { controllerConfigSchema, ENTITY_COLLECTIONS, EVENT_DATA_SCHEMAS, eventEnvelopeSchema, isEventType, publishBodySchema } from "./index.ts";

const at = "2025-03-10T08:15:02.120Z";

describe("the configuration's collections", () => {
  it("are the registry collections plus the system tree, in GET /api/config and in a publish", () => {
    const registry = Object.keys(ENTITY_COLLECTIONS).sort();
    expect(Object.keys(controllerConfigSchema.shape).sort()).toEqual([...registry, "revision", "system_tree"].sort());
    expect(Object.keys(publishBodySchema.shape).sort()).toEqual([...registry, "revision", "system_tree"].sort());
  });
});

describe("event data", () => {
  it.each([
    ["call.opened", { call_id: 5, device_id: 23, call_type_id: 4, section_id: 1, call_source_id: null, opened_at: at }, true],
    ["call.opened", { call_id: 5, device_id: 23, call_type_id: 4, section_id: 1, call_source_id: null, opened_at: "yesterday" }, false],
    ["call.closed", { call_id: 5, device_id: 23, closed_at: at, reason: "presence" }, true],
    // docs/protocol.md: the reasons are reset, presence, action, timeout.
    ["call.closed", { call_id: 5, device_id: 23, closed_at: at, reason: "coffee" }, false],
    ["device.battery", { device_id: 23, battery: 100 }, true],
    ["device.battery", { device_id: 23, battery: 101 }, false],
    ["device.reachability", { device_id: 23, reachable: "yes" }, false],
    ["hub.printer", { hub_id: 1, address: "10.20.1.50", error: "paper out", node_id: null }, true],
    ["config.changed", { revision: 2 }, true],
    ["config.changed", {}, false],
  ] as const)("%s %j valid: %s", (type, data, valid) => {
    expect(EVENT_DATA_SCHEMAS[type].safeParse(data).success).toBe(valid);
  });

  it("knows its types and leaves others to the reader (an envelope of any type parses)", () => {
    expect(isEventType("config.changed")).toBe(true);
    expect(isEventType("coffee.ready")).toBe(false);
    expect(isEventType("toString")).toBe(false);
    expect(eventEnvelopeSchema.safeParse({ seq: 7, type: "coffee.ready", at, data: {} }).success).toBe(true);
    expect(eventEnvelopeSchema.safeParse({ seq: 0, type: "call.opened", at, data: {} }).success).toBe(false);
  });
});
