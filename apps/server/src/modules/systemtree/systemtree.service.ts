import {
  REACHABILITY_HISTORY_DAYS,
  canSeeNode,
  editableFields,
  inheritedFields,
  inheritsAny,
  nodeEditState,
  resolveInheritance,
  type NodeEditState,
  type ResolvedNodeValues,
} from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import type { CallView } from "../calls/calls.repo.ts";
import { groupLevelsOf, levelFor, visibleWith } from "./node-access.ts";
import { classified, inheriting, summaryView, type NodeSummaryView } from "./node-rows.ts";
import {
  loadLinkingNodes,
  loadNodeNeighbourhood,
  loadNotes,
  loadReachabilityHistory,
  loadSummaries,
  type NodeSummaryRow,
  type StoredNode,
  type StoredNote,
  type StoredReachabilityPeriod,
} from "./systemtree.repo.ts";

/** spec §3.6 related "latest_note"; the node view lists at most this many notes. */
export const NOTES_SHOWN = 50;

export interface NodeView {
  node: StoredNode;
  parents: StoredNode[];
  children: StoredNode[];
  /** Open calls of the node and of every device below it, in display order. */
  openCalls: CallView[];
  editState: NodeEditState;
  resolved: ResolvedNodeValues;
  notes: StoredNote[];
  linkingNodes: NodeSummaryRow[];
  editableFields: string[];
  reachabilityHistory: StoredReachabilityPeriod[];
}

/** spec §7 "SystemTree": every node of the current system the user may see, flat (the client builds the tree). */
export async function systemTreeNodes(ctx: RequestContext): Promise<NodeSummaryView[]> {
  const [nodes, groups] = await Promise.all([loadSummaries(ctx.db.kysely, ctx.systemId), groupLevelsOf(ctx)]);
  return nodes.filter(visibleWith(ctx, groups)).map(summaryView);
}

/** spec §7 "SystemTreeNode(id): node with open calls, children, linking nodes, parents". */
export async function systemTreeNode(ctx: RequestContext, id: number): Promise<NodeView> {
  const db = ctx.db.kysely;
  const found = await loadNodeNeighbourhood(db, ctx.systemId, id);
  if (!found) throw new AppError("NOT_FOUND", `system tree node ${id} not found`);
  const facts = classified(found.node);
  // Anonymous visitors reach this only on the public demo screen (its scope); users see by their rights.
  const groups = await groupLevelsOf(ctx);
  const level = ctx.user.id > 0 ? levelFor(ctx, groups, facts) : "Read";
  if (ctx.user.id > 0 && !canSeeNode(ctx.user, facts, level)) throw new AppError("MISSING_PERMISSION", "Access denied");
  const visible = visibleWith(ctx, groups);
  // The open calls below the node: all of them block changes (the server refuses a change while any
  // is open, whoever sees the device), but only those of devices the user sees are listed, so a
  // room does not show the calls of a technical or wired device hidden from the user.
  const allOpenCalls = (await ctx.openCalls.get(ctx.systemId)).filter((call) => found.subtreeIds.has(call.number));
  const visibleIds = new Set(found.subtree.filter(visible).map((n) => n.id));
  const openCalls = allOpenCalls.filter((call) => visibleIds.has(call.number));
  const since = ctx.now() - REACHABILITY_HISTORY_DAYS * 86_400_000;
  const [notes, linkingNodes, reachabilityHistory] = await Promise.all([
    loadNotes(db, ctx.systemId, id, NOTES_SHOWN),
    loadLinkingNodes(db, ctx.systemId, id),
    loadReachabilityHistory(db, ctx.systemId, id, since),
  ]);
  const own = inheriting(found.node);
  const byId = new Map([found.node, ...found.parents].map((n) => [n.id, inheriting(n)]));
  return {
    node: found.node,
    parents: found.parents.filter(visible),
    children: found.children.filter(visible),
    openCalls,
    // Display group overrides arrive with their screen; until then none is active.
    editState: nodeEditState({
      openCallCount: allOpenCalls.length,
      hasActiveOverride: found.node.active_display_group_override_id !== null,
      inheritsData: inheritsAny(own),
      childCount: found.children.length,
      inheritedFields: inheritedFields(own),
    }),
    resolved: resolveInheritance(own, byId),
    notes,
    linkingNodes: linkingNodes.filter(visible),
    editableFields: ctx.user.id > 0 ? editableFields(ctx.user, facts, level) : [],
    reachabilityHistory,
  };
}
