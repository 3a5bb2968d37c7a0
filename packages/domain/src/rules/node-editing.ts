/**
 * spec data §5: "Editing is blocked for elements with open calls, an active override, or
 * inherited data. Elements with children cannot be deleted; inheriting devices cannot be moved."
 */

export type EditBlockReason = "open_calls" | "active_override" | "inherited_data";

export interface NodeEditFacts {
  openCallCount: number;
  /** An active display group override on the element. */
  hasActiveOverride: boolean;
  /** The element inherits section, texts or flight profile from its parent. */
  inheritsData: boolean;
  childCount: number;
}

export interface NodeEditState {
  /** Why editing is blocked; empty when it is not. */
  blockedBy: EditBlockReason[];
  canEdit: boolean;
  canDelete: boolean;
  canMove: boolean;
}

export function nodeEditState(facts: NodeEditFacts): NodeEditState {
  const blockedBy: EditBlockReason[] = [];
  if (facts.openCallCount > 0) blockedBy.push("open_calls");
  if (facts.hasActiveOverride) blockedBy.push("active_override");
  if (facts.inheritsData) blockedBy.push("inherited_data");
  return {
    blockedBy,
    canEdit: blockedBy.length === 0,
    // A node with open calls is not deleted under a nurse's feet either: editing is blocked.
    canDelete: facts.childCount === 0 && blockedBy.length === 0,
    canMove: !facts.inheritsData,
  };
}
