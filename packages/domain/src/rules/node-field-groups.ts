import { STRUCTURE_KINDS } from "../system-tree-node-schema.ts";

/**
 * The node form's field groups (spec data §3.6 "System tree": one field list for every node) and
 * which kinds show them. The spec lists the fields of all nodes together; the device's hardware and
 * its sound, linking and device texts mean nothing on a building, floor, group or room (they hold
 * no device that could sound, link or report), so the form shows those groups only for the other
 * kinds (devices, technical devices, persons and the imported radio, wired, repeater, section and
 * unknown). Identity, texts, section and call source, behaviour, display and flight profile hold
 * values that rooms carry or pass on to their devices (inherit flags), so every kind shows them.
 * docs/decisions/019-system-tree-fields.md.
 */
export const NODE_FIELD_GROUPS = [
  "identity",
  "texts",
  "sectionSource",
  "soundNight",
  "behaviour",
  "display",
  "flightProfile",
  "linking",
  "device",
  "deviceTexts",
] as const;
export type NodeFieldGroup = (typeof NODE_FIELD_GROUPS)[number];

/** The groups only devices show. */
export const DEVICE_FIELD_GROUPS: readonly NodeFieldGroup[] = ["soundNight", "linking", "device", "deviceTexts"];

/** Whether a kind is structure (building, floor, group, room): no device settings. */
export function isStructureKind(kind: string): boolean {
  return (STRUCTURE_KINDS as readonly string[]).includes(kind);
}

/** The field groups the node form shows for a kind, in form order. */
export function nodeFieldGroups(kind: string): NodeFieldGroup[] {
  return isStructureKind(kind) ? NODE_FIELD_GROUPS.filter((group) => !DEVICE_FIELD_GROUPS.includes(group)) : [...NODE_FIELD_GROUPS];
}
