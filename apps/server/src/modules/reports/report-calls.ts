import type { RequestContext } from "../../context.ts";
import { queryCallLog } from "../calls/call-log.service.ts";
import type { CallView } from "../calls/calls.repo.ts";
import type { CallFilterView } from "./call-filters.service.ts";

/**
 * A report carries at most this many calls (a month of a big site); the e-mail says when it was cut.
 * Mutable only so tests can lower it; nothing else writes it.
 */
export const REPORT_LIMITS = { maxCalls: 50_000 };
const PAGE = 5_000;

/**
 * The calls of a saved filter in [from, to), oldest first, read through the call log's own query
 * (its filters, its visibility rules for defect calls), page by page.
 */
export async function callsForReport(
  ctx: RequestContext,
  filter: CallFilterView,
  period: { from: number; to: number },
): Promise<{ calls: CallView[]; truncated: boolean }> {
  const calls: CallView[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await queryCallLog(
      ctx,
      filter.system_id,
      {
        from: new Date(period.from).toISOString(),
        to: new Date(period.to).toISOString(),
        call_type_ids: filter.call_type_ids.length ? filter.call_type_ids : null,
        section_ids: filter.section_ids.length ? filter.section_ids : null,
        node_ids: filter.node_ids.length ? filter.node_ids : null,
        state: filter.state,
        min_duration_seconds: filter.min_duration || null,
        sort: "OPENED_AT",
        direction: "ASC",
        offset,
        limit: PAGE,
        with_total: false,
      },
      { maxLimit: PAGE },
    );
    calls.push(...page.items);
    // Reading past the cap tells whether more calls match than the report carries.
    if (calls.length > REPORT_LIMITS.maxCalls) return { calls: calls.slice(0, REPORT_LIMITS.maxCalls), truncated: true };
    if (page.items.length < PAGE) return { calls, truncated: false };
  }
}
