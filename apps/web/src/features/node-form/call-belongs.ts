/**
 * Whether a call belongs to the node whose form opened it (/tree/edit/:nodeid/calls/:id): the
 * node lists the open calls of itself and of every device below it (spec §7 "SystemTreeNode(id):
 * node with open calls"), so the call's device is the node or has it among its parents. Another
 * node's call in the address shows the not-found state.
 */
export function callBelongsToNode(nodeId: number, callNumber: number, deviceParentIds: readonly number[]): boolean {
  return callNumber === nodeId || deviceParentIds.includes(nodeId);
}
