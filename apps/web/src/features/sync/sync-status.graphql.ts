import { graphql, type ResultOf } from "../../api/graphql";

export const SYNC_LINK_STATUS = graphql(`
  query SyncLinkStatus {
    callSystemStatus {
      system_id
      connected
      last_event_at
      firmware
    }
  }
`);

/** One call system's link as the /sync page shows it. */
export type SyncLinkStatus = ResultOf<typeof SYNC_LINK_STATUS>["callSystemStatus"][number];
