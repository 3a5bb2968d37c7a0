import type { InheritingNode } from "@caresuite/domain";
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
