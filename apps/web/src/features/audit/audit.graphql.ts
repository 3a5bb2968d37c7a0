import { gql, type TypedDocumentNode } from "@urql/core";

/** One field's change of an entry. */
export interface AuditLogChange {
  id: number;
  field: string;
  value_new: string | null;
  value_old: string | null;
  display_value_new: string | null;
  display_value_old: string | null;
}

/** spec data §3.8 "Audit log entry". */
export interface AuditLogEntry {
  id: number;
  system_id: number | null;
  user_id: number | null;
  /** ISO-8601 instant. */
  created_at: string;
  entity_id: number | null;
  entity_type: string;
  namespace: string;
  value_new: string | null;
  value_old: string | null;
  field: string | null;
  action: string;
  meta: string | null;
  entity_display_name: string | null;
  user: { id: number; name: string } | null;
  system: { name: string } | null;
  changes: AuditLogChange[];
}

/** spec data §3.8 "Filter: limit, offset, ignore_fields, start_time, entity_type, entity_id". */
export interface AuditLogFilter {
  limit?: number;
  offset?: number;
  ignore_fields?: string[];
  /** Entries at or before this instant (ISO-8601). */
  start_time?: string | null;
  entity_type?: string | null;
  entity_id?: number | null;
}

const ENTRY_FIELDS = `id system_id user_id created_at entity_id entity_type namespace value_new value_old field action meta entity_display_name
  user { id name } system { name } changes { id field value_new value_old display_value_new display_value_old }`;

/** spec §7: "AuditLog(input: required filter) returns auditLogs; ... no cache", newest first. */
export const AUDIT_LOG_QUERY: TypedDocumentNode<{ auditLogs: AuditLogEntry[] }, { input: AuditLogFilter }> = gql`
  query AuditLog($input: AuditLogFilter!) {
    auditLogs(input: $input) { ${ENTRY_FIELDS} }
  }
`;

/** spec §7: "AuditLogSinceLastCommit(optional input) aliased auditLogs". */
export const AUDIT_LOG_SINCE_LAST_COMMIT_QUERY: TypedDocumentNode<{ auditLogs: AuditLogEntry[] }, { input: AuditLogFilter }> = gql`
  query AuditLogSinceLastCommit($input: AuditLogFilter) {
    auditLogs: auditLogsSinceLastCommit(input: $input) { ${ENTRY_FIELDS} }
  }
`;
