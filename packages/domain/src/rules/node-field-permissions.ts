import type { PermissionCode } from "../permissions.ts";
import { STRUCTURE_KINDS, SYSTEM_TREE_NODE_INPUT_FIELDS, type SystemTreeNodeInputField } from "../system-tree-node-schema.ts";
import { accessHeld, type PermissionLists } from "./permission-levels.ts";
import { ACCESS_LEVELS, type AccessLevel } from "./role-hierarchy.ts";

/**
 * Who may change which field of a system tree node (spec screens §6 "systemtree: ...
 * change_activity_control, change_device_serials, change_flight_profiles, change_gets_attributes,
 * change_linked_devices, change_parents, change_sections, change_sound_levels, change_tech_devices,
 * change_wired_devices, create_delete_devices, create_delete_tech_devices,
 * create_delete_wired_devices, enable_activity_control, ... see_tech_devices, see_wired_devices"
 * and "Call source group access: None, Read, Write (existing data), Full (create and delete); the
 * technical group is included"). Server (enforcing) and web (read-only fields) share it;
 * docs/decisions/019-system-tree-fields.md explains the choices the spec leaves open.
 */

export type NodeUser = { is_superuser: boolean } & PermissionLists;

/** The class of a node that decides which family of codes applies. */
export type NodeClass = "structure" | "radio" | "wired" | "tech";

export interface ClassifiedNode {
  kind: string;
  is_tech: boolean;
  radio: boolean;
}

/** Technical devices first (is_tech or kind tech), then wired hardware (a device or person without radio). */
export function nodeClass(node: ClassifiedNode): NodeClass {
  if (node.is_tech || node.kind === "tech") return "tech";
  if ((STRUCTURE_KINDS as readonly string[]).includes(node.kind)) return "structure";
  return node.radio ? "radio" : "wired";
}

/** The code each input field needs (besides the class code, see CLASS_CHANGE_CODES). */
export const NODE_FIELD_CODES: Record<SystemTreeNodeInputField, PermissionCode> = {
  kind: "systemtree::change_gets_attributes",
  parent_id: "systemtree::change_parents",
  name: "systemtree::change_gets_attributes",
  number: "systemtree::change_gets_attributes",
  section_id: "systemtree::change_sections",
  serial: "systemtree::change_device_serials",
  mac: "systemtree::change_device_serials",
  text_long: "systemtree::change_gets_attributes",
  text_short: "systemtree::change_gets_attributes",
  call_source_id: "systemtree::change_gets_attributes",
  callback_number: "systemtree::change_gets_attributes",
  comment: "systemtree::change_gets_attributes",
  position: "systemtree::change_gets_attributes",
  is_enabled: "systemtree::change_gets_attributes",
  is_linkable: "systemtree::change_linked_devices",
  // Making a device technical moves it into the technicians' care: their code.
  is_tech: "systemtree::change_tech_devices",
  radio: "systemtree::change_gets_attributes",
  day_sound_level: "systemtree::change_sound_levels",
  night_sound_level: "systemtree::change_sound_levels",
  disable_buzzer_at_night: "systemtree::change_sound_levels",
  mask_time_at_night: "systemtree::change_gets_attributes",
  display_time: "systemtree::change_gets_attributes",
  show_calls_without_presence: "systemtree::change_gets_attributes",
  use_activity_control: "systemtree::change_activity_control",
  flight_profile_id: "systemtree::change_flight_profiles",
  linked_system_tree_node_id: "systemtree::change_linked_devices",
  deny_manual_call_closure: "systemtree::change_gets_attributes",
  device_text_overrides: "systemtree::change_gets_attributes",
  schedule_id: "systemtree::change_gets_attributes",
  display_group_ids: "systemtree::change_gets_attributes",
  inherit_section: "systemtree::change_sections",
  inherit_text_long: "systemtree::change_gets_attributes",
  inherit_text_short: "systemtree::change_gets_attributes",
  inherit_flight_profile: "systemtree::change_flight_profiles",
};

/** Changing anything of a wired or technical device needs that class's code too. */
const CLASS_CHANGE_CODES: Partial<Record<NodeClass, PermissionCode>> = {
  wired: "systemtree::change_wired_devices",
  tech: "systemtree::change_tech_devices",
};

/** Creating and deleting, by class. */
const CLASS_CREATE_DELETE_CODES: Record<NodeClass, PermissionCode> = {
  structure: "systemtree::manage_structure",
  radio: "systemtree::create_delete_devices",
  wired: "systemtree::create_delete_wired_devices",
  tech: "systemtree::create_delete_tech_devices",
};

/** Seeing wired and technical devices needs their see_ code; structure and radio devices come with the module. */
const CLASS_SEE_CODES: Partial<Record<NodeClass, PermissionCode>> = {
  wired: "systemtree::see_wired_devices",
  tech: "systemtree::see_tech_devices",
};

const holds = (user: NodeUser, code: PermissionCode, access: "read" | "write"): boolean => {
  const held = accessHeld(user, code);
  return access === "read" ? held !== "none" : held === "write";
};

const atLeast = (level: AccessLevel, wanted: AccessLevel): boolean => ACCESS_LEVELS.indexOf(level) >= ACCESS_LEVELS.indexOf(wanted);

/**
 * spec: "Call source group access: None, Read, Write (existing data), Full (create and delete)".
 * `level` is the user's level for the node's call source (server: callSourceLevel); None hides it.
 */
export function canSeeNode(user: NodeUser, node: ClassifiedNode, level: AccessLevel): boolean {
  if (!atLeast(level, "Read")) return false;
  const code = CLASS_SEE_CODES[nodeClass(node)];
  return code === undefined || holds(user, code, "read");
}

/** The input fields the user may change on an existing node: the web shows the rest read-only. */
export function editableFields(user: NodeUser, node: ClassifiedNode, level: AccessLevel): SystemTreeNodeInputField[] {
  if (!atLeast(level, "Write") || !canSeeNode(user, node, level)) return [];
  const classCode = CLASS_CHANGE_CODES[nodeClass(node)];
  if (classCode !== undefined && !holds(user, classCode, "write")) return [];
  return SYSTEM_TREE_NODE_INPUT_FIELDS.filter((field) => {
    // spec lists both: enable_activity_control switches activity control on; change_ also off.
    if (field === "use_activity_control")
      return holds(user, "systemtree::change_activity_control", "write") || holds(user, "systemtree::enable_activity_control", "write");
    return holds(user, NODE_FIELD_CODES[field], "write");
  });
}

/**
 * The fields of a change the user may not make, in input order (each answers MISSING_PERMISSION).
 * Switching activity control on needs enable_activity_control; off, either code.
 */
export function forbiddenFields(
  user: NodeUser,
  node: ClassifiedNode,
  level: AccessLevel,
  change: Partial<Record<SystemTreeNodeInputField, unknown>>,
): SystemTreeNodeInputField[] {
  const allowed = new Set(editableFields(user, node, level));
  return SYSTEM_TREE_NODE_INPUT_FIELDS.filter((field) => {
    if (!(field in change)) return false;
    if (!allowed.has(field)) return true;
    return field === "use_activity_control" && change[field] === true && !holds(user, "systemtree::enable_activity_control", "write");
  });
}

/** spec: "Full (create and delete)" plus the class's create_delete_ code (manage_structure for structure). */
export function canCreateOrDeleteNode(user: NodeUser, node: ClassifiedNode, level: AccessLevel): boolean {
  return atLeast(level, "Full") && canSeeNode(user, node, level) && holds(user, CLASS_CREATE_DELETE_CODES[nodeClass(node)], "write");
}

/** The code that creating or deleting a node of this class needs (for messages and tests). */
export function createDeleteCode(node: ClassifiedNode): PermissionCode {
  return CLASS_CREATE_DELETE_CODES[nodeClass(node)];
}

/** A call source group as the level rule needs it, with the user's level for it. */
export interface GroupLevel {
  flag: string;
  related_callsources: readonly number[];
  permission_level: AccessLevel;
}

/**
 * The user's level for a node (spec §6 "Permission levels for call sources: none, read, write,
 * full; the highest level among roles wins. Tech access is full for superusers or users without
 * group permissions; otherwise the highest level among groups flagged tech"). Users without group
 * permissions are not restricted by groups. A node without a call source (structure) takes the
 * user's highest level anywhere; a technical device also the tech groups' level ("the technical
 * group is included").
 */
export function nodeAccessLevel(
  user: { is_superuser: boolean },
  groups: readonly GroupLevel[],
  node: ClassifiedNode & { call_source_id: number | null },
): AccessLevel {
  if (user.is_superuser || groups.length === 0) return "Full";
  const levels = groups
    .filter((g) => node.call_source_id === null || g.related_callsources.includes(node.call_source_id) || (nodeClass(node) === "tech" && g.flag === "Tech"))
    .map((g) => g.permission_level);
  return levels.reduce<AccessLevel>((best, l) => (atLeast(l, best) ? l : best), "None");
}
