/**
 * The licence's fields (the domain's Licence), one fragment for AppData and the setup wizard's
 * activation. A plain string, not a parsed document: AppData is sent as text from the first chunk
 * (docs/decisions/014); the setup wizard's document wraps it with gql.tada.
 */
export const LICENCE_FIELDS = `
  fragment LicenceFields on License {
    id
    name
    features {
      analytics
      log
      management
    }
    limits {
      devices
      visuals
      app_clients
      systems
    }
  }
`;
