import { useCallback, useEffect, useReducer, useRef } from "react";
import { useClient } from "urql";
import { AUDIT_PAGE_SIZE } from "@caresuite/domain";
import { AUDIT_LOG_QUERY, AUDIT_LOG_SINCE_LAST_COMMIT_QUERY, type AuditLogEntry, type AuditLogFilter } from "./audit.graphql";
import { auditPagesReducer, canLoadMore, initialAuditPages, type AuditMode, type AuditPages } from "./audit-pages";

export interface AuditLog extends AuditPages<AuditLogEntry> {
  loadMore: () => void;
  /** After a failure: asks for the page that failed again. */
  retry: () => void;
}

type Filter = Pick<AuditLogFilter, "start_time" | "entity_type" | "entity_id">;

/**
 * The audit entries in pages of 60, newest first. A new filter (another start time) starts the
 * list again; answers to an older filter are dropped. spec §7: both queries "no cache".
 */
export function useAuditLog(filter: Filter, mode: AuditMode = "log"): AuditLog {
  const client = useClient();
  const [state, dispatch] = useReducer(auditPagesReducer<AuditLogEntry>, undefined, initialAuditPages<AuditLogEntry>);
  const generation = useRef(0);
  const filterKey = JSON.stringify(filter);

  const load = useCallback(
    (offset: number): void => {
      const current = generation.current;
      const input: AuditLogFilter = { ...(JSON.parse(filterKey) as Filter), limit: AUDIT_PAGE_SIZE, offset };
      const document = mode === "sinceLastCommit" ? AUDIT_LOG_SINCE_LAST_COMMIT_QUERY : AUDIT_LOG_QUERY;
      dispatch({ type: "request" });
      void client
        .query(document, { input }, { requestPolicy: "network-only" })
        .toPromise()
        .then((result) => {
          if (current !== generation.current) return;
          if (result.error || !result.data) dispatch({ type: "failed" });
          else dispatch({ type: "loaded", page: result.data.auditLogs, mode });
        });
    },
    [client, filterKey, mode],
  );

  useEffect(() => {
    generation.current += 1;
    dispatch({ type: "reset" });
    load(0);
  }, [load]);

  const loadMore = (): void => {
    if (canLoadMore(state)) load(state.offset);
  };
  const retry = (): void => {
    if (!state.loading) load(state.offset);
  };
  return { ...state, loadMore, retry };
}
