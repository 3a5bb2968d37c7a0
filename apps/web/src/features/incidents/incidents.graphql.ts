import { graphql } from "../../api/graphql";

/** One row of the incident list and the fields of the detail (spec data §3.8). */
export const INCIDENT_FIELDS = graphql(`
  fragment IncidentFields on Incident {
    id
    severity
    status
    subject
    created_at
    assigned_at
    closed_at
    notifications_paused_until
    user {
      id
      name
    }
    closed_by {
      id
      name
    }
    target {
      id
      name
      kind
      text_short
      text_long
    }
    checkpoint {
      number
      text
    }
    monitor {
      id
      name
      criterion
      threshold
      timeframe
    }
  }
`);

/** The list of /analytics/incidents (filter All, Open, Settled; newest first), a page at a time (limit/offset). */
export const INCIDENTS = graphql(
  `
    query Incidents($filter: IncidentFilter, $limit: Int, $offset: Int) {
      incidents(filter: $filter, limit: $limit, offset: $offset) {
        ...IncidentFields
      }
    }
  `,
  [INCIDENT_FIELDS],
);

export const INCIDENT = graphql(
  `
    query Incident($id: Int!) {
      incident(id: $id) {
        ...IncidentFields
        call_id
        checkpoint {
          number
          text
        }
      }
    }
  `,
  [INCIDENT_FIELDS],
);

export const ASSIGN_INCIDENT = graphql(
  `
    mutation AssignIncident($id: Int!) {
      assignIncident(id: $id) {
        ...IncidentFields
      }
    }
  `,
  [INCIDENT_FIELDS],
);

export const CLOSE_INCIDENT = graphql(
  `
    mutation CloseIncident($id: Int!) {
      closeIncident(id: $id) {
        ...IncidentFields
      }
    }
  `,
  [INCIDENT_FIELDS],
);

export const REOPEN_INCIDENT = graphql(
  `
    mutation ReopenIncident($id: Int!) {
      reopenIncident(id: $id) {
        ...IncidentFields
      }
    }
  `,
  [INCIDENT_FIELDS],
);

/**
 * spec data: "HeaderBarOpenIncidents: ... returns status and severity; cache-and-network; only
 * for users who manage incidents". It asks for Open, not Settled: the indicator rule looks for New
 * incidents, which Settled (Closed) never holds (docs/decisions/033-incident-engine.md, 035).
 */
export const HEADER_BAR_OPEN_INCIDENTS = graphql(`
  query HeaderBarOpenIncidents {
    incidents(filter: Open) {
      id
      status
      severity
    }
  }
`);
