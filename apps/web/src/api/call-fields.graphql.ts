import { graphql } from "./graphql";

/** A call's type as cards and badges show it (the board, the demo screen, the call form). */
export const CALL_TYPE_FIELDS = graphql(`
  fragment CallTypeFields on CallCallType {
    id
    name
    color
    urgency
    flag
  }
`);

/**
 * An open call as the board's card and the call form read it (spec data §3.4), with what the
 * manual closure rule reads (domain canCloseCallManually: section and system tree node flags).
 */
export const CALL_CARD_FIELDS = graphql(
  `
    fragment CallCardFields on Call {
      id
      system_id
      number
      opened_at
      device_text_long
      device_text_short
      section_id
      section_name
      handled_by_app_username
      call_source {
        char
      }
      call_type {
        ...CallTypeFields
      }
      section {
        allow_manual_call_closure
      }
      system_tree_node {
        deny_manual_call_closure
      }
    }
  `,
  [CALL_TYPE_FIELDS],
);
