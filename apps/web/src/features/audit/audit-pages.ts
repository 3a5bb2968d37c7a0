import { AUDIT_PAGE_SIZE, hasMoreAuditData, sinceLastCommitDone } from "@caresuite/domain";

/**
 * The audit log's paging (spec §4 "Audit paging": "more data while the last page has at least
 * 60 entries. Since-last-commit mode stops when a result is empty or its last entry is
 * gets_committed. Changing the start time resets offset and list.").
 */
export type AuditMode = "log" | "sinceLastCommit";

export interface AuditPages<T> {
  entries: T[];
  /** The offset of the next page. */
  offset: number;
  /** Whether the end was reached ("no more data"). */
  done: boolean;
  loading: boolean;
  failed: boolean;
}

export type AuditPagesAction<T> =
  { type: "reset" } | { type: "request" } | { type: "loaded"; page: readonly T[]; mode: AuditMode; pageSize?: number } | { type: "failed" };

export function initialAuditPages<T>(): AuditPages<T> {
  return { entries: [], offset: 0, done: false, loading: false, failed: false };
}

export function auditPagesReducer<T extends { action: string }>(state: AuditPages<T>, event: AuditPagesAction<T>): AuditPages<T> {
  switch (event.type) {
    case "reset":
      return initialAuditPages<T>();
    case "request":
      return { ...state, loading: true, failed: false };
    case "loaded": {
      const done = event.mode === "sinceLastCommit" ? sinceLastCommitDone(event.page) : !hasMoreAuditData(event.page.length, event.pageSize ?? AUDIT_PAGE_SIZE);
      return { entries: [...state.entries, ...event.page], offset: state.offset + event.page.length, done, loading: false, failed: false };
    }
    case "failed":
      return { ...state, loading: false, failed: true };
  }
}

/** Whether the next page may be asked for now (the Load more button and the auto-load). */
export function canLoadMore(state: Pick<AuditPages<unknown>, "done" | "loading" | "failed">): boolean {
  return !state.done && !state.loading && !state.failed;
}
