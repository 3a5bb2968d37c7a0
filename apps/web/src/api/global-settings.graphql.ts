import { graphql } from "./graphql";

/** Every global setting (spec data §3.2): the domain's GlobalSettings, field for field. */
const GLOBAL_SETTINGS_FIELDS = graphql(`
  fragment GlobalSettingsFields on GlobalSettings {
    ignore_linkable_node_pool_for_super_users
    system_tree_text_long_required
    allow_empty_call_source_names
    battery_threshold_low
    battery_threshold_critical
    defects_timeout
    monitoring_timeout_radio
    monitoring_timeout_tech
    monitoring_timeout_wired
    locale
  }
`);

/** Read in the admin area with admin::use_module. */
export const GLOBAL_SETTINGS_QUERY = graphql(
  `
    query GlobalSettings {
      globalSettings {
        ...GlobalSettingsFields
      }
    }
  `,
  [GLOBAL_SETTINGS_FIELDS],
);

/** Written with admin::manage_system; the whole object each time. */
export const UPDATE_GLOBAL_SETTINGS = graphql(
  `
    mutation UpdateGlobalSettings($data: GlobalSettingsInput!) {
      updateGlobalSettings(data: $data) {
        ...GlobalSettingsFields
      }
    }
  `,
  [GLOBAL_SETTINGS_FIELDS],
);
