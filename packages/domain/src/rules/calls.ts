import { hasPermission, isLoggedIn, type AuthUser } from "../auth-user.ts";
import { DEFAULT_SORT_ORDER } from "../constants.ts";

/** Pure call rules (spec screens §4 "Call ordering", §6 "Manual call closure"). */

/** spec data §3.1: "Call priority / urgency: Emergency, Normal, Urgent (order NORMAL, URGENT, EMERGENCY)". */
export const URGENCY_ORDER = ["NORMAL", "URGENT", "EMERGENCY"] as const;
export type Urgency = (typeof URGENCY_ORDER)[number];

export interface OrderableCall {
  opened_at: string;
  call_type: { urgency: string; sort_order: number | null } | null;
}

const urgencyRank = (call: OrderableCall): number => {
  const index = URGENCY_ORDER.indexOf((call.call_type?.urgency ?? "NORMAL") as Urgency);
  return index < 0 ? 0 : index;
};

/**
 * spec: "Call ordering: urgency descending (NORMAL, URGENT, EMERGENCY), then call type sort_order
 * (default 999), then duration" — the longest-waiting call (earliest opened) first.
 */
export function compareCalls(a: OrderableCall, b: OrderableCall): number {
  return (
    urgencyRank(b) - urgencyRank(a) ||
    (a.call_type?.sort_order ?? DEFAULT_SORT_ORDER) - (b.call_type?.sort_order ?? DEFAULT_SORT_ORDER) ||
    Date.parse(a.opened_at) - Date.parse(b.opened_at)
  );
}

/** The calls in display order (a new array). */
export function sortCalls<T extends OrderableCall>(calls: readonly T[]): T[] {
  return [...calls].sort(compareCalls);
}

/** spec §9: "EMERGENCY and URGENT are elevated". */
export function isElevated(urgency: string | null | undefined): boolean {
  return urgency === "URGENT" || urgency === "EMERGENCY";
}

/**
 * spec §6: "Manual call closure: allowed with close_calls; otherwise denied if the node has
 * deny_manual_call_closure; otherwise allowed if the section allows manual closure and the user
 * is logged in."
 */
export function canCloseCallManually(
  user: AuthUser,
  call: { system_tree_node: { deny_manual_call_closure: boolean } | null; section: { allow_manual_call_closure: boolean } | null },
): boolean {
  if (isLoggedIn(user) && (hasPermission(user, "visuals::close_calls") || hasPermission(user, "calllog::close_calls"))) return true;
  if (call.system_tree_node?.deny_manual_call_closure) return false;
  return (call.section?.allow_manual_call_closure ?? false) && isLoggedIn(user);
}

/** spec data §3.4 "weekday" of a call: ISO weekday 1 (Monday) … 7 (Sunday) in local time. */
export function weekdayOf(iso: string): number {
  const day = new Date(iso).getDay();
  return day === 0 ? 7 : day;
}

/** Duration in whole seconds between opening and closing (or now for open calls). */
export function callDurationSeconds(openedAt: string, closedAt: string | null, now: number): number {
  return Math.max(0, Math.floor(((closedAt ? Date.parse(closedAt) : now) - Date.parse(openedAt)) / 1000));
}
