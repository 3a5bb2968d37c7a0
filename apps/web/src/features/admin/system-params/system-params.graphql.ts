import { graphql, type ResultOf, type VariablesOf } from "../../../api/graphql";

/**
 * A configurator as the admin API returns it (spec data §3.8). Never the password: `has_password`
 * says whether one is stored. Times of day "HH:MM"; weekend in minutes from a Monday-start week;
 * `sections` are the system's sections (what call suppression may name).
 */
const SYSTEM_PARAM_FIELDS = graphql(`
  fragment SystemParamFields on SystemParams {
    id
    name
    ip
    username
    has_password
    tcp_port
    dhcp
    gateway
    subnet
    ntp_server
    timezone
    daylight_savings
    display_language
    night_start
    night_stop
    weekend_start
    weekend_stop
    auto_commit
    call_suppression_enabled
    call_suppression_sections
    call_suppression_time_start
    call_suppression_time_end
    version
    sections {
      id
      name
    }
  }
`);

export type SystemParamRecord = ResultOf<typeof SYSTEM_PARAM_FIELDS>;

/** Deletes answer DeletedSystemParam and an empty list holds no SystemParams: name them for cache invalidation. */
export const SYSTEM_PARAMS_CONTEXT = { additionalTypenames: ["SystemParams", "DeletedSystemParam"] };

/** What the list shows. */
export const SYSTEM_PARAMS_QUERY = graphql(`
  query SystemParams {
    systemParams {
      id
      name
      ip
      tcp_port
      version
    }
  }
`);

export type SystemParamRow = ResultOf<typeof SYSTEM_PARAMS_QUERY>["systemParams"][number];

/** The links' state (connected or not) for the list's status column. */
export const LINK_STATUS_QUERY = graphql(`
  query SystemParamLinks {
    callSystemStatus {
      system_id
      connected
      last_error
    }
  }
`);

export type LinkStatus = ResultOf<typeof LINK_STATUS_QUERY>["callSystemStatus"][number];

export const SYSTEM_PARAM_QUERY = graphql(
  `
    query SystemParam($id: Int!) {
      systemParam(id: $id) {
        ...SystemParamFields
      }
    }
  `,
  [SYSTEM_PARAM_FIELDS],
);

export const CREATE_SYSTEM_PARAM = graphql(
  `
    mutation CreateSystemParam($data: SystemParamInput!) {
      createSystemParam(data: $data) {
        ...SystemParamFields
      }
    }
  `,
  [SYSTEM_PARAM_FIELDS],
);

/** `SystemParamInput` of the API: the record's settings, with the password to set (empty keeps it). */
export type SystemParamApiInput = VariablesOf<typeof CREATE_SYSTEM_PARAM>["data"];

export const UPDATE_SYSTEM_PARAM = graphql(
  `
    mutation UpdateSystemParam($id: Int!, $data: SystemParamInput!) {
      updateSystemParam(id: $id, data: $data) {
        ...SystemParamFields
      }
    }
  `,
  [SYSTEM_PARAM_FIELDS],
);

export const DELETE_SYSTEM_PARAM = graphql(`
  mutation DeleteSystemParam($ids: [Int!]!) {
    deleteSystemParam(ids: $ids) {
      id
      name
    }
  }
`);
