import { fieldSchema, text } from "@caresuite/domain";
import { z } from "zod";
import { NODE_KINDS, NODE_SETTINGS_FIELDS, type TreeNode } from "../config.ts";
import { PublishError } from "./publish-error.ts";

/**
 * The system tree nodes of a publish (spec data §3.6). Text rules come from the domain's field
 * builders so they match the server's forms: "Short text max 7 characters, no umlauts or special
 * characters", "Long text max 19, no umlauts".
 */

const optionalId = z.number().int().positive().nullable().optional().default(null);
const emptyToNull = (value: unknown): unknown => (value === "" ? null : value);
const MAC = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;

const nodeSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(NODE_KINDS),
  parent_id: optionalId,
  name: fieldSchema(text({ required: true, max: 50 })),
  number: z.number().int().min(-99).max(99999).nullable().optional().default(null),
  serial: z.preprocess(emptyToNull, z.string().trim().min(1).max(32).nullable().optional().default(null)),
  mac: z.preprocess(
    (value) => (typeof value === "string" ? emptyToNull(value.trim().toUpperCase().replaceAll("-", ":")) : value),
    z.string().regex(MAC).nullable().optional().default(null),
  ),
  text_short: fieldSchema(text({ max: 7, format: "short_text" })),
  text_long: fieldSchema(text({ max: 19, format: "long_text" })),
  call_source_id: optionalId,
  section_id: optionalId,
  default_call_type_id: optionalId,
  is_enabled: z.boolean().optional().default(true),
  sort_order: z.number().int().min(0).max(100000).optional().default(0),
  // spec: "Battery: unknown if null or -1".
  battery: z.preprocess((value) => (value === -1 ? null : value), z.number().int().min(0).max(100).nullable().optional().default(null)),
  reachable: z.boolean().optional().default(true),
  last_reachable_at: z.iso.datetime({ offset: true }).nullable().optional().default(null),
  // The node's further settings (spec data §3.6) as sent: the controller runs and returns them.
  ...NODE_SETTINGS_FIELDS,
});

/** Parses every node; unknown keys are ignored. */
export function validateNodes(input: readonly Record<string, unknown>[]): TreeNode[] {
  const seen = new Set<number>();
  return input.map((raw, index) => {
    const parsed = nodeSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? "record");
      throw new PublishError("invalid value", `system_tree[${index}] (id ${String(raw["id"])}): ${field} (${issue?.message ?? "invalid"})`);
    }
    const node = parsed.data;
    if (seen.has(node.id)) throw new PublishError("invalid config", `system_tree: id ${node.id} used twice`);
    seen.add(node.id);
    return { ...node, name: String(node.name), text_short: String(node.text_short), text_long: String(node.text_long) };
  });
}

/** Parents exist and the tree has no cycle (every chain ends at a top-level node). */
export function checkTreeShape(nodes: readonly TreeNode[]): void {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  for (const node of nodes) {
    if (node.parent_id !== null && !byId.has(node.parent_id)) {
      throw new PublishError("missing relation", `system_tree ${node.id}: parent_id ${node.parent_id} does not exist`);
    }
  }
  for (const node of nodes) {
    const visited = new Set<number>();
    for (let current: TreeNode | undefined = node; current; current = current.parent_id === null ? undefined : byId.get(current.parent_id)) {
      if (visited.has(current.id)) throw new PublishError("invalid config", `system_tree ${node.id}: its parents form a cycle`);
      visited.add(current.id);
    }
  }
}

function firstDuplicate(nodes: readonly TreeNode[], key: (node: TreeNode) => string | null): [TreeNode, TreeNode] | null {
  const seen = new Map<string, TreeNode>();
  for (const node of nodes) {
    const value = key(node);
    if (value === null) continue;
    const other = seen.get(value);
    if (other) return [other, node];
    seen.set(value, node);
  }
  return null;
}

/** Hardware is found by serial and MAC (ARCHITECTURE «Product rules»), so both are unique; so is a position. */
export function checkTreeDuplicates(nodes: readonly TreeNode[]): void {
  for (const field of ["serial", "mac"] as const) {
    const pair = firstDuplicate(nodes, (node) => node[field]);
    if (pair) throw new PublishError("duplicated serial", `${field} ${pair[0][field]} on nodes ${pair[0].id} and ${pair[1].id}`);
  }
  const position = firstDuplicate(nodes, (node) => (node.number === null ? null : `${node.parent_id ?? "top"}/${node.number}`));
  if (position) {
    throw new PublishError("duplicated position", `nodes ${position[0].id} and ${position[1].id} both have number ${position[0].number} under the same parent`);
  }
}
