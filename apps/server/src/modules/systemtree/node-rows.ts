import type { InheritingNode } from "@caresuite/domain";
import { isoInstant } from "./iso-instant.ts";
import type { NodeSummaryRow, StoredNode } from "./systemtree.repo.ts";

/** Stored rows hold booleans as 0/1; the domain rules take booleans. */
const flag = (value: number | boolean | null | undefined): boolean => value === 1 || value === true;

export function classified(node: Pick<NodeSummaryRow, "kind" | "is_tech" | "radio" | "call_source_id">): {
  kind: string;
  is_tech: boolean;
  radio: boolean;
  call_source_id: number | null;
} {
  return { kind: node.kind, is_tech: flag(node.is_tech), radio: flag(node.radio), call_source_id: node.call_source_id };
}

export function inheriting(
  node: Pick<
    StoredNode,
    | "id"
    | "parent_id"
    | "section_id"
    | "text_long"
    | "text_short"
    | "flight_profile_id"
    | "inherit_section"
    | "inherit_text_long"
    | "inherit_text_short"
    | "inherit_flight_profile"
  >,
): InheritingNode {
  return {
    id: node.id,
    parent_id: node.parent_id,
    section_id: node.section_id,
    text_long: node.text_long,
    text_short: node.text_short,
    flight_profile_id: node.flight_profile_id,
    inherit_section: flag(node.inherit_section),
    inherit_text_long: flag(node.inherit_text_long),
    inherit_text_short: flag(node.inherit_text_short),
    inherit_flight_profile: flag(node.inherit_flight_profile),
  };
}

export const isSet = flag;

/** A JSON column's value, or the fallback when it does not parse. */
export function parseJson<T>(value: string | null | undefined, fallback: T): T {
  if (typeof value !== "string") return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** A node as SystemTreeNodeSummary shows it: shaped once, so that every GraphQL field is a plain read. */
export interface NodeSummaryView {
  id: number;
  name: string;
  kind: string;
  number: number | null;
  parent_id: number | null;
  sort_order: number;
  section_id: number | null;
  call_source_id: number | null;
  text_short: string;
  text_long: string;
  is_enabled: boolean;
  battery: number | null;
  battery_reported_at: string | null;
  reachable: boolean;
  last_reachable_at: string | null;
  is_tech: boolean;
  radio: boolean;
  is_linkable: boolean;
  linked_system_tree_node_id: number | null;
  serial: string | null;
  inherits: boolean;
}

export function summaryView(n: NodeSummaryRow): NodeSummaryView {
  return {
    id: n.id,
    name: n.name,
    kind: n.kind,
    number: n.number,
    parent_id: n.parent_id,
    sort_order: n.sort_order,
    section_id: n.section_id,
    call_source_id: n.call_source_id,
    text_short: n.text_short,
    text_long: n.text_long,
    is_enabled: flag(n.is_enabled),
    battery: n.battery,
    battery_reported_at: isoInstant(n.battery_reported_at),
    reachable: flag(n.reachable),
    last_reachable_at: isoInstant(n.last_reachable_at),
    is_tech: flag(n.is_tech),
    radio: flag(n.radio),
    is_linkable: flag(n.is_linkable),
    linked_system_tree_node_id: n.linked_system_tree_node_id,
    serial: n.serial,
    inherits: flag(n.inherit_section) || flag(n.inherit_text_long) || flag(n.inherit_text_short) || flag(n.inherit_flight_profile),
  };
}
