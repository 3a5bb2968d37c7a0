import { graphql } from "../../api/graphql";

/** One page of the call log (docs/call-log.md): the row's fields, the capped count, the period. */
export const CALL_LOG = graphql(`
  query CallLog($filter: CallLogFilter) {
    callLog(filter: $filter) {
      items {
        id
        opened_at
        closed_at
        is_closed
        duration
        response_time
        device_text_long
        device_text_short
        section_name
        call_type_text
        call_type {
          id
          name
          color
        }
      }
      total
      total_capped
      from
      to
      time_zone
    }
  }
`);

/** The call types to filter by: the public display relations carry them for every user. */
export const LOG_CALL_TYPES = graphql(`
  query LogCallTypes {
    displayRelations {
      call_types {
        id
        name
        color
        sort_order
      }
    }
  }
`);

/** The sections to filter by (every call log user may read them). */
export const LOG_SECTIONS = graphql(`
  query LogSections {
    callLogSections {
      id
      name
    }
  }
`);

/** The node picker: any node of the tree, found by the server (at most 50 per search). */
export const LOG_NODE_CHOICES = graphql(`
  query LogNodeChoices($search: String, $include_ids: [Int!]) {
    systemTreeNodeChoices(purpose: PARENT, search: $search, include_ids: $include_ids) {
      id
      name
    }
  }
`);

/** Open calls changed: the list is read again (open calls' durations and states move). */
export const LOG_CALLS_CHANGED = graphql(`
  subscription LogCallsChanged {
    callsChanged {
      id
    }
  }
`);
