import { graphql } from "../../api/graphql";

/**
 * The caller's export jobs of one source (docs/decisions/025-call-log-exports.md,
 * 037-system-tree-export.md): the log lists its call log exports, the tree its tree exports.
 */
export const EXPORT_JOBS = graphql(`
  query ExportJobs($source: String!) {
    exports(source: $source) {
      id
      source
      format
      state
      progress
      row_count
      error
      created_at
      file_name
    }
  }
`);

/** Starts an export of the source; Calls takes the filter on screen (the server ignores its paging). */
export const START_EXPORT = graphql(`
  mutation StartExport($source: String!, $filter: CallLogFilter, $format: ExportFormat!) {
    startExport(source: $source, filter: $filter, format: $format) {
      id
      state
    }
  }
`);

export const CANCEL_EXPORT = graphql(`
  mutation CancelExport($id: Int!) {
    cancelExport(id: $id) {
      id
      state
    }
  }
`);

export const RESTART_EXPORT = graphql(`
  mutation RestartExport($id: Int!) {
    restartExport(id: $id) {
      id
      state
    }
  }
`);
