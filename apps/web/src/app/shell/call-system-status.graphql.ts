import { graphql } from "../../api/graphql";

/** The top bar's poll: the link state of every call system the user may see. */
export const CALL_SYSTEM_STATUS = graphql(`
  query CallSystemStatus {
    callSystemStatus {
      system_id
      connected
      last_event_at
      last_error
    }
  }
`);
