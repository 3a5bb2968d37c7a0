import { SCHEDULE_NONE } from "@caresuite/domain";
import { publishBodySchema, type ControllerConfig, type PublishBody, type TreeNode } from "@caresuite/protocol";
import { validateConfig } from "@caresuite/protocol";
import { mulberry32 } from "../traffic/prng.ts";
import { DEMO_CALL_TYPE_RECORDS } from "./call-types.ts";
import { SCHEDULE_RECORDS, sectionSlots } from "./sections.ts";

/**
 * A large generated site for load and search tests (`--site-nodes 20000`): buildings of eight
 * floors ("EG", "1. OG", ...), thirty rooms a floor, each room with two beds and a bathroom pull
 * cord; one section and one hub per building. Names and texts follow the tree's rules (spec "Short
 * text max 7 characters, no umlauts or special characters. Long text max 19, no umlauts"), so the
 * site passes the controller's own validation like any publish. Deterministic: the same size gives
 * the same site.
 */

const FLOORS_PER_BUILDING = 8;
const ROOMS_PER_FLOOR = 30;
const BATHROOM_CALL_TYPE = 3;

const hex = (value: number): string => value.toString(16).toUpperCase().padStart(2, "0");
const floorName = (floor: number): string => (floor === 0 ? "EG" : `${floor}. OG`);

/** The generated site as a publish body of about `size` nodes (it stops at `size`). */
export function generatedSiteBody(size: number, nowMs: number): PublishBody {
  const random = mulberry32(size);
  const nodes: Partial<TreeNode>[] = [];
  const callSources: Record<string, unknown>[] = [];
  const sections: Record<string, unknown>[] = [];
  const hubs: Record<string, unknown>[] = [];
  const nextNumber = new Map<string, number>();
  const full = (): boolean => nodes.length >= size;
  const add = (node: Omit<Partial<TreeNode>, "id">): number => {
    const id = nodes.length + 1;
    nodes.push({ id, sort_order: id, is_enabled: true, serial: null, mac: null, battery: null, call_source_id: null, default_call_type_id: null, ...node });
    return id;
  };
  const device = (parent: number, section: number, number: number, name: string, textShort: string, callSource: number, bath: boolean): void => {
    const id = nodes.length + 1;
    const low = random.next() < 0.04;
    add({
      kind: "device",
      parent_id: parent,
      section_id: section,
      number,
      name,
      text_short: textShort,
      text_long: name.slice(0, 19),
      call_source_id: callSource,
      default_call_type_id: bath ? BATHROOM_CALL_TYPE : null,
      serial: `GX-${String(id).padStart(7, "0")}`,
      mac: `02:47:58:${hex((id >> 16) & 0xff)}:${hex((id >> 8) & 0xff)}:${hex(id & 0xff)}`,
      battery: low ? 5 + Math.floor(random.next() * 30) : 55 + Math.floor(random.next() * 46),
      reachable: true,
      last_reachable_at: new Date(nowMs - Math.floor(random.next() * 600) * 60_000).toISOString(),
    });
  };
  for (let building = 1; !full(); building++) {
    const section = building;
    // One letter per building for the call sources; past Z the letters repeat with higher numbers.
    const char = String.fromCharCode(65 + ((building - 1) % 26));
    sections.push({
      id: section,
      name: `Haus ${building}`,
      connected_section_id: null,
      allow_manual_call_closure: true,
      is_hidden: false,
      ...sectionSlots(SCHEDULE_NONE, []),
    });
    hubs.push({ id: building, name: `Hub Haus ${building}`, ip: `10.30.${building % 256}.${11 + Math.floor(building / 256)}`, username: "admin" });
    const buildingId = add({
      kind: "building",
      parent_id: null,
      number: building,
      name: `Haus ${building}`,
      text_short: `HAUS ${building}`.slice(0, 7),
      text_long: `Haus ${building}`,
    });
    for (let floor = 0; floor < FLOORS_PER_BUILDING && !full(); floor++) {
      const floorId = add({
        kind: "floor",
        parent_id: buildingId,
        section_id: section,
        number: floor,
        name: floorName(floor),
        text_short: `H${building} E${floor}`.slice(0, 7),
        text_long: `Haus ${building} ${floorName(floor)}`,
      });
      for (let room = 1; room <= ROOMS_PER_FLOOR && !full(); room++) {
        const number = floor * 100 + room;
        const sourceNumber = (nextNumber.get(char) ?? 0) + 1;
        nextNumber.set(char, sourceNumber);
        const callSource = callSources.length + 1;
        callSources.push({ id: callSource, char, number: sourceNumber, text: `Haus ${building} Zi ${number}` });
        const roomId = add({
          kind: "room",
          parent_id: floorId,
          section_id: section,
          number,
          name: `Zimmer ${number}`,
          text_short: `Z${number}`,
          text_long: `H${building} Zimmer ${number}`,
          call_source_id: callSource,
        });
        for (let bed = 1; bed <= 2 && !full(); bed++) device(roomId, section, bed, `Zimmer ${number} Bett ${bed}`, `Z${number}-B${bed}`, callSource, false);
        if (!full()) device(roomId, section, 9, `Zimmer ${number} Bad`, `Z${number} WC`, callSource, true);
      }
    }
  }
  return publishBodySchema.parse({
    system_tree: nodes,
    sections,
    call_types: DEMO_CALL_TYPE_RECORDS,
    call_sources: callSources,
    schedules: SCHEDULE_RECORDS,
    display_groups: [],
    display_group_connections: [],
    hubs,
  });
}

/** The generated site as a fresh controller's configuration (revision 1), validated like a publish. */
export function generatedSite(size: number, nowMs: number): ControllerConfig {
  const content = validateConfig(generatedSiteBody(size, nowMs), null, new Date(nowMs).toISOString());
  return { revision: 1, ...content, hubs: content.hubs.map((hub) => ({ ...hub, status: "Ready" })) };
}
