import { graphql } from "./graphql";

/** spec §7: "sendDeviceAction(action{action EndCalls, deviceID, sectionID}) returns success". */
export const SEND_DEVICE_ACTION = graphql(`
  mutation DisplaySendDeviceAction($action: DeviceActionInput!) {
    sendDeviceAction(action: $action) {
      success
    }
  }
`);

/** spec §7: "markCallAsManuallyClosedByUser(id) returns call fields". */
export const MARK_CALL_CLOSED = graphql(`
  mutation DisplayMarkCallClosed($id: Int!) {
    markCallAsManuallyClosedByUser(id: $id) {
      id
    }
  }
`);

/** The close flow's poll: "until the call vanishes from open calls" (ids are enough). */
export const OPEN_CALL_IDS = graphql(`
  query DisplayOpenCallIds($override_system: Int) {
    openCalls(override_system: $override_system) {
      id
    }
  }
`);
