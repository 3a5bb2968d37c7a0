/**
 * The system tree as the client builds it from the flat node list (`systemTreeNodes`): an index
 * of children per parent, and the rows a virtualized list renders. Pure, so 20,000 nodes are
 * indexed and flattened in a few milliseconds and the rules are tested without a browser.
 */

/** What the tree reads of a node (the server's SystemTreeNodeSummary). */
export interface TreeNode {
  id: number;
  name: string;
  kind: string;
  number: number | null;
  parent_id: number | null;
  sort_order: number;
  section_id: number | null;
  is_enabled: boolean;
  text_long: string;
  text_short: string;
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

export interface TreeIndex {
  byId: ReadonlyMap<number, TreeNode>;
  /** Children per parent id, in sort order; the roots under `null`. */
  children: ReadonlyMap<number | null, readonly TreeNode[]>;
}

function compareSiblings(a: TreeNode, b: TreeNode): number {
  return a.sort_order - b.sort_order || a.name.localeCompare(b.name) || a.id - b.id;
}

/** Indexes the flat list; a node whose parent is missing (not visible to the user) becomes a root. */
export function indexTree(nodes: readonly TreeNode[]): TreeIndex {
  const byId = new Map<number, TreeNode>();
  for (const node of nodes) byId.set(node.id, node);
  const children = new Map<number | null, TreeNode[]>();
  for (const node of nodes) {
    const parent = node.parent_id !== null && byId.has(node.parent_id) ? node.parent_id : null;
    let list = children.get(parent);
    if (!list) {
      list = [];
      children.set(parent, list);
    }
    list.push(node);
  }
  for (const list of children.values()) list.sort(compareSiblings);
  return { byId, children };
}

/** One rendered line of the tree. */
export interface TreeRow {
  node: TreeNode;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
  /** 1-based position among its shown siblings and their count (aria-posinset / aria-setsize). */
  position: number;
  siblings: number;
}

/**
 * The rows in display order: every root, and the children of expanded nodes. `visible`, when
 * given, limits the rows to those ids (a filter); expansion still applies. Iterative, so a deep
 * tree cannot overflow the stack.
 */
export function visibleRows(index: TreeIndex, expanded: ReadonlySet<number>, visible?: ReadonlySet<number>): TreeRow[] {
  const rows: TreeRow[] = [];
  const shown = (list: readonly TreeNode[] | undefined): readonly TreeNode[] => (!list ? [] : visible ? list.filter((n) => visible.has(n.id)) : list);
  const stack: { list: readonly TreeNode[]; at: number; depth: number }[] = [{ list: shown(index.children.get(null)), at: 0, depth: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (!frame || frame.at >= frame.list.length) {
      stack.pop();
      continue;
    }
    const node = frame.list[frame.at] as TreeNode;
    frame.at += 1;
    const kids = shown(index.children.get(node.id));
    const isOpen = kids.length > 0 && expanded.has(node.id);
    rows.push({ node, depth: frame.depth, hasChildren: kids.length > 0, expanded: isOpen, position: frame.at, siblings: frame.list.length });
    if (isOpen) stack.push({ list: kids, at: 0, depth: frame.depth + 1 });
  }
  return rows;
}

/** The ids from the node's parent up to its root (nearest first). */
export function ancestorIds(index: TreeIndex, id: number): number[] {
  const result: number[] = [];
  const seen = new Set<number>([id]);
  let parent = index.byId.get(id)?.parent_id ?? null;
  while (parent !== null && index.byId.has(parent) && !seen.has(parent)) {
    result.push(parent);
    seen.add(parent);
    parent = index.byId.get(parent)?.parent_id ?? null;
  }
  return result;
}

export interface TreeFilter {
  /** The matching nodes and their ancestors: the rows to keep. */
  visible: Set<number>;
  /** The ancestors of matches: opened so that every match shows. */
  expand: Set<number>;
  matches: number;
}

/**
 * Filters by a text: a node matches when its name, long or short text or serial contains the
 * trimmed text (case-insensitive); its ancestors stay (opened) so the match shows in place, and
 * its descendants stay (as folded as before) so a matching room still opens onto its devices.
 * Null for an empty text (no filter).
 */
export function filterTree(index: TreeIndex, text: string): TreeFilter | null {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === "") return null;
  return matchFilter(index, (node) =>
    [node.name, node.text_long, node.text_short, node.serial ?? ""].some((value) => value.toLocaleLowerCase().includes(needle)),
  );
}

/**
 * The rows of the nodes that pass `test` in place: each match with its ancestors (opened) and its
 * descendants (a matching room still opens onto its devices). A system view's filters
 * (`viewFilterTest` of the domain) and the text filter both read the tree this way.
 */
export function matchFilter(index: TreeIndex, test: (node: TreeNode) => boolean): TreeFilter {
  const visible = new Set<number>();
  const expand = new Set<number>();
  let matches = 0;
  for (const node of index.byId.values()) {
    if (!test(node)) continue;
    matches += 1;
    for (const ancestor of ancestorIds(index, node.id)) {
      visible.add(ancestor);
      expand.add(ancestor);
    }
    addSubtree(index, node.id, visible);
  }
  return { visible, expand, matches };
}

/** Adds a node and everything below it (a subtree already added is not walked again). */
function addSubtree(index: TreeIndex, id: number, into: Set<number>): void {
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop() as number;
    if (into.has(next) && next !== id) continue;
    into.add(next);
    for (const child of index.children.get(next) ?? []) stack.push(child.id);
  }
}

/** Devices are the elements with health (battery, reachability): kinds device and tech. */
export function isDeviceKind(kind: string): boolean {
  return kind === "device" || kind === "tech";
}

/** The parent's name as context ("Zimmer 101"), or "". */
export function parentName(index: TreeIndex, node: TreeNode): string {
  return node.parent_id === null ? "" : (index.byId.get(node.parent_id)?.name ?? "");
}

/**
 * The groups view: every node of kind group with its members (descendants) and the path to it,
 * the path opened. Null when the system has no groups (the view says so).
 */
export function groupsFilter(index: TreeIndex): TreeFilter | null {
  const visible = new Set<number>();
  const expand = new Set<number>();
  let matches = 0;
  for (const node of index.byId.values()) {
    if (node.kind !== "group") continue;
    matches += 1;
    for (const ancestor of ancestorIds(index, node.id)) {
      visible.add(ancestor);
      expand.add(ancestor);
    }
    addSubtree(index, node.id, visible);
  }
  return matches === 0 ? null : { visible, expand, matches };
}

/**
 * The index of the filter's rows only, for the device and connection tables: a filtered view
 * lists the devices it keeps, their parents stay for the context column.
 */
export function restrictIndex(index: TreeIndex, filter: TreeFilter | null): TreeIndex {
  if (!filter) return index;
  return indexTree([...index.byId.values()].filter((node) => filter.visible.has(node.id)));
}

/** Both filters at once: rows must pass each. */
export function intersectFilters(a: TreeFilter | null, b: TreeFilter | null): TreeFilter | null {
  if (!a) return b;
  if (!b) return a;
  const visible = new Set([...a.visible].filter((id) => b.visible.has(id)));
  return { visible, expand: new Set([...a.expand, ...b.expand]), matches: Math.min(a.matches, b.matches) };
}
