import { gql, type TypedDocumentNode } from "urql";

/** spec §7: "sendDeviceAction(action{action EndCalls, deviceID, sectionID}) returns success". */
export const SEND_DEVICE_ACTION: TypedDocumentNode<
  { sendDeviceAction: { success: boolean } },
  { action: { action: "EndCalls"; deviceID: number; sectionID: number | null } }
> = gql`
  mutation DisplaySendDeviceAction($action: DeviceActionInput!) {
    sendDeviceAction(action: $action) {
      success
    }
  }
`;

/** spec §7: "markCallAsManuallyClosedByUser(id) returns call fields". */
export const MARK_CALL_CLOSED: TypedDocumentNode<{ markCallAsManuallyClosedByUser: { id: number } }, { id: number }> = gql`
  mutation DisplayMarkCallClosed($id: Int!) {
    markCallAsManuallyClosedByUser(id: $id) {
      id
    }
  }
`;

/** The close flow's poll: "until the call vanishes from open calls" (ids are enough). */
export const OPEN_CALL_IDS: TypedDocumentNode<{ openCalls: { id: number }[] }, { override_system?: number | null }> = gql`
  query DisplayOpenCallIds($override_system: Int) {
    openCalls(override_system: $override_system) {
      id
    }
  }
`;
