/**
 * spec data §5: "Editing is blocked for elements with open calls, an active override, or
 * inherited data. Elements with children cannot be deleted; inheriting devices cannot be moved."
 *
 * Open calls and an active override block the whole element. Inherited data blocks the values
 * that are inherited (section, texts, flight profile while their inherit flag is set): they show
 * the parent's value and change with it; the rest of the element stays editable
 * (docs/decisions/019-system-tree-fields.md).
 */

export type EditBlockReason = "open_calls" | "active_override";

export interface NodeEditFacts {
  openCallCount: number;
  /** An active display group override on the element. */
  hasActiveOverride: boolean;
  /** The element inherits section, texts or flight profile from its parent. */
  inheritsData: boolean;
  childCount: number;
  /** The input fields whose values are inherited (rules/node-inheritance.ts inheritedFields). */
  inheritedFields?: readonly string[];
}

export interface NodeEditState {
  /** Why editing the whole element is blocked; empty when it is not. */
  blockedBy: EditBlockReason[];
  canEdit: boolean;
  canDelete: boolean;
  canMove: boolean;
  /** Fields blocked because their value is inherited. */
  inheritedFields: string[];
}

export function nodeEditState(facts: NodeEditFacts): NodeEditState {
  const blockedBy: EditBlockReason[] = [];
  if (facts.openCallCount > 0) blockedBy.push("open_calls");
  if (facts.hasActiveOverride) blockedBy.push("active_override");
  return {
    blockedBy,
    canEdit: blockedBy.length === 0,
    // A node with open calls is not deleted under a nurse's feet either: editing is blocked.
    canDelete: facts.childCount === 0 && blockedBy.length === 0,
    canMove: !facts.inheritsData && blockedBy.length === 0,
    inheritedFields: [...(facts.inheritedFields ?? [])],
  };
}

/** The validation keys of the tree contract for each block. */
export const NODE_CHANGE_KEYS = {
  open_calls: "validation.blocked_open_calls",
  active_override: "validation.blocked_active_override",
  inherited: "validation.blocked_inherited",
  has_children: "validation.has_children",
  inheriting_cannot_move: "validation.inheriting_cannot_move",
} as const;

export type NodeChangeProblem = { field: string; message: (typeof NODE_CHANGE_KEYS)[keyof typeof NODE_CHANGE_KEYS] };

/**
 * What forbids a change of an existing node: `changed` are the input fields that change a value,
 * `inheritsAfter` whether the node inherits anything once the change is made (a move that
 * clears the flags in the same change is allowed). Whole-element blocks report under `_`.
 */
export function nodeChangeProblems(state: NodeEditState, changed: readonly string[], inheritsAfter: boolean): NodeChangeProblem[] {
  if (changed.length === 0) return [];
  const problems: NodeChangeProblem[] = state.blockedBy.map((reason) => ({ field: "_", message: NODE_CHANGE_KEYS[reason] }));
  if (problems.length > 0) return problems;
  for (const field of changed) {
    if (state.inheritedFields.includes(field)) problems.push({ field, message: NODE_CHANGE_KEYS.inherited });
  }
  if (changed.includes("parent_id") && inheritsAfter) problems.push({ field: "parent_id", message: NODE_CHANGE_KEYS.inheriting_cannot_move });
  return problems;
}

/** What forbids deleting a node ("Elements with children cannot be deleted"). */
export function nodeDeleteProblems(state: NodeEditState, childCount: number): NodeChangeProblem[] {
  const problems: NodeChangeProblem[] = state.blockedBy.map((reason) => ({ field: "_", message: NODE_CHANGE_KEYS[reason] }));
  if (childCount > 0) problems.push({ field: "_", message: NODE_CHANGE_KEYS.has_children });
  return problems;
}
