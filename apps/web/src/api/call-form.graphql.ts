import { graphql } from "./graphql";
import { CALL_CARD_FIELDS } from "./call-fields.graphql";

/** The call form's call (spec data §3.4): the card's fields and its closed state. */
export const CALL = graphql(
  `
    query CallForm($id: Int!) {
      call(id: $id) {
        ...CallCardFields
        system_name
        closed_at
        is_closed
        duration
        manually_closed_by_username
      }
    }
  `,
  [CALL_CARD_FIELDS],
);
