import { graphql } from "./graphql";
import { LICENCE_FIELDS } from "./licence-fields";

const LICENCE_FRAGMENT = graphql(LICENCE_FIELDS);

/** spec: "activateLicense(customer, code) returns id, name, features, limits" (setup wizard and /admin/license). */
export const ACTIVATE_LICENSE = graphql(
  `
    mutation ActivateLicense($customer: String!, $code: String!) {
      activateLicense(customer: $customer, code: $code) {
        ...LicenceFields
      }
    }
  `,
  [LICENCE_FRAGMENT],
);
