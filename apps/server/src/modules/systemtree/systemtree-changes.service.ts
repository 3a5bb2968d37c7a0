import { assertConfigEditable, markConfigChanged } from "../config-sync/commit-guard.ts";
import { syncOverrideMarks } from "../entities/display-group-overrides.service.ts";
import {
  DISPLAY_GROUP_SENTINELS,
  ENTITIES,
  SCHEDULE_SENTINELS,
  canCreateOrDeleteNode,
  canSeeNode,
  fieldErrors,
  forbiddenFields,
  inheritedFields,
  inheritsAny,
  linkProblem,
  nodeChangeProblems,
  nodeDeleteProblems,
  nodeEditState,
  parentProblem,
  NODE_FIELD_CODES,
  PARENT_CHAIN_DEPTH,
  SAFE_SINGLE_LINE,
  SYSTEM_TREE_NODE_INPUT_FIELDS,
  VALIDATION_KEYS,
  accessHeld,
  systemTreeNodeInputSchema,
  type NodeChangeProblem,
  type SystemTreeNodeInput,
  type SystemTreeNodeInputField,
} from "@caresuite/domain";
import type { Kysely, Transaction } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError, type FieldErrors } from "../../errors/app-error.ts";
import { systemTreeTopic, type SystemTreeSignal } from "../../realtime/topics.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { findRows, isUniqueViolation } from "../entities/entities.repo.ts";
import { groupLevelsOf, levelFor } from "./node-access.ts";
import { classified, inheriting, isSet } from "./node-rows.ts";
import type { StoredNode, StoredNote } from "./systemtree.repo.ts";
import { systemTreeNode, type NodeView } from "./systemtree.service.ts";

/**
 * Changes of the system tree (spec data §3.6, §5): validated with the shared schema, gated per
 * field (rules/node-field-permissions.ts), blocked by the edit state, audited as `systemtree`
 * entries (the node history of the audit modal), marking the configuration as changed (the
 * controller gets it with the next commit) and announced to open trees (systemTreeChanged).
 */

/** The audit entity type of tree nodes: the spec's "systemtree entries" of the audit log. */
export const NODE_AUDIT_TYPE = "systemtree";
const NOTE_MAX = 500;

type Columns = Record<string, unknown>;

const BOOLEAN_FIELDS = new Set<string>([
  "is_enabled",
  "is_linkable",
  "is_tech",
  "radio",
  "disable_buzzer_at_night",
  "mask_time_at_night",
  "show_calls_without_presence",
  "use_activity_control",
  "deny_manual_call_closure",
  "inherit_section",
  "inherit_text_long",
  "inherit_text_short",
  "inherit_flight_profile",
]);

/** Validated input → column values (booleans 0/1, JSON for the overrides and group ids; no NUL survives the schema). */
function toColumns(data: SystemTreeNodeInput): Columns {
  const columns: Columns = {};
  for (const [field, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (BOOLEAN_FIELDS.has(field)) columns[field] = value ? 1 : 0;
    else if (field === "device_text_overrides" || field === "display_group_ids") columns[field] = JSON.stringify(value);
    else columns[field] = value;
  }
  return columns;
}

/** The comparable value of a column for the audit and for "did it change". */
const comparable = (value: unknown): string => JSON.stringify(value ?? null);

function parse(mode: "create" | "update", input: unknown): SystemTreeNodeInput {
  const parsed = systemTreeNodeInputSchema(mode).safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  return parsed.data;
}

function validationError(problems: readonly NodeChangeProblem[] | FieldErrors): AppError {
  const fields: FieldErrors = {};
  if (Array.isArray(problems)) {
    for (const p of problems as NodeChangeProblem[]) (fields[p.field] ??= []).push({ message: p.message, data: { field: p.field } });
  } else Object.assign(fields, problems);
  return new AppError("VALIDATION", "Validation failed", { fields });
}

function missingPermission(fields: readonly string[]): AppError {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const code = (NODE_FIELD_CODES as Record<string, string>)[field];
    errors[field] = [{ message: VALIDATION_KEYS.field_permission, data: { field, ...(code ? { permission: code } : {}) } }];
  }
  return new AppError("MISSING_PERMISSION", `Access denied: ${fields.join(", ")}`, { fields: errors, reason: "field_permission" });
}

async function allNodes(db: Kysely<Database>, systemId: number): Promise<Map<number, StoredNode>> {
  const rows = await db.selectFrom("system_tree_nodes").selectAll().where("system_id", "=", systemId).execute();
  return new Map(rows.map((n) => [n.id, n]));
}

const linkView = (n: StoredNode) => ({ id: n.id, is_linkable: isSet(n.is_linkable), linked_system_tree_node_id: n.linked_system_tree_node_id });

/** Parent and link rules that need the whole tree (spec §5 "linked_system_tree_node_chain", "parent chain depth 10"). */
function structureErrors(nodes: Map<number, StoredNode>, id: number | null, data: SystemTreeNodeInput, errors: FieldErrors): void {
  const add = (field: string, message: string) => (errors[field] ??= []).push({ message, data: { field } });
  if (data.parent_id !== undefined) {
    const problem = parentProblem(id, data.parent_id, nodes);
    if (problem === "unknown_parent") add("parent_id", VALIDATION_KEYS.invalid);
    else if (problem === "cycle") add("parent_id", VALIDATION_KEYS.parent_cycle);
    else if (problem === "too_deep")
      (errors["parent_id"] ??= []).push({ message: VALIDATION_KEYS.parent_too_deep, data: { field: "parent_id", max: PARENT_CHAIN_DEPTH } });
  }
  if (data.linked_system_tree_node_id !== undefined && data.linked_system_tree_node_id !== null) {
    const problem = linkProblem(id, data.linked_system_tree_node_id, new Map([...nodes].map(([k, n]) => [k, linkView(n)])));
    if (problem === "chain") add("linked_system_tree_node_id", VALIDATION_KEYS.linked_system_tree_node_chain);
    else if (problem !== null) add("linked_system_tree_node_id", VALIDATION_KEYS.invalid);
  }
}

/** The registry entity each reference field of a node points at, and the spec's sentinel ids it may hold instead. */
const NODE_REFERENCES: {
  field: "section_id" | "call_source_id" | "flight_profile_id" | "schedule_id" | "display_group_ids";
  entity: string;
  sentinels: readonly number[];
}[] = [
  { field: "section_id", entity: "section", sentinels: [] },
  { field: "call_source_id", entity: "callSource", sentinels: [] },
  { field: "flight_profile_id", entity: "flightProfile", sentinels: [] },
  { field: "schedule_id", entity: "schedule", sentinels: SCHEDULE_SENTINELS.map((s) => s.id) },
  { field: "display_group_ids", entity: "displayGroup", sentinels: DISPLAY_GROUP_SENTINELS.map((s) => s.id) },
];

/** References must name records of the same system (or a sentinel), like the registry entities' own. */
async function referenceErrors(ctx: RequestContext, data: SystemTreeNodeInput, errors: FieldErrors): Promise<void> {
  for (const { field, entity: name, sentinels } of NODE_REFERENCES) {
    const value = data[field];
    const entity = ENTITIES.find((e) => e.name === name);
    if (value === undefined || value === null || !entity) continue;
    const ids = [...new Set(Array.isArray(value) ? value : [value])].filter((id) => !sentinels.includes(id));
    const found = await findRows(ctx.db.kysely, entity, entity.systemScoped ? ctx.systemId : null, ids);
    if (found.length !== ids.length) (errors[field] ??= []).push({ message: VALIDATION_KEYS.invalid, data: { field } });
  }
}

async function openCallCount(ctx: RequestContext, nodeIds: ReadonlySet<number>): Promise<number> {
  return (await ctx.openCalls.get(ctx.systemId)).filter((call) => nodeIds.has(call.number)).length;
}

/** The node and every node below it (a walk over a children index: the tree may hold tens of thousands). */
function subtreeOf(nodes: Map<number, StoredNode>, id: number): Set<number> {
  const childrenOf = new Map<number, number[]>();
  for (const n of nodes.values()) {
    if (n.parent_id === null) continue;
    const list = childrenOf.get(n.parent_id);
    if (list) list.push(n.id);
    else childrenOf.set(n.parent_id, [n.id]);
  }
  const ids = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const child of childrenOf.get(next) ?? []) {
      if (ids.has(child)) continue;
      ids.add(child);
      queue.push(child);
    }
  }
  return ids;
}

async function editStateOf(ctx: RequestContext, nodes: Map<number, StoredNode>, node: StoredNode) {
  const own = inheriting(node);
  const childCount = [...nodes.values()].filter((n) => n.parent_id === node.id).length;
  return nodeEditState({
    openCallCount: await openCallCount(ctx, subtreeOf(nodes, node.id)),
    hasActiveOverride: node.active_display_group_override_id !== null,
    inheritsData: inheritsAny(own),
    childCount,
    inheritedFields: inheritedFields(own),
  });
}

/** After a change: the configuration differs from the controller's until the next commit; open trees refetch. */
async function announce(ctx: RequestContext, ids: number[]): Promise<void> {
  await markConfigChanged(ctx);
  await signalTree(ctx, ids);
}

/** Open trees refetch the nodes (systemTreeChanged). */
async function signalTree(ctx: RequestContext, ids: number[]): Promise<void> {
  const signal: SystemTreeSignal = { system_id: ctx.systemId, ids };
  await ctx.bus.publish(systemTreeTopic(ctx.systemId), signal);
}

function auditChanges(before: StoredNode | null, after: StoredNode | null): { field: string; value_old: unknown; value_new: unknown }[] {
  const fields = ["kind", "parent_id", "sort_order", ...SYSTEM_TREE_NODE_INPUT_FIELDS.filter((f) => f !== "kind" && f !== "parent_id")] as const;
  const changes: { field: string; value_old: unknown; value_new: unknown }[] = [];
  for (const field of fields) {
    const old = before ? (before as Record<string, unknown>)[field] : null;
    const now = after ? (after as Record<string, unknown>)[field] : null;
    if (comparable(old) !== comparable(now)) changes.push({ field, value_old: old ?? null, value_new: now ?? null });
  }
  return changes;
}

/** spec §7 "createSystemTreeNode(data)": a new node under an existing parent, with the next free id of the system. */
/** One audit row of a node change (spec: "every change is audited"), written in the change's transaction. */
async function auditNode(
  trx: Transaction<Database>,
  ctx: RequestContext,
  now: number,
  node: { id: number; name: string },
  action: "created" | "updated" | "deleted",
  changes: { field: string; value_old: unknown; value_new: unknown }[],
): Promise<void> {
  await writeAudit(trx, {
    systemId: ctx.systemId,
    userId: ctx.user.id,
    now,
    entityType: NODE_AUDIT_TYPE,
    entityId: node.id,
    entityDisplayName: node.name,
    action,
    changes,
  });
}

/** The parent, link and reference rules of a change: every broken one as a field error. */
async function checkStructure(ctx: RequestContext, nodes: Map<number, StoredNode>, id: number | null, data: SystemTreeNodeInput): Promise<void> {
  const errors: FieldErrors = {};
  structureErrors(nodes, id, data, errors);
  await referenceErrors(ctx, data, errors);
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

export async function createSystemTreeNode(ctx: RequestContext, input: unknown): Promise<NodeView> {
  await assertConfigEditable(ctx);
  const data = parse("create", input);
  const db = ctx.db.kysely;
  const nodes = await allNodes(db, ctx.systemId);
  const groups = await groupLevelsOf(ctx);
  const facts = { kind: data.kind ?? "device", is_tech: data.is_tech ?? false, radio: data.radio ?? false, call_source_id: data.call_source_id ?? null };
  const level = levelFor(ctx, groups, facts);
  if (!canCreateOrDeleteNode(ctx.user, facts, level)) throw new AppError("MISSING_PERMISSION", "Access denied", { reason: "create_delete" });
  // The create code covers what is created (kind, radio, is_tech), where and its name; every other field needs its own code.
  const { kind: _kind, parent_id: _parent, name: _name, radio: _radio, is_tech: _tech, ...rest } = data;
  const forbidden = forbiddenFields(ctx.user, facts, level, rest);
  if (forbidden.length > 0) throw missingPermission(forbidden);
  await checkStructure(ctx, nodes, null, data);

  const now = ctx.now();
  const insert = () =>
    db.transaction().execute(async (trx) => {
      const top = await trx
        .selectFrom("system_tree_nodes")
        .select((eb) => eb.fn.max("id").as("max"))
        .where("system_id", "=", ctx.systemId)
        .executeTakeFirst();
      const id = Number(top?.max ?? 0) + 1;
      const siblings = [...nodes.values()].filter((n) => n.parent_id === data.parent_id);
      const sortOrder = siblings.reduce((max, n) => Math.max(max, n.sort_order + 1), 0);
      const row = await trx
        .insertInto("system_tree_nodes")
        .values({
          system_id: ctx.systemId,
          id,
          name: data.name ?? "",
          kind: data.kind ?? "device",
          parent_id: data.parent_id ?? null,
          number: null,
          serial: null,
          mac: null,
          text_short: "",
          text_long: "",
          call_source_id: null,
          section_id: null,
          is_enabled: 1,
          sort_order: sortOrder,
          default_call_type_id: null,
          battery: null,
          battery_reported_at: null,
          reachable: 1,
          last_reachable_at: null,
          callback_number: null,
          comment: null,
          health: null,
          status: null,
          position: null,
          position_updated_at: null,
          day_sound_level: null,
          night_sound_level: null,
          display_time: null,
          flight_profile_id: null,
          linked_system_tree_node_id: null,
          schedule_id: null,
          active_display_group_override_id: null,
          ...toColumns(data),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await auditNode(trx, ctx, now, row, "created", auditChanges(null, row));
      // A new node of a section with an enabled override is marked like the others (docs/decisions/022).
      if (row.section_id !== null) await syncOverrideMarks(trx, ctx.systemId);
      return row;
    });
  // Two creates in one system may choose the same id (PostgreSQL, read committed): the later
  // insert fails on the key. Once more with a fresh id; a second collision is a CONFLICT.
  const created = await insert().catch(async (error: unknown) => {
    if (!isUniqueViolation(error)) throw error;
    return insert().catch((again: unknown) => {
      throw isUniqueViolation(again) ? new AppError("CONFLICT", "system tree node was created concurrently", { reason: "concurrent_change" }) : again;
    });
  });
  await announce(ctx, [created.id]);
  return systemTreeNode(ctx, created.id);
}

/** The input fields whose value the change actually alters (unchanged values need no permission). */
function changedFields(existing: StoredNode, columns: Columns): SystemTreeNodeInputField[] {
  return SYSTEM_TREE_NODE_INPUT_FIELDS.filter(
    (field) => field in columns && comparable(columns[field]) !== comparable((existing as Record<string, unknown>)[field]),
  );
}

export async function updateSystemTreeNode(ctx: RequestContext, id: number, input: unknown): Promise<NodeView> {
  await assertConfigEditable(ctx);
  const data = parse("update", input);
  const db = ctx.db.kysely;
  const nodes = await allNodes(db, ctx.systemId);
  const existing = nodes.get(id);
  if (!existing) throw new AppError("NOT_FOUND", `system tree node ${id} not found`);
  const facts = classified(existing);
  const groups = await groupLevelsOf(ctx);
  const level = levelFor(ctx, groups, facts);
  if (!canSeeNode(ctx.user, facts, level)) throw new AppError("MISSING_PERMISSION", "Access denied");
  const columns = toColumns(data);
  const changed = changedFields(existing, columns);
  const changes = Object.fromEntries(changed.map((field) => [field, data[field]]));
  const forbidden = forbiddenFields(ctx.user, facts, level, changes);
  if (forbidden.length > 0) throw missingPermission(forbidden);

  const after = { ...existing, ...columns } as StoredNode;
  // A change must be allowed on the node as it becomes too: making a bed technical or wired, or
  // giving it another call source, needs the rights for what it then is (and keeps it in sight).
  const afterFacts = classified(after);
  const afterLevel = levelFor(ctx, groups, afterFacts);
  const forbiddenAfter = canSeeNode(ctx.user, afterFacts, afterLevel) ? forbiddenFields(ctx.user, afterFacts, afterLevel, changes) : changed;
  if (forbiddenAfter.length > 0) throw missingPermission(forbiddenAfter);
  // The values inherited once the change is made are blocked: clearing a flag in the same change frees its value.
  const state = { ...(await editStateOf(ctx, nodes, existing)), inheritedFields: inheritedFields(inheriting(after)) };
  const problems = nodeChangeProblems(state, changed, inheritsAny(inheriting(after)));
  if (problems.length > 0) throw validationError(problems);
  await checkStructure(ctx, nodes, id, Object.fromEntries(changed.map((f) => [f, data[f]])) as SystemTreeNodeInput);
  if (changed.length === 0) return systemTreeNode(ctx, id);

  const now = ctx.now();
  const set = Object.fromEntries(changed.map((f) => [f, columns[f]]));
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("system_tree_nodes")
      .set({ ...set, updated_at: now })
      .where("system_id", "=", ctx.systemId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditNode(trx, ctx, now, row, "updated", auditChanges(existing, row));
    // A node moved into a section with an enabled override takes its mark (docs/decisions/022).
    if (changed.includes("section_id")) await syncOverrideMarks(trx, ctx.systemId);
  });
  await announce(ctx, [id]);
  return systemTreeNode(ctx, id);
}

/** spec §5 "Elements with children cannot be deleted"; links to a deleted node are dropped with it. */
export async function deleteSystemTreeNodes(ctx: RequestContext, ids: number[]): Promise<{ id: number; name: string }[]> {
  await assertConfigEditable(ctx);
  const db = ctx.db.kysely;
  const nodes = await allNodes(db, ctx.systemId);
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const targets = unique.map((id) => nodes.get(id));
  if (targets.some((n) => n === undefined)) throw new AppError("NOT_FOUND", "system tree node not found");
  const groups = await groupLevelsOf(ctx);
  const problems: NodeChangeProblem[] = [];
  for (const node of targets as StoredNode[]) {
    const facts = classified(node);
    if (!canCreateOrDeleteNode(ctx.user, facts, levelFor(ctx, groups, facts)))
      throw new AppError("MISSING_PERMISSION", "Access denied", { reason: "create_delete" });
    const childCount = [...nodes.values()].filter((n) => n.parent_id === node.id).length;
    problems.push(...nodeDeleteProblems(await editStateOf(ctx, nodes, node), childCount));
  }
  if (problems.length > 0) throw validationError(problems);
  const now = ctx.now();
  const deleted = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("system_tree_nodes").where("system_id", "=", ctx.systemId).where("id", "in", unique).execute();
    await trx
      .updateTable("system_tree_nodes")
      .set({ linked_system_tree_node_id: null, updated_at: now })
      .where("system_id", "=", ctx.systemId)
      .where("linked_system_tree_node_id", "in", unique)
      .execute();
    await trx.deleteFrom("system_tree_node_notes").where("system_id", "=", ctx.systemId).where("node_id", "in", unique).execute();
    await trx.deleteFrom("device_reachability_history").where("system_id", "=", ctx.systemId).where("node_id", "in", unique).execute();
    for (const node of targets as StoredNode[]) {
      await auditNode(trx, ctx, now, node, "deleted", auditChanges(node, null));
    }
    return (targets as StoredNode[]).map((n) => ({ id: n.id, name: n.name }));
  });
  await announce(ctx, unique);
  return deleted;
}

/**
 * "ids become the children of parent_id in this order": the order needs manage_structure, a node
 * that comes from another parent also change_parents (and may not inherit, spec §5).
 */
/**
 * `ids` become the children of `parentId` in this order; a null parent orders the top level (the
 * buildings). Nothing becomes a top-level node here: a node's parent cannot be cleared by an update
 * either (the input schema's parent_id is an id), so at the top level every id must already be there.
 */
export async function sortSystemTreeNodes(ctx: RequestContext, parentId: number | null, ids: number[]): Promise<boolean> {
  await assertConfigEditable(ctx);
  const db = ctx.db.kysely;
  const nodes = await allNodes(db, ctx.systemId);
  if (parentId !== null && !nodes.has(parentId)) throw new AppError("NOT_FOUND", `system tree node ${parentId} not found`);
  if (new Set(ids).size !== ids.length || ids.some((id) => !nodes.has(id) || (parentId === null && nodes.get(id)?.parent_id !== null)))
    throw validationError({ ids: [{ message: VALIDATION_KEYS.invalid, data: { field: "ids" } }] });
  if (accessHeld(ctx.user, "systemtree::manage_structure") !== "write") throw missingPermission(["sort_order"]);
  const groups = await groupLevelsOf(ctx);
  const problems: NodeChangeProblem[] = [];
  const errors: FieldErrors = {};
  for (const id of ids) {
    const node = nodes.get(id) as StoredNode;
    if (node.parent_id === parentId) continue;
    // Only moves under another parent reach here (at the top level every id is already there).
    if (parentId === null) continue;
    const facts = classified(node);
    const forbidden = forbiddenFields(ctx.user, facts, levelFor(ctx, groups, facts), { parent_id: parentId });
    if (forbidden.length > 0) throw missingPermission(forbidden);
    problems.push(...nodeChangeProblems(await editStateOf(ctx, nodes, node), ["parent_id"], inheritsAny(inheriting(node))));
    structureErrors(nodes, id, { parent_id: parentId }, errors);
  }
  if (problems.length > 0) throw validationError(problems);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const now = ctx.now();
  const touched: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (const [position, id] of ids.entries()) {
      const node = nodes.get(id) as StoredNode;
      if (node.parent_id === parentId && node.sort_order === position) continue;
      const row = await trx
        .updateTable("system_tree_nodes")
        .set({ parent_id: parentId, sort_order: position, updated_at: now })
        .where("system_id", "=", ctx.systemId)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      touched.push(id);
      await auditNode(trx, ctx, now, row, "updated", auditChanges(node, row));
    }
  });
  if (touched.length > 0) await announce(ctx, touched);
  return true;
}

/** spec §3.6 "Note: text, author, created_at": the author's name is kept as it was. */
export async function addSystemTreeNodeNote(ctx: RequestContext, nodeId: number, text: string): Promise<StoredNote> {
  const db = ctx.db.kysely;
  const node = await db.selectFrom("system_tree_nodes").selectAll().where("system_id", "=", ctx.systemId).where("id", "=", nodeId).executeTakeFirst();
  if (!node) throw new AppError("NOT_FOUND", `system tree node ${nodeId} not found`);
  const facts = classified(node);
  if (!canSeeNode(ctx.user, facts, levelFor(ctx, await groupLevelsOf(ctx), facts))) throw new AppError("MISSING_PERMISSION", "Access denied");
  const trimmed = text.trim();
  const message =
    trimmed === ""
      ? VALIDATION_KEYS.required
      : trimmed.length > NOTE_MAX
        ? VALIDATION_KEYS.max_length
        : SAFE_SINGLE_LINE.test(trimmed)
          ? null
          : VALIDATION_KEYS.control_characters;
  if (message !== null)
    throw validationError({ text: [{ message, data: { field: "text", ...(message === VALIDATION_KEYS.max_length ? { size: NOTE_MAX } : {}) } }] });
  const now = ctx.now();
  const author = ctx.user.name.trim() || ctx.user.username;
  const note = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("system_tree_node_notes")
      .values({ system_id: ctx.systemId, node_id: nodeId, text: trimmed, author, created_at: now })
      .returning(["id", "text", "author", "created_at"])
      .executeTakeFirstOrThrow();
    await auditNode(trx, ctx, now, node, "updated", [{ field: "note", value_old: null, value_new: trimmed }]);
    return inserted;
  });
  // A note is no configuration of the controller: open trees refresh, the commit state stays.
  await signalTree(ctx, [nodeId]);
  return { ...note, created_at: Number(note.created_at) };
}
