import { graphql, type ResultOf } from "../../../api/graphql";

const CALL_FILTER_FIELDS = graphql(`
  fragment CallFilterFields on CallFilter {
    id
    name
    owner_user_id
    owner_name
    shared
    range
    custom_from
    custom_to
    call_type_ids
    section_ids
    node_ids
    state
    min_duration
    can_edit
  }
`);

const REPORT_SUBSCRIPTION_FIELDS = graphql(`
  fragment ReportSubscriptionFields on ReportSubscription {
    id
    filter_id
    filter_name
    user_id
    user_name
    kind
    emails
    enabled
    status
    last_sent_at
    last_error
    attempts
    next_attempt_at
    next_send_at
  }
`);

/** The caller's own and the shared saved filters (docs/decisions/023-saved-call-filters-and-reports.md). */
export const CALL_FILTERS = graphql(
  `
    query CallFilters {
      callFilters {
        ...CallFilterFields
      }
      reportSubscriptions {
        ...ReportSubscriptionFields
      }
    }
  `,
  [CALL_FILTER_FIELDS, REPORT_SUBSCRIPTION_FIELDS],
);
export type CallFilterRecord = ResultOf<typeof CALL_FILTERS>["callFilters"][number];
export type ReportSubscriptionRecord = ResultOf<typeof CALL_FILTERS>["reportSubscriptions"][number];

export const CALL_FILTER = graphql(
  `
    query CallFilter($id: Int!) {
      callFilter(id: $id) {
        ...CallFilterFields
      }
    }
  `,
  [CALL_FILTER_FIELDS],
);

export const CREATE_CALL_FILTER = graphql(
  `
    mutation CreateCallFilter($data: CallFilterInput!) {
      createCallFilter(data: $data) {
        ...CallFilterFields
      }
    }
  `,
  [CALL_FILTER_FIELDS],
);

export const UPDATE_CALL_FILTER = graphql(
  `
    mutation UpdateCallFilter($id: Int!, $data: CallFilterInput!) {
      updateCallFilter(id: $id, data: $data) {
        ...CallFilterFields
      }
    }
  `,
  [CALL_FILTER_FIELDS],
);

export const DELETE_CALL_FILTER = graphql(`
  mutation DeleteCallFilter($id: Int!) {
    deleteCallFilter(id: $id) {
      id
    }
  }
`);

/** One user's subscriptions to one filter (default: the caller's). */
export const REPORT_SUBSCRIPTIONS = graphql(
  `
    query ReportSubscriptions($filter_id: Int, $user_id: Int) {
      reportSubscriptions(filter_id: $filter_id, user_id: $user_id) {
        ...ReportSubscriptionFields
      }
    }
  `,
  [REPORT_SUBSCRIPTION_FIELDS],
);

/** Whom the user's reports may go to: their own addresses (another user's need admin::manage_reports). */
export const REPORT_RECIPIENT = graphql(`
  query ReportRecipient($user_id: Int) {
    reportRecipient(user_id: $user_id) {
      user_id
      name
      emails
    }
  }
`);

export const SAVE_REPORT_SUBSCRIPTION = graphql(
  `
    mutation SaveReportSubscription($data: ReportSubscriptionInput!) {
      saveReportSubscription(data: $data) {
        ...ReportSubscriptionFields
      }
    }
  `,
  [REPORT_SUBSCRIPTION_FIELDS],
);

export const DELETE_REPORT_SUBSCRIPTION = graphql(`
  mutation DeleteReportSubscription($id: Int!) {
    deleteReportSubscription(id: $id) {
      id
    }
  }
`);

/** Reports whose delivery failed, is retried or was interrupted (admin::manage_reports). */
export const REPORT_DELIVERY_PROBLEMS = graphql(
  `
    query ReportDeliveryProblems {
      reportDeliveryProblems {
        ...ReportSubscriptionFields
      }
    }
  `,
  [REPORT_SUBSCRIPTION_FIELDS],
);

/** Filters and subscriptions are cached together: a change to one reads the lists again. */
export const FILTERS_CONTEXT = { additionalTypenames: ["CallFilter", "ReportSubscription"] };
