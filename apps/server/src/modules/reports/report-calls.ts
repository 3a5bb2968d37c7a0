import type { RequestContext } from "../../context.ts";
import type { CallView } from "../calls/calls.repo.ts";
import { callLog } from "../calls/calls.service.ts";
import type { CallFilterView } from "./call-filters.service.ts";

/** A report carries at most this many calls (a month of a big site); the e-mail says when it was cut. */
export const REPORT_MAX_CALLS = 50_000;
const PAGE = 500;

/**
 * The calls of a saved filter in [from, to), oldest first. The one place that reads the call log
 * (calls.service `callLog`): the call log's own filters grow in parallel work, and what it cannot
 * filter yet (nodes, open/closed, minimum duration) is filtered here, so merging touches only this.
 */
export async function callsForReport(
  ctx: RequestContext,
  filter: CallFilterView,
  period: { from: number; to: number },
): Promise<{ calls: CallView[]; truncated: boolean }> {
  const base = {
    from: new Date(period.from).toISOString(),
    to: new Date(period.to).toISOString(),
    call_type_ids: filter.call_type_ids.length ? filter.call_type_ids : null,
    section_ids: filter.section_ids.length ? filter.section_ids : null,
  };
  const nodes = new Set(filter.node_ids);
  const calls: CallView[] = [];
  let truncated = false;
  for (let offset = 0; ; offset += PAGE) {
    const page = await callLog(ctx, filter.system_id, { ...base, offset, limit: PAGE });
    for (const call of page.items) {
      if (nodes.size > 0 && !nodes.has(call.system_tree_node?.id ?? call.number)) continue;
      if (filter.state === "open" && call.is_closed) continue;
      if (filter.state === "closed" && !call.is_closed) continue;
      if (filter.min_duration && call.duration < filter.min_duration) continue;
      calls.push(call);
    }
    if (calls.length >= REPORT_MAX_CALLS) {
      truncated = true;
      calls.length = REPORT_MAX_CALLS;
      break;
    }
    if (page.items.length < PAGE || offset + PAGE >= page.total) break;
  }
  // The call log is newest first; a report reads top to bottom in time.
  return { calls: calls.reverse(), truncated };
}
