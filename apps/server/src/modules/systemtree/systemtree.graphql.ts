import { builder } from "../../graphql/builder.ts";
import { CallType } from "../calls/calls.graphql.ts";
import { systemTreeNode, type NodeView } from "./systemtree.service.ts";
import type { StoredNode } from "./systemtree.repo.ts";

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The fields every node shows, whether it is the asked node, a parent or a child. */
const NodeSummary = builder.objectRef<StoredNode>("SystemTreeNodeSummary").implement({
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
    is_enabled: t.boolean({ resolve: (n) => Boolean(n.is_enabled) }),
    // spec: "Battery: unknown if null or -1".
    battery: t.exposeInt("battery", { nullable: true }),
    reachable: t.boolean({ resolve: (n) => Boolean(n.reachable) }),
    last_reachable_at: t.string({ nullable: true, resolve: (n) => iso(n.last_reachable_at) }),
  }),
});

const EditState = builder.objectRef<NodeView["editState"]>("SystemTreeNodeEditState").implement({
  description: 'spec §5 "Editing is blocked for elements with open calls, an active override, or inherited data".',
  fields: (t) => ({
    blocked_by: t.stringList({ resolve: (s) => s.blockedBy }),
    can_edit: t.exposeBoolean("canEdit"),
    can_delete: t.exposeBoolean("canDelete"),
    can_move: t.exposeBoolean("canMove"),
  }),
});

const SystemTreeNodeType = builder.objectRef<NodeView>("SystemTreeNode").implement({
  fields: (t) => ({
    id: t.int({ resolve: (v) => v.node.id }),
    node: t.field({ type: NodeSummary, resolve: (v) => v.node }),
    serial: t.string({ nullable: true, resolve: (v) => v.node.serial }),
    mac: t.string({ nullable: true, resolve: (v) => v.node.mac }),
    deny_manual_call_closure: t.boolean({ resolve: (v) => Boolean(v.node.deny_manual_call_closure) }),
    open_calls: t.field({ type: [CallType], resolve: (v) => v.openCalls }),
    children: t.field({ type: [NodeSummary], resolve: (v) => v.children }),
    parents: t.field({ type: [NodeSummary], description: "From the direct parent upwards, at most ten levels.", resolve: (v) => v.parents }),
    edit_state: t.field({ type: EditState, resolve: (v) => v.editState }),
  }),
});

builder.queryField("systemTreeNode", (t) =>
  t.field({
    type: SystemTreeNodeType,
    description:
      "spec §7 SystemTreeNode(id): the node with its open calls, children and parents; the demo screen polls its rooms every 8 s. " +
      "Linking nodes arrive with device linking (the tree editor).",
    args: { id: t.arg.int({ required: true }) },
    // The tree module's users, and anyone on the public demo screen of a demo installation.
    authScopes: { permission: "systemtree::use_module", demoMode: true },
    resolve: (_root, args, ctx) => systemTreeNode(ctx, args.id),
  }),
);
