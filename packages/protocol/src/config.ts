import { callSource, callType, displayGroup, displayGroupConnection, hub, schedule, section, type EntityDef } from "@caresuite/domain";
import { z } from "zod";

/**
 * The controller configuration as `GET /api/config` returns it (docs/protocol.md "Configuration").
 * Records of the registry entities carry the field names of packages/domain/src/entities (plus
 * `id`, and `sort_order` where the entity is sortable); the system tree is the controller's own
 * (spec data §3.6). These schemas say the shape; what a publish may contain (lengths, text rules,
 * references) is the controller's validation, with the spec's wording.
 */

/** ARCHITECTURE «Product rules»: "every element has one of seven kinds"; spec "grouping" is `group` on the wire. */
export const NODE_KINDS = ["building", "floor", "room", "device", "person", "group", "tech"] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/** Kinds that are hardware: they can be pressed, report battery and reachability, take actions. */
export const HARDWARE_KINDS: readonly NodeKind[] = ["device", "person", "tech"];

const id = z.number().int().positive();
const ref = id.nullable();

/**
 * The remaining configured fields of spec data §3.6 (and the reported health, status, position
 * time); optional, so that a controller of an older firmware that does not send them still parses
 * (the server keeps its defaults). The virtual controller's publish validation takes them too.
 */
export const NODE_SETTINGS_FIELDS = {
  callback_number: z.string().nullable().optional(),
  comment: z.string().nullable().optional(),
  position: z.string().nullable().optional(),
  is_linkable: z.boolean().optional(),
  is_tech: z.boolean().optional(),
  radio: z.boolean().optional(),
  day_sound_level: z.number().int().nullable().optional(),
  night_sound_level: z.number().int().nullable().optional(),
  disable_buzzer_at_night: z.boolean().optional(),
  mask_time_at_night: z.boolean().optional(),
  display_time: z.number().int().nullable().optional(),
  show_calls_without_presence: z.boolean().optional(),
  use_activity_control: z.boolean().optional(),
  flight_profile_id: ref.optional(),
  linked_system_tree_node_id: ref.optional(),
  device_text_overrides: z
    .object({ call_source: z.string().nullable().optional(), checkpoint: z.string().nullable().optional(), button: z.string().nullable().optional() })
    .optional(),
  schedule_id: ref.optional(),
  display_group_ids: z.array(id).optional(),
  active_display_group_override_id: ref.optional(),
  inherit_section: z.boolean().optional(),
  inherit_text_long: z.boolean().optional(),
  inherit_text_short: z.boolean().optional(),
  inherit_flight_profile: z.boolean().optional(),
  /** Reported by the hardware (values not shown in the spec). */
  health: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
  position_updated_at: z.string().nullable().optional(),
};

export const treeNodeSchema = z.object({
  id,
  kind: z.enum(NODE_KINDS),
  parent_id: ref,
  name: z.string(),
  /** Position under the parent: room number for rooms, 1..n for the devices of a room. */
  number: z.number().int().nullable(),
  serial: z.string().nullable(),
  mac: z.string().nullable(),
  text_short: z.string(),
  text_long: z.string(),
  call_source_id: ref,
  section_id: ref,
  is_enabled: z.boolean(),
  sort_order: z.number().int(),
  /** The call type the device's main button raises (a bathroom pull cord: the bathroom call). */
  default_call_type_id: ref,
  /** A node whose calls staff may not close by hand (spec data §3.6); the virtual controller sets none. */
  deny_manual_call_closure: z.boolean().optional(),
  /** Reported by the hardware, not configured: a publish keeps the controller's values. */
  battery: z.number().int().min(0).max(100).nullable(),
  reachable: z.boolean(),
  last_reachable_at: z.string().nullable(),
  ...NODE_SETTINGS_FIELDS,
});
export type TreeNode = z.infer<typeof treeNodeSchema>;

/** A record of a registry entity: `id` plus the entity's fields (domain entities say which). */
export const entityRecordSchema = z.looseObject({ id });
export type EntityRecord = z.infer<typeof entityRecordSchema>;

export const URGENCIES = ["NORMAL", "URGENT", "EMERGENCY"] as const;
export const CALL_TYPE_FLAGS = ["None", "Presence", "Defect"] as const;

export const callTypeRecordSchema = z.looseObject({
  id,
  name: z.string(),
  urgency: z.enum(URGENCIES),
  flag: z.enum(CALL_TYPE_FLAGS),
  sort_order: z.number().int(),
});
export type CallTypeRecord = z.infer<typeof callTypeRecordSchema>;

export const hubRecordSchema = z.looseObject({
  id,
  name: z.string(),
  ip: z.string(),
  /** Reported by the hub (spec "status, last_sync"), not configured. */
  status: z.string(),
  last_sync: z.string().nullable(),
});
export type HubRecord = z.infer<typeof hubRecordSchema>;

export const controllerConfigSchema = z.object({
  revision: z.number().int().min(0),
  system_tree: z.array(treeNodeSchema),
  sections: z.array(entityRecordSchema),
  call_types: z.array(callTypeRecordSchema),
  call_sources: z.array(entityRecordSchema),
  schedules: z.array(entityRecordSchema),
  display_groups: z.array(entityRecordSchema),
  display_group_connections: z.array(entityRecordSchema),
  hubs: z.array(hubRecordSchema),
});
export type ControllerConfig = z.infer<typeof controllerConfigSchema>;

/** The collections that hold registry entities, with their entity (define once: domain). */
export const ENTITY_COLLECTIONS = {
  sections: section,
  call_types: callType,
  call_sources: callSource,
  schedules: schedule,
  display_groups: displayGroup,
  display_group_connections: displayGroupConnection,
  hubs: hub,
} as const satisfies Record<string, EntityDef>;

export type EntityCollection = keyof typeof ENTITY_COLLECTIONS;

const records = z.array(z.record(z.string(), z.unknown()), { error: "expected an array of objects" });

/**
 * The shape a publish body must have to be accepted at all (else 400). What the records contain
 * is checked by the publish job's "validating" step, which fails with the spec's wording.
 */
export const publishBodySchema = z.object({
  revision: z.unknown().optional(),
  system_tree: records,
  sections: records,
  call_types: records,
  call_sources: records,
  schedules: records,
  display_groups: records,
  display_group_connections: records,
  hubs: records.optional().default([]),
});

export type PublishBody = z.infer<typeof publishBodySchema>;
