import { graphql } from "../../../api/graphql";

/** The system area's tools (docs/decisions/044-cleanup-logs-maintenance.md). */
export const CLEANUP_PREVIEW_QUERY = graphql(`
  query CleanupPreview($data: CleanupScopeInput!) {
    cleanupPreview(data: $data) {
      calls
      audit_logs
      exports
    }
  }
`);

export const CLEANUP_MUTATION = graphql(`
  mutation Cleanup($data: CleanupInput!) {
    cleanup(data: $data) {
      calls
      audit_logs
      exports
    }
  }
`);

export const MAINTENANCE_STATUS_QUERY = graphql(`
  query MaintenanceStatus {
    maintenanceStatus {
      database_ok
      database_latency_ms
      links {
        system_id
        name
        connected
        last_event_at
        last_error
      }
      disk_free_bytes
      disk_total_bytes
      backup_count
      last_backup_at
      last_publish_at
      last_publish_system_id
    }
  }
`);

export const RESTART_LINK_MUTATION = graphql(`
  mutation RestartCallSystemLink {
    restartCallSystemLink
  }
`);

export const REIMPORT_MUTATION = graphql(`
  mutation ReimportConfiguration {
    reimportConfiguration
  }
`);

export const LOG_FILES_QUERY = graphql(`
  query LogFiles {
    logFiles {
      name
      size
      modified_at
    }
  }
`);

export const LOG_FILE_LINES_QUERY = graphql(`
  query LogFileLines($name: String!, $level: String, $text: String, $limit: Int) {
    logFileLines(name: $name, level: $level, text: $text, limit: $limit) {
      lines {
        n
        time
        level
        msg
        context
        raw
      }
      last
      truncated
    }
  }
`);
