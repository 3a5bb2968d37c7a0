import { graphql, type ResultOf } from "../../../api/graphql";

/** Refetch the screen after a save or a new delivery. */
export const NOTIFICATIONS_CONTEXT = { additionalTypenames: ["IncidentNotificationSettings", "IncidentNotificationDelivery"] };

/** A user's incident e-mail settings (default: the caller's) and the recent deliveries (docs/decisions/039). */
export const INCIDENT_NOTIFICATION_SETTINGS = graphql(`
  query IncidentNotificationSettings($user_id: Int) {
    incidentNotificationSettings(user_id: $user_id) {
      user_id
      name
      emails
      subscriptions {
        subject
        severity
      }
      deliveries {
        id
        incident_id
        subject
        severity
        kind
        device
        status
        last_error
        created_at
        sent_at
      }
    }
  }
`);
export type IncidentNotificationSettingsRecord = ResultOf<typeof INCIDENT_NOTIFICATION_SETTINGS>["incidentNotificationSettings"];
export type IncidentNotificationDeliveryRecord = IncidentNotificationSettingsRecord["deliveries"][number];

export const SAVE_INCIDENT_NOTIFICATION_SETTINGS = graphql(`
  mutation SaveIncidentNotificationSettings($data: IncidentNotificationSettingsInput!) {
    saveIncidentNotificationSettings(data: $data) {
      user_id
      subscriptions {
        subject
        severity
      }
    }
  }
`);

/** The users a user administrator may choose from (admin::manage_users). */
export const NOTIFICATION_USERS = graphql(`
  query IncidentNotificationUsers($search: String) {
    users(filter: { search: $search, limit: 50 }) {
      items {
        id
        username
        name
      }
    }
  }
`);
