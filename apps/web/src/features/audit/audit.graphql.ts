import { graphql, type ResultOf, type VariablesOf } from "../../api/graphql";

/** spec data §3.8 "Audit log entry", with each field's change; `created_at` is an ISO-8601 instant. */
const AUDIT_ENTRY_FIELDS = graphql(`
  fragment AuditEntryFields on AuditLog {
    id
    system_id
    user_id
    created_at
    entity_id
    entity_type
    namespace
    value_new
    value_old
    field
    action
    meta
    entity_display_name
    user {
      id
      name
    }
    system {
      name
    }
    changes {
      id
      field
      value_new
      value_old
      display_value_new
      display_value_old
    }
  }
`);

export type AuditLogEntry = ResultOf<typeof AUDIT_ENTRY_FIELDS>;

/** spec §7: "AuditLog(input: required filter) returns auditLogs; ... no cache", newest first. */
export const AUDIT_LOG_QUERY = graphql(
  `
    query AuditLog($input: AuditLogFilter!) {
      auditLogs(input: $input) {
        ...AuditEntryFields
      }
    }
  `,
  [AUDIT_ENTRY_FIELDS],
);

/** spec data §3.8 "Filter: limit, offset, ignore_fields, start_time, entity_type, entity_id"; start_time: entries at or before it (ISO-8601). */
export type AuditLogFilter = VariablesOf<typeof AUDIT_LOG_QUERY>["input"];

/** spec §7: "AuditLogSinceLastCommit(optional input) aliased auditLogs". */
export const AUDIT_LOG_SINCE_LAST_COMMIT_QUERY = graphql(
  `
    query AuditLogSinceLastCommit($input: AuditLogFilter) {
      auditLogs: auditLogsSinceLastCommit(input: $input) {
        ...AuditEntryFields
      }
    }
  `,
  [AUDIT_ENTRY_FIELDS],
);
