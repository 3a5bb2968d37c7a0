import { URGENCY_ORDER, type Urgency } from "@caresuite/domain";
import { ancestorIds, type TreeIndex } from "./tree-model";

/** What a badge reads of an open call (callsChanged): `number` is the device's node id. */
export interface BadgeCall {
  number: number;
  call_type: { urgency: string; color: string } | null;
}

export interface NodeBadge {
  /** Open calls on the node and its descendants. */
  count: number;
  /** The most urgent of those calls. */
  urgency: Urgency;
  /** The call type colour of the most urgent call (the first one seen of that urgency). */
  color: string | null;
}

function rank(urgency: string | undefined): number {
  const index = URGENCY_ORDER.indexOf((urgency ?? "NORMAL") as Urgency);
  return index < 0 ? 0 : index;
}

/**
 * The open-call badge of every node with open calls below it: each call counts on its device and
 * on every ancestor; the colour follows the most urgent call. Calls on nodes the user does not
 * see are left out entirely, on their ancestors too: callsChanged carries every open call of the
 * system (the call overview's right), but the tree's node list holds only visible nodes, so a call
 * of a hidden technical or wired device (or of a call source group with level None) never lifts
 * a visible room's count or colour. The server's node view lists the same calls (systemTreeNode
 * open_calls).
 */
export function openCallBadges(index: TreeIndex, calls: readonly BadgeCall[]): Map<number, NodeBadge> {
  const badges = new Map<number, NodeBadge>();
  for (const call of calls) {
    if (!index.byId.has(call.number)) continue;
    const callRank = rank(call.call_type?.urgency);
    for (const id of [call.number, ...ancestorIds(index, call.number)]) {
      const badge = badges.get(id);
      if (!badge) {
        badges.set(id, { count: 1, urgency: URGENCY_ORDER[callRank] ?? "NORMAL", color: call.call_type?.color ?? null });
        continue;
      }
      badge.count += 1;
      if (callRank > rank(badge.urgency)) {
        badge.urgency = URGENCY_ORDER[callRank] ?? "NORMAL";
        badge.color = call.call_type?.color ?? null;
      }
    }
  }
  return badges;
}
