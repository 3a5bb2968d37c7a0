import { graphql, type ResultOf } from "../../../api/graphql";

/** /admin/defects: the devices with an open defect call (route table "admin::manage_system or calllog::see_defects"). */
export const DEFECTS_QUERY = graphql(`
  query AdminDefects {
    defects {
      device_id
      device_name
      device_path
      call_type_id
      call_type_name
      since
      open_calls
    }
  }
`);

/** spec data §3.1 "Control actions: ... IgnoreDefects ...": one device, or without deviceID the whole system. */
export const IGNORE_DEFECTS = graphql(`
  mutation AdminIgnoreDefects($deviceID: Int) {
    ignoreDefects(deviceID: $deviceID) {
      success
      sent_to
    }
  }
`);

export type DefectRow = ResultOf<typeof DEFECTS_QUERY>["defects"][number];

/** The defects query's cache key (mutations refetch it by typename). */
export const DEFECTS_CONTEXT = { additionalTypenames: ["Defect"] };
