import { validateConfig } from "@caresuite/protocol";
import { publishBodySchema, type ControllerConfig, type PublishBody } from "@caresuite/protocol";
import { DEMO_CALL_TYPE_RECORDS } from "./call-types.ts";
import { demoTree } from "./demo-tree.ts";
import { DISPLAY_GROUP_CONNECTION_RECORDS, DISPLAY_GROUP_RECORDS, SCHEDULE_RECORDS, SECTION_RECORDS } from "./sections.ts";

const HUB_RECORDS: readonly Record<string, unknown>[] = [
  { id: 1, name: "Hub Haus A", ip: "10.20.1.11", username: "admin" },
  { id: 2, name: "Hub Haus B", ip: "10.20.2.11", username: "admin" },
];

/** The demo hospital as a publish body: what a server would send to set it up. */
export function demoHospitalBody(nowMs: number): PublishBody {
  const { nodes, callSources } = demoTree(nowMs);
  return publishBodySchema.parse({
    system_tree: nodes,
    sections: SECTION_RECORDS,
    call_types: DEMO_CALL_TYPE_RECORDS,
    call_sources: callSources,
    schedules: SCHEDULE_RECORDS,
    display_groups: DISPLAY_GROUP_RECORDS,
    display_group_connections: DISPLAY_GROUP_CONNECTION_RECORDS,
    hubs: HUB_RECORDS,
  });
}

/**
 * The built-in configuration of a fresh controller (revision 1). It goes through the same
 * validation as a publish, so the demo can never be something a publish would refuse.
 */
export function demoHospital(nowMs: number): ControllerConfig {
  const content = validateConfig(demoHospitalBody(nowMs), null, new Date(nowMs).toISOString());
  return { revision: 1, ...content, hubs: content.hubs.map((hub) => ({ ...hub, status: "Ready" })) };
}
