import { graphql } from "../../../api/graphql";

/** LDAP sign-in settings (admin::manage_system, management licence); the admin password is write-only. */
const LDAP_SETTINGS_FIELDS = graphql(`
  fragment LdapSettingsFields on LdapSettings {
    enabled
    dsn
    starttls
    base_dn
    admin_user
    has_admin_password
    user_filter
    roles_attribute
    mapping {
      group_dn
      role_id
    }
  }
`);

export const LDAP_SETTINGS_QUERY = graphql(
  `
    query LdapSettings {
      ldapSettings {
        ...LdapSettingsFields
        role_choices {
          id
          name
        }
      }
    }
  `,
  [LDAP_SETTINGS_FIELDS],
);

export const UPDATE_LDAP_SETTINGS = graphql(
  `
    mutation UpdateLdapSettings($data: LdapSettingsInput!) {
      updateLdapSettings(data: $data) {
        ...LdapSettingsFields
      }
    }
  `,
  [LDAP_SETTINGS_FIELDS],
);

export const TEST_LDAP_CONNECTION = graphql(`
  mutation TestLdapConnection($data: LdapSettingsInput!) {
    testLdapConnection(data: $data) {
      ok
      failure
    }
  }
`);
