import { NODE_CHOICE_PURPOSES, NODE_CHOICES_INCLUDE_LIMIT, NODE_CHOICES_LIMIT } from "@caresuite/domain";
import { builder } from "../../graphql/builder.ts";
import { withConnectionParams, type SocketContext } from "../../graphql/socket-context.ts";
import { systemTreeTopic, type SystemTreeSignal } from "../../realtime/topics.ts";
import { isoInstant } from "./iso-instant.ts";
import { CallType } from "../calls/calls.graphql.ts";
import { DeletedRef } from "../entities/entities.graphql.ts";
import { isSet, parseJson, summaryView, type NodeSummaryView } from "./node-rows.ts";
import { systemTreeNode, systemTreeNodes, type NodeView } from "./systemtree.service.ts";
import { systemTreeNodeChoices } from "./node-choices.service.ts";
import { addSystemTreeNodeNote, createSystemTreeNode, deleteSystemTreeNodes, sortSystemTreeNodes, updateSystemTreeNode } from "./systemtree-changes.service.ts";
import type { StoredNote, StoredReachabilityPeriod } from "./systemtree.repo.ts";

const iso = isoInstant;

/** The fields every node shows, whether it is the asked node, a parent, a child or a row of the flat tree. */
const NodeSummary = builder.objectRef<NodeSummaryView>("SystemTreeNodeSummary").implement({
  // Plain reads of a view shaped once (node-rows.ts summaryView): the flat tree has tens of thousands of rows.
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    kind: t.exposeString("kind"),
    number: t.exposeInt("number", { nullable: true }),
    parent_id: t.exposeInt("parent_id", { nullable: true }),
    sort_order: t.exposeInt("sort_order"),
    section_id: t.exposeInt("section_id", { nullable: true }),
    call_source_id: t.exposeInt("call_source_id", { nullable: true }),
    text_short: t.exposeString("text_short"),
    text_long: t.exposeString("text_long"),
    is_enabled: t.exposeBoolean("is_enabled"),
    // spec: "Battery: unknown if null or -1".
    battery: t.exposeInt("battery", { nullable: true }),
    battery_reported_at: t.exposeString("battery_reported_at", { nullable: true }),
    reachable: t.exposeBoolean("reachable"),
    last_reachable_at: t.exposeString("last_reachable_at", { nullable: true }),
    is_tech: t.exposeBoolean("is_tech"),
    radio: t.exposeBoolean("radio"),
    is_linkable: t.exposeBoolean("is_linkable"),
    linked_system_tree_node_id: t.exposeInt("linked_system_tree_node_id", { nullable: true }),
    serial: t.exposeString("serial", { nullable: true }),
    inherits: t.exposeBoolean("inherits", { description: "Any inherit flag set: the tree greys the node as inherited." }),
  }),
});

const EditState = builder.objectRef<NodeView["editState"]>("SystemTreeNodeEditState").implement({
  description: 'spec §5 "Editing is blocked for elements with open calls, an active override, or inherited data".',
  fields: (t) => ({
    blocked_by: t.stringList({ resolve: (s) => s.blockedBy }),
    can_edit: t.exposeBoolean("canEdit"),
    can_delete: t.exposeBoolean("canDelete"),
    can_move: t.exposeBoolean("canMove"),
    inherited_fields: t.stringList({
      description: "Fields showing an inherited value: not editable while their flag is set.",
      resolve: (s) => s.inheritedFields,
    }),
  }),
});

const DeviceTextOverrides = builder
  .objectRef<{ call_source?: string | null; checkpoint?: string | null; button?: string | null }>("DeviceTextOverrides")
  .implement({
    fields: (t) => ({
      call_source: t.string({ nullable: true, resolve: (o) => o.call_source ?? null }),
      checkpoint: t.string({ nullable: true, resolve: (o) => o.checkpoint ?? null }),
      button: t.string({ nullable: true, resolve: (o) => o.button ?? null }),
    }),
  });

export const NoteType = builder.objectRef<StoredNote>("SystemTreeNodeNote").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    text: t.exposeString("text"),
    author: t.exposeString("author"),
    created_at: t.string({ resolve: (n) => iso(n.created_at) ?? "" }),
  }),
});

const Resolved = builder.objectRef<NodeView["resolved"]>("SystemTreeNodeResolved").implement({
  description: "Values after inheritance up the parent chain (at most ten levels).",
  fields: (t) => ({
    section_id: t.exposeInt("section_id", { nullable: true }),
    text_long: t.exposeString("text_long"),
    text_short: t.exposeString("text_short"),
    flight_profile_id: t.exposeInt("flight_profile_id", { nullable: true }),
  }),
});

const ReachabilityPeriod = builder.objectRef<StoredReachabilityPeriod>("ReachabilityPeriod").implement({
  description: 'spec §9 "Reachability shown for 14 days": to is null while the period goes on.',
  fields: (t) => ({
    from: t.string({ resolve: (p) => iso(p.from_at) ?? "" }),
    to: t.string({ nullable: true, resolve: (p) => iso(p.to_at) }),
    reachable: t.boolean({ resolve: (p) => isSet(p.reachable) }),
  }),
});

export const SystemTreeNodeType = builder.objectRef<NodeView>("SystemTreeNode").implement({
  fields: (t) => ({
    id: t.int({ resolve: (v) => v.node.id }),
    node: t.field({ type: NodeSummary, resolve: (v) => summaryView(v.node) }),
    name: t.string({ resolve: (v) => v.node.name }),
    number: t.int({ nullable: true, resolve: (v) => v.node.number }),
    kind: t.string({ resolve: (v) => v.node.kind }),
    parent_id: t.int({ nullable: true, resolve: (v) => v.node.parent_id }),
    sort_order: t.int({ resolve: (v) => v.node.sort_order }),
    section_id: t.int({ nullable: true, resolve: (v) => v.node.section_id }),
    serial: t.string({ nullable: true, resolve: (v) => v.node.serial }),
    mac: t.string({ nullable: true, resolve: (v) => v.node.mac }),
    text_long: t.string({ resolve: (v) => v.node.text_long }),
    text_short: t.string({ resolve: (v) => v.node.text_short }),
    call_source_id: t.int({ nullable: true, resolve: (v) => v.node.call_source_id }),
    callback_number: t.string({ nullable: true, resolve: (v) => v.node.callback_number }),
    comment: t.string({ nullable: true, resolve: (v) => v.node.comment }),
    battery: t.int({ nullable: true, resolve: (v) => v.node.battery }),
    battery_reported_at: t.string({ nullable: true, resolve: (v) => iso(v.node.battery_reported_at) }),
    health: t.string({ nullable: true, resolve: (v) => v.node.health }),
    reachable: t.boolean({ resolve: (v) => isSet(v.node.reachable) }),
    last_reachable_at: t.string({ nullable: true, resolve: (v) => iso(v.node.last_reachable_at) }),
    status: t.string({ nullable: true, resolve: (v) => v.node.status }),
    position: t.string({ nullable: true, resolve: (v) => v.node.position }),
    position_updated_at: t.string({ nullable: true, resolve: (v) => iso(v.node.position_updated_at) }),
    is_enabled: t.boolean({ resolve: (v) => isSet(v.node.is_enabled) }),
    is_linkable: t.boolean({ resolve: (v) => isSet(v.node.is_linkable) }),
    is_tech: t.boolean({ resolve: (v) => isSet(v.node.is_tech) }),
    radio: t.boolean({ resolve: (v) => isSet(v.node.radio) }),
    day_sound_level: t.int({ nullable: true, resolve: (v) => v.node.day_sound_level }),
    night_sound_level: t.int({ nullable: true, resolve: (v) => v.node.night_sound_level }),
    disable_buzzer_at_night: t.boolean({ resolve: (v) => isSet(v.node.disable_buzzer_at_night) }),
    mask_time_at_night: t.boolean({ resolve: (v) => isSet(v.node.mask_time_at_night) }),
    display_time: t.int({ nullable: true, resolve: (v) => v.node.display_time }),
    show_calls_without_presence: t.boolean({ resolve: (v) => isSet(v.node.show_calls_without_presence) }),
    use_activity_control: t.boolean({ resolve: (v) => isSet(v.node.use_activity_control) }),
    flight_profile_id: t.int({ nullable: true, resolve: (v) => v.node.flight_profile_id }),
    linked_system_tree_node_id: t.int({ nullable: true, resolve: (v) => v.node.linked_system_tree_node_id }),
    deny_manual_call_closure: t.boolean({ resolve: (v) => isSet(v.node.deny_manual_call_closure) }),
    device_text_overrides: t.field({ type: DeviceTextOverrides, resolve: (v) => parseJson(v.node.device_text_overrides, {}) }),
    schedule_id: t.int({ nullable: true, resolve: (v) => v.node.schedule_id }),
    display_group_ids: t.intList({ resolve: (v) => parseJson<number[]>(v.node.display_group_ids, []) }),
    active_display_group_override_id: t.int({ nullable: true, resolve: (v) => v.node.active_display_group_override_id }),
    inherit_section: t.boolean({ resolve: (v) => isSet(v.node.inherit_section) }),
    inherit_text_long: t.boolean({ resolve: (v) => isSet(v.node.inherit_text_long) }),
    inherit_text_short: t.boolean({ resolve: (v) => isSet(v.node.inherit_text_short) }),
    inherit_flight_profile: t.boolean({ resolve: (v) => isSet(v.node.inherit_flight_profile) }),
    resolved: t.field({ type: Resolved, resolve: (v) => v.resolved }),
    latest_note: t.field({ type: NoteType, nullable: true, resolve: (v) => v.notes[0] ?? null }),
    notes: t.field({ type: [NoteType], description: "Newest first, at most 50.", resolve: (v) => v.notes }),
    linking_nodes: t.field({
      type: [NodeSummary],
      description: "Nodes whose linked_system_tree_node_id is this node.",
      resolve: (v) => v.linkingNodes.map(summaryView),
    }),
    editable_fields: t.stringList({
      description: "Input fields the current user may change on this node (field permissions).",
      resolve: (v) => v.editableFields,
    }),
    reachability_history: t.field({ type: [ReachabilityPeriod], description: "The last 14 days, oldest first.", resolve: (v) => v.reachabilityHistory }),
    open_calls: t.field({ type: [CallType], resolve: (v) => v.openCalls }),
    children: t.field({ type: [NodeSummary], resolve: (v) => v.children.map(summaryView) }),
    parents: t.field({ type: [NodeSummary], description: "From the direct parent upwards, at most ten levels.", resolve: (v) => v.parents.map(summaryView) }),
    edit_state: t.field({ type: EditState, resolve: (v) => v.editState }),
  }),
});

builder.queryField("systemTreeNode", (t) =>
  t.field({
    type: SystemTreeNodeType,
    description: "spec §7 SystemTreeNode(id): the node with its open calls, children, linking nodes and parents; the demo screen polls its rooms every 8 s.",
    args: { id: t.arg.int({ required: true }) },
    // The tree module's users, anyone on the public demo screen of a demo installation, and the
    // analytics users' drill-down (spec route table: /analytics children systemtree/edit/:id?);
    // what they may change is the node's editable_fields, changes need the tree module.
    authScopes: {
      $any: { permission: "systemtree::use_module", demoMode: true, $all: { permission: "analytics::use_module", licence: "analytics" } },
    },
    resolve: (_root, args, ctx) => systemTreeNode(ctx, args.id),
  }),
);

builder.queryField("systemTreeNodes", (t) =>
  t.field({
    type: [NodeSummary],
    description: "Every node of the current system the user may see, flat: the client builds the tree.",
    authScopes: { permission: "systemtree::use_module" },
    resolve: (_root, _args, ctx) => systemTreeNodes(ctx),
  }),
);

const NodeChoicePurpose = builder.enumType("SystemTreeNodeChoicePurpose", { values: NODE_CHOICE_PURPOSES });

builder.queryField("systemTreeNodeChoices", (t) =>
  t.field({
    type: [NodeSummary],
    description: `The node form's parent and linked-node pickers: at most ${NODE_CHOICES_LIMIT} visible nodes matching the typed text that the parent or link rules allow, by name; include_id or include_ids (the current values, at most ${NODE_CHOICES_INCLUDE_LIMIT}) first.`,
    args: {
      purpose: t.arg({ type: NodeChoicePurpose, required: true }),
      node_id: t.arg.int({ description: "The edited node; none for a new node." }),
      search: t.arg.string(),
      include_id: t.arg.int(),
      include_ids: t.arg.intList({ description: "A multiple picker's current values (the call log's node filter)." }),
    },
    // The tree's node form, and the call log's node filter (spec: "device or node, a picker from the tree").
    authScopes: { $any: { permission: "systemtree::use_module", $all: { permission: "calllog::use_module" } } },
    resolve: (_root, args, ctx) => {
      // A saved filter holds at most as many nodes (callFilterSchema); more are not a picker's values.
      const includeIds = [...(args.include_id == null ? [] : [args.include_id]), ...(args.include_ids ?? [])].slice(0, NODE_CHOICES_INCLUDE_LIMIT);
      return systemTreeNodeChoices(ctx, { purpose: args.purpose, nodeId: args.node_id ?? null, search: args.search, includeIds });
    },
  }),
);

const DeviceTextOverridesInput = builder.inputType("DeviceTextOverridesInput", {
  fields: (t) => ({ call_source: t.string(), checkpoint: t.string(), button: t.string() }),
});

/**
 * Types are loose on purpose (all optional): the shared zod schema (systemTreeNodeInputSchema)
 * answers with per-field messages, which a GraphQL type error could not. Null clears a field.
 */
const SystemTreeNodeInput = builder.inputType("SystemTreeNodeInput", {
  fields: (t) => ({
    kind: t.string(),
    parent_id: t.int(),
    name: t.string(),
    number: t.int(),
    section_id: t.int(),
    serial: t.string(),
    mac: t.string(),
    text_long: t.string(),
    text_short: t.string(),
    call_source_id: t.int(),
    callback_number: t.string(),
    comment: t.string(),
    position: t.string(),
    is_enabled: t.boolean(),
    is_linkable: t.boolean(),
    is_tech: t.boolean(),
    radio: t.boolean(),
    day_sound_level: t.int(),
    night_sound_level: t.int(),
    disable_buzzer_at_night: t.boolean(),
    mask_time_at_night: t.boolean(),
    display_time: t.int(),
    show_calls_without_presence: t.boolean(),
    use_activity_control: t.boolean(),
    flight_profile_id: t.int(),
    linked_system_tree_node_id: t.int(),
    deny_manual_call_closure: t.boolean(),
    device_text_overrides: t.field({ type: DeviceTextOverridesInput }),
    schedule_id: t.int(),
    display_group_ids: t.intList(),
    inherit_section: t.boolean(),
    inherit_text_long: t.boolean(),
    inherit_text_short: t.boolean(),
    inherit_flight_profile: t.boolean(),
  }),
});

// Changes need the module; each field's own code and the call source group level are checked per
// field in the service (MISSING_PERMISSION names the field). The tree is a management feature.
const changeScopes = { $all: { permission: "systemtree::use_module", licence: "management" } } as const;

builder.mutationField("createSystemTreeNode", (t) =>
  t.field({
    type: SystemTreeNodeType,
    args: { data: t.arg({ type: SystemTreeNodeInput, required: true }) },
    authScopes: changeScopes,
    resolve: (_root, args, ctx) => createSystemTreeNode(ctx, args.data),
  }),
);

builder.mutationField("updateSystemTreeNode", (t) =>
  t.field({
    type: SystemTreeNodeType,
    args: { id: t.arg.int({ required: true }), data: t.arg({ type: SystemTreeNodeInput, required: true }) },
    authScopes: changeScopes,
    resolve: (_root, args, ctx) => updateSystemTreeNode(ctx, args.id, args.data),
  }),
);

builder.mutationField("deleteSystemTreeNode", (t) =>
  t.field({
    type: [DeletedRef],
    args: { ids: t.arg.intList({ required: true }) },
    authScopes: changeScopes,
    resolve: (_root, args, ctx) => deleteSystemTreeNodes(ctx, args.ids),
  }),
);

builder.mutationField("sortSystemTreeNodes", (t) =>
  t.boolean({
    description:
      "ids become the children of parent_id in this order (a move needs change_parents, the order manage_structure); " +
      "a null parent_id orders the top-level nodes (the buildings), which must all be top-level already.",
    args: { parent_id: t.arg.int({ required: false }), ids: t.arg.intList({ required: true }) },
    authScopes: changeScopes,
    resolve: (_root, args, ctx) => sortSystemTreeNodes(ctx, args.parent_id ?? null, args.ids),
  }),
);

builder.mutationField("addSystemTreeNodeNote", (t) =>
  t.field({
    type: NoteType,
    description: 'spec §3.6 "Note: text, author, created_at"; anyone who may see the node may note on it.',
    args: { node_id: t.arg.int({ required: true }), text: t.arg.string({ required: true }) },
    authScopes: changeScopes,
    resolve: (_root, args, ctx) => addSystemTreeNodeNote(ctx, args.node_id, args.text),
  }),
);

const SystemTreeChange = builder.objectRef<SystemTreeSignal>("SystemTreeChange").implement({
  fields: (t) => ({ system_id: t.exposeInt("system_id"), ids: t.exposeIntList("ids") }),
});

builder.subscriptionField("systemTreeChanged", (t) =>
  t.field({
    type: SystemTreeChange,
    description:
      "Nodes of the current system changed (created, updated, deleted, sorted, noted; battery or reachability reported): open trees refetch them. " +
      "No ids: the whole tree was imported anew.",
    authScopes: { permission: "systemtree::use_module" },
    subscribe: async (_root, _args, ctx) => {
      const socketCtx = await withConnectionParams(ctx as SocketContext);
      return socketCtx.bus.subscribe(systemTreeTopic(socketCtx.systemId)) as AsyncGenerator<SystemTreeSignal>;
    },
    resolve: (signal) => signal,
  }),
);
