import { graphql } from "./graphql";

/** The mail server of scheduled reports; the password is write-only (has_password). admin::manage_system. */
const SMTP_SETTINGS_FIELDS = graphql(`
  fragment SmtpSettingsFields on SmtpSettings {
    host
    port
    security
    user
    has_password
    from
  }
`);

export const SMTP_SETTINGS_QUERY = graphql(
  `
    query SmtpSettings {
      smtpSettings {
        ...SmtpSettingsFields
      }
    }
  `,
  [SMTP_SETTINGS_FIELDS],
);

export const UPDATE_SMTP_SETTINGS = graphql(
  `
    mutation UpdateSmtpSettings($data: SmtpSettingsInput!) {
      updateSmtpSettings(data: $data) {
        ...SmtpSettingsFields
      }
    }
  `,
  [SMTP_SETTINGS_FIELDS],
);

export const SEND_TEST_MAIL = graphql(`
  mutation SendTestMail($to: String!) {
    sendTestMail(to: $to) {
      ok
      failure
    }
  }
`);
