import { graphql, type ResultOf } from "../../api/graphql";
import { CALL_TYPE_FIELDS } from "../../api/call-fields.graphql";

/**
 * spec §7: "callsChanged(override_system) returns the open call list": the full list first, then
 * again after every change, already in display order. Public, like the demo screen. Each call
 * with the fields the screen reads (spec data §3.4; `number` is the device id).
 */
export const DEMO_CALLS_CHANGED = graphql(
  `
    subscription DemoCallsChanged {
      callsChanged {
        id
        number
        call_type_id
        call_type_text
        device_text_long
        device_text_short
        section_name
        opened_at
        duration
        is_closed
        call_type {
          ...CallTypeFields
          sort_order
        }
        section {
          id
          name
        }
        system_tree_node {
          id
          text_short
          text_long
        }
      }
    }
  `,
  [CALL_TYPE_FIELDS],
);

/** An open call as the demo screen shows it. */
export type DemoCall = ResultOf<typeof DEMO_CALLS_CHANGED>["callsChanged"][number];

/** spec §7 "SystemTreeNode(id): node with open calls, children, linking nodes, parents; polled every 8000 ms on demo nodes". */
export const DEMO_NODE = graphql(`
  query DemoNode($id: Int!) {
    systemTreeNode(id: $id) {
      id
      open_calls {
        id
        number
        call_type_id
      }
    }
  }
`);

/** The open calls of one demo node, as the spec's 8-second poll reads them. */
export type DemoNodeCalls = ResultOf<typeof DEMO_NODE>["systemTreeNode"];
