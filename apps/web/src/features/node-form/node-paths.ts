import { routePathByName } from "@caresuite/domain";

/**
 * Where the node form and its child routes live (spec route table: /tree/edit/:id?,
 * /tree/edit/:nodeid/flightprofiles/:id?, /tree/edit/:nodeid/calls/:id?, /tree/audit).
 */
export function nodeFormPath(id: number): string {
  return routePathByName("systemTreeNodeForm", { id });
}

export function nodeCallPath(nodeId: number, callId: number): string {
  return `${nodeFormPath(nodeId)}/calls/${callId}`;
}

export function nodeFlightProfilePath(nodeId: number, profileId: number): string {
  return `${nodeFormPath(nodeId)}/flightprofiles/${profileId}`;
}

export function nodeAuditPath(nodeId: number): string {
  return routePathByName("systemTreeNodeAuditLog", { id: nodeId });
}

/** A new node (spec "id -1 means a new record"), optionally below a parent (`?parent=`). */
export function newNodePath(parentId: number | null): string {
  return routePathByName("systemTreeNodeForm", { id: -1 }, { parent: parentId });
}
