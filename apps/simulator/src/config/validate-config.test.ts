import { describe, expect, it } from "vitest";
import { publishBodySchema, PublishError, validateConfig, type PublishBody } from "@caresuite/protocol";
import { demoHospital, demoHospitalBody } from "../site/demo-hospital.ts";

const NOW = Date.parse("2025-03-10T09:00:00Z");
type Rows = Record<string, unknown>[];

/** The demo body with one collection changed. */
function bodyWith(collection: keyof PublishBody, change: (rows: Rows) => Rows): PublishBody {
  const body = demoHospitalBody(NOW);
  return publishBodySchema.parse({ ...body, [collection]: change(body[collection] as Rows) });
}

const patch =
  (id: number, values: Record<string, unknown>) =>
  (rows: Rows): Rows =>
    rows.map((row) => (row["id"] === id ? { ...row, ...values } : row));

function failureOf(body: PublishBody): { code: string; detail: string } {
  try {
    validateConfig(body, null, new Date(NOW).toISOString());
  } catch (error) {
    if (error instanceof PublishError) return { code: error.code, detail: error.detail };
    throw error;
  }
  throw new Error("the configuration was accepted");
}

describe("publish validation (spec §8 configuration errors)", () => {
  it("accepts the demo hospital", () => {
    expect(() => validateConfig(demoHospitalBody(NOW), null, "2025-03-10T09:00:00.000Z")).not.toThrow();
  });

  it.each<[string, string, PublishBody]>([
    ["duplicated serial", "two nodes with one serial", bodyWith("system_tree", patch(24, { serial: "GS-000023" }))],
    ["duplicated serial", "two nodes with one MAC", bodyWith("system_tree", patch(24, { mac: "02:47:53:00:00:17" }))],
    ["duplicated position", "two beds with one number in a room", bodyWith("system_tree", patch(25, { number: 1 }))],
    ["missing relation", "a node under a parent that does not exist", bodyWith("system_tree", patch(23, { parent_id: 9999 }))],
    ["missing relation", "a section that does not exist", bodyWith("system_tree", patch(23, { section_id: 77 }))],
    ["missing relation", "a display group of a call type that does not exist", bodyWith("display_groups", patch(4, { call_type_id: 99 }))],
    ["missing relation", "a section's schedule that does not exist", bodyWith("sections", patch(1, { weekday_schedule_id: 19 }))],
    ["missing call source", "a device with a call source that does not exist", bodyWith("system_tree", patch(23, { call_source_id: 5555 }))],
    ["invalid schedule interval", "schedule times not ascending", bodyWith("schedules", patch(1, { time_2: "06:00" }))],
    ["invalid schedule interval", "an interval over a day", bodyWith("schedules", patch(1, { interval: 2000 }))],
    ["invalid value", "a short text over 7 characters", bodyWith("system_tree", patch(23, { text_short: "ZIMMER101" }))],
    ["invalid value", "a long text with umlauts", bodyWith("system_tree", patch(23, { text_long: "Zimmer 101 Türseite" }))],
    ["invalid value", "an unknown urgency", bodyWith("call_types", patch(4, { urgency: "SOON" }))],
    ["invalid value", "a colour that is not #RRGGBB", bodyWith("call_types", patch(4, { color: "red" }))],
    ["invalid value", "a battery over 100", bodyWith("system_tree", patch(23, { battery: 140 }))],
    ["invalid value", "an unknown node kind", bodyWith("system_tree", patch(23, { kind: "toaster" }))],
    ["invalid config", "two records with one id", bodyWith("call_types", (rows) => [...rows, { ...rows[0], name: "Kopie" }])],
    ["invalid config", "two call types with one name", bodyWith("call_types", patch(7, { name: "Notruf" }))],
    ["invalid config", "two call sources with one char and number", bodyWith("call_sources", patch(102, { number: 101 }))],
    ["invalid config", "a parent cycle", bodyWith("system_tree", patch(1, { parent_id: 20 }))],
  ])("%s: %s", (code, _case, body) => {
    expect(failureOf(body).code).toBe(code);
  });

  it("names the records in the detail", () => {
    expect(failureOf(bodyWith("system_tree", patch(24, { serial: "GS-000023" }))).detail).toBe("serial GS-000023 on nodes 23 and 24");
  });

  it("ignores fields it does not know and drops write-only ones", () => {
    const body = bodyWith("hubs", (rows) => rows.map((row) => ({ ...row, password: "geheim", system_id: 1 })));
    const content = validateConfig(body, null, new Date(NOW).toISOString());
    expect(content.hubs[0]).not.toHaveProperty("password");
    expect(content.hubs[0]).not.toHaveProperty("system_id");
  });

  it("fills defaults the way the domain does (sort_order 999, times as HH:MM)", () => {
    const body = bodyWith("call_types", (rows) => rows.map(({ sort_order: _sort, ...row }) => row));
    const content = validateConfig(body, null, new Date(NOW).toISOString());
    expect(content.call_types.every((type) => type.sort_order === 999)).toBe(true);
    expect(content.schedules[0]).toMatchObject({ time_1: "07:00", time_3: null });
  });

  it("keeps the live values of hardware found by serial, not those of the body", () => {
    const previous = demoHospital(NOW);
    const node = previous.system_tree.find((candidate) => candidate.id === 23);
    if (node) Object.assign(node, { battery: 3, reachable: false });
    const content = validateConfig(bodyWith("system_tree", patch(23, { battery: 90, reachable: true })), previous, "2025-03-10T10:00:00.000Z");
    expect(content.system_tree.find((candidate) => candidate.id === 23)).toMatchObject({ battery: 3, reachable: false });
    // A swapped device (new serial) reports for itself.
    const swapped = validateConfig(bodyWith("system_tree", patch(23, { serial: "GS-NEW", battery: 90 })), previous, "2025-03-10T10:00:00.000Z");
    expect(swapped.system_tree.find((candidate) => candidate.id === 23)?.battery).toBe(90);
  });
});
