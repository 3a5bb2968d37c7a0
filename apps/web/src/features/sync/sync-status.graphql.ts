import { gql, type TypedDocumentNode } from "urql";

/** One call system's link as the /sync page shows it. */
export interface SyncLinkStatus {
  system_id: number;
  connected: boolean;
  last_event_at: string | null;
  firmware: string | null;
}

export const SYNC_LINK_STATUS: TypedDocumentNode<{ callSystemStatus: SyncLinkStatus[] }, Record<string, never>> = gql`
  query SyncLinkStatus {
    callSystemStatus {
      system_id
      connected
      last_event_at
      firmware
    }
  }
`;
