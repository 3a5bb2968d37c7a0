import { gql, type TypedDocumentNode } from "urql";
import type { GlobalSettings } from "@caresuite/domain";

const FIELDS = `
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
`;

/** Read in the admin area with admin::use_module. */
export const GLOBAL_SETTINGS_QUERY: TypedDocumentNode<{ globalSettings: GlobalSettings | null }, Record<string, never>> = gql`
  query GlobalSettings {
    globalSettings {
      ${FIELDS}
    }
  }
`;

/** Written with admin::manage_system; the whole object each time. */
export const UPDATE_GLOBAL_SETTINGS: TypedDocumentNode<{ updateGlobalSettings: GlobalSettings | null }, { data: GlobalSettings }> = gql`
  mutation UpdateGlobalSettings($data: GlobalSettingsInput!) {
    updateGlobalSettings(data: $data) {
      ${FIELDS}
    }
  }
`;
