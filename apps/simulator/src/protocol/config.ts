import {
  callSource,
  callType,
  displayGroup,
  displayGroupConnection,
  hub,
  schedule,
  section,
  type EntityDef,
} from "@caresuite/domain";
import { z } from "zod";

/**
 * The controller configuration (docs/protocol.md "Configuration"). Records of the registry
 * entities carry the field names of packages/domain/src/entities (plus `id`, and `sort_order`
 * where the entity is sortable); the system tree is the controller's own (spec data §3.6).
 */

/** PRODUCT-NOTES: "every element has one of seven kinds"; spec "grouping" is `group` on the wire. */
export const NODE_KINDS = ["building", "floor", "room", "device", "person", "group", "tech"] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/** Kinds that are hardware: they can be pressed, report battery and reachability, take actions. */
export const HARDWARE_KINDS: readonly NodeKind[] = ["device", "person", "tech"];

export interface TreeNode {
  id: number;
  kind: NodeKind;
  parent_id: number | null;
  name: string;
  /** Position under the parent: room number for rooms, 1..n for the devices of a room. */
  number: number | null;
  serial: string | null;
  mac: string | null;
  text_short: string;
  text_long: string;
  call_source_id: number | null;
  section_id: number | null;
  is_enabled: boolean;
  sort_order: number;
  /** The call type the device's main button raises (a bathroom pull cord: the bathroom call). */
  default_call_type_id: number | null;
  /** Reported by the hardware, not configured: a publish keeps the controller's values. */
  battery: number | null;
  reachable: boolean;
  last_reachable_at: string | null;
}

/** A record of a registry entity: `id` plus the entity's fields. */
export interface EntityRecord {
  id: number;
  [field: string]: unknown;
}

export interface CallTypeRecord extends EntityRecord {
  name: string;
  urgency: "NORMAL" | "URGENT" | "EMERGENCY";
  flag: "None" | "Presence" | "Defect";
  sort_order: number;
}

export interface HubRecord extends EntityRecord {
  name: string;
  ip: string;
  /** Reported by the hub (spec "status, last_sync"), not configured. */
  status: string;
  last_sync: string | null;
}

export interface ControllerConfig {
  revision: number;
  system_tree: TreeNode[];
  sections: EntityRecord[];
  call_types: CallTypeRecord[];
  call_sources: EntityRecord[];
  schedules: EntityRecord[];
  display_groups: EntityRecord[];
  display_group_connections: EntityRecord[];
  hubs: HubRecord[];
}

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
