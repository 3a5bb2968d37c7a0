import type { TreeNode } from "@caresuite/protocol";
import { mulberry32 } from "../traffic/prng.ts";
import { DEVICE_STATE_OVERRIDES, FLOORS, PINNED_ROOMS, RESIDENTS, SINGLE_ROOMS, STRUCTURE, TECH_CALL_SOURCES, type FloorPlan } from "./building-plan.ts";

/** The bathroom call type: what a pull cord raises (src/site/call-types.ts). */
const BATHROOM_CALL_TYPE = 3;
/** Rooms and their devices take ids from here (below are the fixed structure and demo rooms). */
const FIRST_FREE_ID = 100;
/**
 * Zimmer 101's bath call is linked to its first bed (spec data §3.6 linked_system_tree_node_id):
 * the bed's display shows the bath's calls too. The bed is linkable; the bath links.
 */
const LINKED_DEVICES: ReadonlyMap<number, number> = new Map([[26, 23]]);

type NodeDraft = Omit<TreeNode, "serial" | "mac" | "battery" | "reachable" | "last_reachable_at" | "sort_order" | "is_enabled"> & {
  radio: boolean;
};

function roomNodes(plan: FloorPlan, number: number, nextId: () => number): NodeDraft[] {
  const pinned = PINNED_ROOMS.get(number);
  const roomId = pinned?.room ?? nextId();
  const beds = pinned?.beds ?? (SINGLE_ROOMS.has(number) ? [nextId()] : [nextId(), nextId()]);
  const bath = pinned?.bath ?? nextId();
  // Devices carry their room's call source explicitly (a bed calls as its room).
  const base = { call_source_id: number, section_id: null, default_call_type_id: null, radio: true };
  const nodes: NodeDraft[] = [
    {
      ...base,
      id: roomId,
      kind: "room",
      parent_id: plan.floorId,
      name: `Zimmer ${number}`,
      number,
      text_short: `Z${number}`,
      text_long: `Zimmer ${number}`,
      radio: false,
    },
    ...beds.map((id, index): NodeDraft => ({
      ...base,
      id,
      kind: "device",
      parent_id: roomId,
      name: `Zimmer ${number} Bett ${index + 1}`,
      number: index + 1,
      text_short: `Z${number}-B${index + 1}`,
      text_long: `Zimmer ${number} Bett ${index + 1}`,
    })),
    {
      ...base,
      id: bath,
      kind: "device",
      parent_id: roomId,
      name: `Zimmer ${number} Bad`,
      number: 9,
      text_short: `Z${number} WC`,
      text_long: `Zimmer ${number} Bad`,
      default_call_type_id: BATHROOM_CALL_TYPE,
    },
  ];
  for (const resident of RESIDENTS.filter((candidate) => candidate.room === number)) {
    nodes.push({
      ...base,
      id: nextId(),
      kind: "person",
      parent_id: roomId,
      name: resident.name,
      number: null,
      text_short: resident.text_short,
      text_long: resident.name,
    });
  }
  return nodes;
}

/**
 * The configured device settings of spec data §3.6 a site would have: technical alarms are wired
 * technical devices; beds, baths and residents' buttons are radio devices that take their section
 * from their room (inherit flag) and ring softer at night.
 */
function configured(node: NodeDraft, isHardware: boolean): Partial<TreeNode> {
  if (node.kind === "tech") return { is_tech: true, radio: false, comment: "Wartung durch Haustechnik" };
  if (!isHardware) return {};
  const linkedTo = LINKED_DEVICES.get(node.id) ?? null;
  return {
    is_tech: false,
    radio: node.radio,
    is_linkable: [...LINKED_DEVICES.values()].includes(node.id),
    linked_system_tree_node_id: linkedTo,
    inherit_section: true,
    day_sound_level: 6,
    night_sound_level: 3,
    disable_buzzer_at_night: node.kind === "person",
    display_time: 30,
    ...(node.kind === "person" ? { callback_number: `7${String(node.call_source_id ?? 0).padStart(3, "0")}` } : {}),
  };
}

/** Hardware identity and live values; deterministic, so every fresh start shows the same site. */
function withHardware(draft: NodeDraft, index: number, nowMs: number, random: () => number): TreeNode {
  const { radio, ...node } = draft;
  const isHardware = node.kind === "device" || node.kind === "tech" || node.kind === "person";
  const hex = (value: number): string => value.toString(16).toUpperCase().padStart(2, "0");
  const override = DEVICE_STATE_OVERRIDES.get(node.text_short);
  const minutesAgo = 5 + Math.floor(random() * 600);
  const battery = radio && isHardware ? 55 + Math.floor(random() * 46) : null;
  const unreachableDays = override?.unreachableDays;
  return {
    ...node,
    ...configured(draft, isHardware),
    is_enabled: true,
    sort_order: index,
    serial: isHardware ? `GS-${String(node.id).padStart(6, "0")}` : null,
    mac: isHardware ? `02:47:53:00:${hex(node.id >> 8)}:${hex(node.id & 0xff)}` : null,
    battery: override && "battery" in override ? (override.battery ?? null) : battery,
    reachable: unreachableDays === undefined,
    last_reachable_at: isHardware ? new Date(nowMs - (unreachableDays ?? 0) * 86_400_000 - minutesAgo * 60_000).toISOString() : null,
  };
}

/** The demo hospital's system tree and the call sources its rooms and technical alarms use. */
export function demoTree(nowMs: number): { nodes: TreeNode[]; callSources: Record<string, unknown>[] } {
  let free = FIRST_FREE_ID;
  const nextId = (): number => free++;
  const drafts: NodeDraft[] = STRUCTURE.map((node) => ({
    call_source_id: null,
    section_id: null,
    default_call_type_id: null,
    radio: false,
    ...node,
  }));
  const callSources: Record<string, unknown>[] = [];
  for (const plan of FLOORS) {
    for (const number of plan.rooms) {
      drafts.push(...roomNodes(plan, number, nextId));
      callSources.push({ id: number, char: plan.char, number, text: `Zimmer ${number}` });
    }
  }
  callSources.push(...TECH_CALL_SOURCES);
  // Sections are stated on every node below a floor, not left to inheritance, so readers need no walk.
  const sections = new Map<number, number | null>();
  for (const draft of drafts) {
    draft.section_id ??= draft.parent_id === null ? null : (sections.get(draft.parent_id) ?? null);
    sections.set(draft.id, draft.section_id);
  }
  const random = mulberry32(834);
  const nodes = drafts.map((draft, index) => withHardware(draft, index, nowMs, () => random.next()));
  return { nodes: nodes.sort((a, b) => a.id - b.id), callSources };
}
