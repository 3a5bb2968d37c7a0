import { checkChoiceText, nodeChoices, type ChoosableNode, type ClassifiedNode, type NodeChoicePurpose } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { groupLevelsOf, visibleWith } from "./node-access.ts";
import { summaryView, type NodeSummaryView } from "./node-rows.ts";
import { loadChoosable, loadSummariesOf, type ChoosableRow } from "./systemtree.repo.ts";

const flag = (value: number | boolean | null): boolean => value === 1 || value === true;

/** A stored row as the rules and the visibility check read it. */
function choosable(row: ChoosableRow): ChoosableNode & ClassifiedNode & { call_source_id: number | null } {
  return { ...row, is_linkable: flag(row.is_linkable), is_tech: flag(row.is_tech), radio: flag(row.radio) };
}

export interface NodeChoicesArgs {
  purpose: NodeChoicePurpose;
  /** The node the form edits; null for a new node. */
  nodeId: number | null;
  search: string | null | undefined;
  /** The picker's current values: listed first whatever was typed, so their names show. */
  includeIds: readonly number[];
}

/**
 * The parent and linked-node pickers of the node form: at most NODE_CHOICES_LIMIT nodes the user
 * may see, matching the typed text, that the parent and link rules allow. The site may hold tens
 * of thousands of nodes; the form never loads them all.
 */
export async function systemTreeNodeChoices(ctx: RequestContext, args: NodeChoicesArgs): Promise<NodeSummaryView[]> {
  const check = checkChoiceText(args.search);
  if (!check.ok) throw new AppError("VALIDATION", "Validation failed", { fields: { search: [{ message: check.message, data: check.data }] } });
  const [rows, groups] = await Promise.all([loadChoosable(ctx.db.kysely, ctx.systemId), groupLevelsOf(ctx)]);
  const all = rows.map(choosable);
  const visible = all.filter(visibleWith(ctx, groups));
  const tree = new Map(all.map((node) => [node.id, node]));
  const choices = nodeChoices(args.purpose, args.nodeId, check.needle, visible, tree);
  const wanted = new Set(args.includeIds);
  const current = wanted.size === 0 ? [] : visible.filter((node) => wanted.has(node.id));
  const ids = [...new Set([...current, ...choices].map((node) => node.id))];
  // Whole summaries only for the few nodes listed: shaping all 20,000 doubled the time.
  const listed = new Map((await loadSummariesOf(ctx.db.kysely, ctx.systemId, ids)).map((row) => [row.id, summaryView(row)]));
  return ids.flatMap((id) => listed.get(id) ?? []);
}
