import { formatZonedDateTime, type Locale } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { entityTables } from "../entities/entity-tables.ts";
import { csvCell, csvSeparator } from "../reports/report-csv.ts";
import { translateReport, type ReportMessageKey } from "../reports/report-messages.ts";
import { groupLevelsOf, visibleWith } from "../systemtree/node-access.ts";
import { loadSummaries, type NodeSummaryRow } from "../systemtree/systemtree.repo.ts";
import type { ExportColumn, ExportTable } from "./export-writers.ts";

/**
 * One node of a system tree export (docs/decisions/037-system-tree-export.md): the texts as the
 * tree shows them, in the job's language.
 */
export interface TreeExportRow {
  /** The names of the node's visible ancestors, root first, joined by " / ". */
  path: string;
  kind: string;
  name: string;
  text_long: string;
  text_short: string;
  number: number | null;
  section: string;
  /** Percent; null when unknown (spec: "Battery: unknown if null or -1"). */
  battery: number | null;
  reachable: boolean;
  last_reachable_at: number | null;
}

const PATH_SEPARATOR = " / ";

function kindText(kind: string, locale: Locale): string {
  const key = `tree.kind.${kind}`;
  return KIND_KEYS.has(key) ? translateReport(key as ReportMessageKey, locale) : kind;
}
const KIND_KEYS: ReadonlySet<string> = new Set(["building", "floor", "room", "device", "person", "group", "tech"].map((kind) => `tree.kind.${kind}`));

/** Siblings as the tree orders them (web tree-model compareSiblings). */
function compareSiblings(a: NodeSummaryRow, b: NodeSummaryRow): number {
  return a.sort_order - b.sort_order || a.name.localeCompare(b.name) || a.id - b.id;
}

/**
 * The nodes of the system the user may see (the rule of systemTreeNodes: call source group levels
 * and the see_ codes), in tree order: depth first, siblings by sort order. A node whose parent is
 * hidden from the user is a root, as in the tree, and its path names only what the user sees.
 */
export async function systemTreeExportRows(ctx: RequestContext, systemId: number): Promise<NodeSummaryRow[]> {
  const [nodes, groups] = await Promise.all([loadSummaries(ctx.db.kysely, systemId), groupLevelsOf(ctx)]);
  const visible = nodes.filter(visibleWith(ctx, groups));
  return treeOrder(visible);
}

/** Depth-first order over the visible nodes (iterative: a deep tree cannot overflow the stack). */
export function treeOrder(nodes: readonly NodeSummaryRow[]): NodeSummaryRow[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<number | null, NodeSummaryRow[]>();
  for (const node of nodes) {
    const parent = node.parent_id !== null && byId.has(node.parent_id) && node.parent_id !== node.id ? node.parent_id : null;
    const list = children.get(parent) ?? [];
    list.push(node);
    children.set(parent, list);
  }
  for (const list of children.values()) list.sort(compareSiblings);
  const ordered: NodeSummaryRow[] = [];
  const seen = new Set<number>();
  const stack: NodeSummaryRow[] = [...(children.get(null) ?? [])].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as NodeSummaryRow;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    ordered.push(node);
    const kids = children.get(node.id) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as NodeSummaryRow);
  }
  return ordered;
}

/** The rows of the ordered nodes: paths over the visible ancestors, section names, the kind in the language. */
export async function treeRows(ctx: RequestContext, systemId: number, ordered: readonly NodeSummaryRow[], locale: Locale): Promise<TreeExportRow[]> {
  const sections = new Map(
    (await entityTables(ctx.db.kysely).selectFrom("sections").selectAll().where("system_id", "=", systemId).execute()).map((s) => [
      Number(s["id"]),
      String(s["name"] ?? ""),
    ]),
  );
  const byId = new Map(ordered.map((n) => [n.id, n]));
  const paths = new Map<number, string>();
  const pathOf = (node: NodeSummaryRow): string => {
    const known = paths.get(node.id);
    if (known !== undefined) return known;
    const names: string[] = [];
    const seen = new Set<number>([node.id]);
    let parent = node.parent_id === null ? undefined : byId.get(node.parent_id);
    while (parent && !seen.has(parent.id)) {
      names.unshift(parent.name);
      seen.add(parent.id);
      parent = parent.parent_id === null ? undefined : byId.get(parent.parent_id);
    }
    const path = names.join(PATH_SEPARATOR);
    paths.set(node.id, path);
    return path;
  };
  return ordered.map((node) => ({
    path: pathOf(node),
    kind: kindText(node.kind, locale),
    name: node.name,
    text_long: node.text_long,
    text_short: node.text_short,
    number: node.number,
    section: node.section_id === null ? "" : (sections.get(node.section_id) ?? ""),
    battery: node.battery === null || node.battery < 0 ? null : node.battery,
    reachable: Number(node.reachable) === 1,
    last_reachable_at: node.last_reachable_at === null ? null : Number(node.last_reachable_at),
  }));
}

function reachabilityText(row: TreeExportRow, locale: Locale, timeZone: string): string {
  if (row.reachable) return translateReport("tree.reachable", locale);
  if (row.last_reachable_at === null) return translateReport("tree.unreachable", locale);
  return translateReport("tree.unreachable_since", locale, { since: formatZonedDateTime(row.last_reachable_at, timeZone) });
}

/** The columns of a system tree export; the PDF widths add up to A4 landscape's 770 points. */
function treeColumns(locale: Locale): ExportColumn<TreeExportRow>[] {
  const text = (label: ReportMessageKey, width: number, pdf: number, value: (row: TreeExportRow) => string): ExportColumn<TreeExportRow> => ({
    label,
    width,
    pdf,
    cell: value,
    text: value,
  });
  const num = (value: number | null): string => (value === null ? "" : String(value));
  return [
    text("tree.col.path", 40, 190, (r) => r.path),
    text("tree.col.kind", 16, 60, (r) => r.kind),
    text("tree.col.name", 25, 110, (r) => r.name),
    text("tree.col.text_long", 30, 120, (r) => r.text_long),
    text("tree.col.text_short", 16, 60, (r) => r.text_short),
    { label: "tree.col.number", width: 10, pdf: 45, cell: (r) => r.number, text: (r) => num(r.number) },
    text("tree.col.section", 20, 80, (r) => r.section),
    { label: "tree.col.battery", width: 12, pdf: 40, cell: (r) => r.battery, text: (r) => num(r.battery) },
    {
      label: "tree.col.reachability",
      width: 30,
      pdf: 65,
      cell: (r, tz) => reachabilityText(r, locale, tz),
      text: (r, tz) => reachabilityText(r, locale, tz),
    },
  ];
}

/** The system tree's export table in the job's language. */
export function systemTreeTable(locale: Locale): ExportTable<TreeExportRow> {
  const columns = treeColumns(locale);
  return {
    columns,
    csvHeader: (l) => columns.map((c) => csvCell(translateReport(c.label, l), csvSeparator(l))).join(csvSeparator(l)),
    csvLine: (row, l, timeZone) =>
      columns
        .map((c) => {
          const value = c.cell(row, timeZone);
          return csvCell(value === null ? "" : value instanceof Date ? c.text(row, timeZone) : value, csvSeparator(l));
        })
        .join(csvSeparator(l)),
    sheet: "tree.title",
    title: "tree.title",
    rowsText: "tree.rows",
  };
}
