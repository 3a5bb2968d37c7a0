import { nodeEditState, type NodeEditState } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import type { CallView } from "../calls/calls.repo.ts";
import { loadNodeNeighbourhood, type StoredNode } from "./systemtree.repo.ts";

export interface NodeView {
  node: StoredNode;
  parents: StoredNode[];
  children: StoredNode[];
  /** Open calls of the node and of every device below it, in display order. */
  openCalls: CallView[];
  editState: NodeEditState;
}

/** spec §7 "SystemTreeNode(id): node with open calls, children, linking nodes, parents". */
export async function systemTreeNode(ctx: RequestContext, id: number): Promise<NodeView> {
  const found = await loadNodeNeighbourhood(ctx.db.kysely, ctx.systemId, id);
  if (!found) throw new AppError("NOT_FOUND", `system tree node ${id} not found`);
  const openCalls = (await ctx.openCalls.get(ctx.systemId)).filter((call) => found.subtreeIds.has(call.number));
  return {
    node: found.node,
    parents: found.parents,
    children: found.children,
    openCalls,
    // Display group overrides and inherit flags arrive with the tree editor; until then neither
    // exists, so only open calls and children decide.
    editState: nodeEditState({ openCallCount: openCalls.length, hasActiveOverride: false, inheritsData: false, childCount: found.children.length }),
  };
}
