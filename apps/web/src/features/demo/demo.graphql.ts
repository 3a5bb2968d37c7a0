import { gql, type TypedDocumentNode } from "urql";

/** An open call as the demo screen shows it (spec data §3.4, the fields the screen reads). */
export interface DemoCall {
  id: number;
  /** spec: "number (device id)". */
  number: number;
  call_type_id: number;
  call_type_text: string;
  device_text_long: string;
  device_text_short: string;
  section_name: string;
  opened_at: string;
  duration: number;
  is_closed: boolean;
  call_type: { id: number; urgency: string; color: string; name: string; sort_order: number; flag: string } | null;
  section: { id: number; name: string } | null;
  system_tree_node: { id: number; text_short: string; text_long: string } | null;
}

/**
 * spec §7: "callsChanged(override_system) returns the open call list": the full list first, then
 * again after every change, already in display order. Public, like the demo screen.
 */
export const DEMO_CALLS_CHANGED: TypedDocumentNode<{ callsChanged: DemoCall[] }> = gql`
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
        id
        urgency
        color
        name
        sort_order
        flag
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
`;

/** The open calls of one demo node, as the spec's 8-second poll reads them. */
export interface DemoNodeCalls {
  id: number;
  open_calls: { id: number; number: number; call_type_id: number }[];
}

/** spec §7 "SystemTreeNode(id): node with open calls, children, linking nodes, parents; polled every 8000 ms on demo nodes". */
export const DEMO_NODE: TypedDocumentNode<{ systemTreeNode: DemoNodeCalls }, { id: number }> = gql`
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
`;
