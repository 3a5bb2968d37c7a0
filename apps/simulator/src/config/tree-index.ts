import type { TreeNode } from "@caresuite/protocol";

/** Look-ups on the system tree, built once per configuration. */
export class TreeIndex {
  readonly byId: ReadonlyMap<number, TreeNode>;

  constructor(nodes: readonly TreeNode[]) {
    this.byId = new Map(nodes.map((node) => [node.id, node]));
  }

  get(id: number): TreeNode | undefined {
    return this.byId.get(id);
  }

  /** The node and its parents, nearest first. The tree was checked for cycles on publish. */
  *chain(id: number): Generator<TreeNode> {
    for (let node = this.byId.get(id); node; node = node.parent_id === null ? undefined : this.byId.get(node.parent_id)) {
      yield node;
    }
  }

  /**
   * The room a device is in: presence and resets act per room (ARCHITECTURE «Product rules» "Staff presence in a
   * room resets its calls"). A device outside any room is its own scope.
   */
  roomScope(id: number): number {
    for (const node of this.chain(id)) if (node.kind === "room") return node.id;
    return id;
  }

  /** A node's section, or the nearest parent's (nodes inherit it in the spec's tree). */
  sectionOf(id: number): number | null {
    for (const node of this.chain(id)) if (node.section_id !== null) return node.section_id;
    return null;
  }

  /** A node's call source, or the nearest parent's (a bed device calls as its room). */
  callSourceOf(id: number): number | null {
    for (const node of this.chain(id)) if (node.call_source_id !== null) return node.call_source_id;
    return null;
  }

  /** Whether `id` is `ancestor` or below it. */
  isWithin(id: number, ancestor: number): boolean {
    for (const node of this.chain(id)) if (node.id === ancestor) return true;
    return false;
  }
}
