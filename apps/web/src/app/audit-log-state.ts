import { createStore } from "../api/store";

/** One record whose history the log shows instead of everything (spec data §3.8 filter "entity_type, entity_id"). */
export interface AuditLogSubject {
  entityType: string;
  entityId: number;
  /** The record's name, for the modal's title. */
  name: string;
}

/**
 * spec: the audit log modal is "opened via an app-level visibility flag; stack entry named
 * auditlog": not a route, so it opens over whatever screen is shown and closing returns to it.
 * The shell hosts it; features open it (the top bar for everything, the system tree node form
 * for one node: "On route systemTreeNodeAuditLog it shows the history of one system tree node").
 */
export const auditLogOpen = createStore(false);

/** The record the open log is limited to; null for the whole log. */
export const auditLogSubject = createStore<AuditLogSubject | null>(null);

export function openAuditLog(subject: AuditLogSubject | null = null): void {
  auditLogSubject.set(subject);
  auditLogOpen.set(true);
}

export function closeAuditLog(): void {
  auditLogOpen.set(false);
  auditLogSubject.set(null);
}
