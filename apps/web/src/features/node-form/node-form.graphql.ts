import { CALL_CARD_FIELDS } from "../../api/call-fields.graphql";
import { graphql, type ResultOf } from "../../api/graphql";

/** A related node as the form lists it (parents, children, linking nodes). */
const NODE_FORM_SUMMARY = graphql(`
  fragment NodeFormSummary on SystemTreeNodeSummary {
    id
    name
    kind
    number
    is_enabled
    text_long
  }
`);

const NODE_NOTE_FIELDS = graphql(`
  fragment NodeNoteFields on SystemTreeNodeNote {
    id
    text
    author
    created_at
  }
`);

/** spec data §3.6: every node field, its related nodes, notes, health and what the user may change. */
export const NODE_FORM_QUERY = graphql(
  `
    query SystemTreeNodeForm($id: Int!) {
      systemTreeNode(id: $id) {
        id
        name
        number
        kind
        parent_id
        sort_order
        section_id
        serial
        mac
        text_long
        text_short
        call_source_id
        callback_number
        comment
        battery
        battery_reported_at
        health
        reachable
        last_reachable_at
        status
        position
        position_updated_at
        is_enabled
        is_linkable
        is_tech
        radio
        day_sound_level
        night_sound_level
        disable_buzzer_at_night
        mask_time_at_night
        display_time
        show_calls_without_presence
        use_activity_control
        deny_manual_call_closure
        flight_profile_id
        linked_system_tree_node_id
        device_text_overrides {
          call_source
          checkpoint
          button
        }
        schedule_id
        display_group_ids
        active_display_group_override_id
        inherit_section
        inherit_text_long
        inherit_text_short
        inherit_flight_profile
        resolved {
          section_id
          text_long
          text_short
          flight_profile_id
        }
        latest_note {
          ...NodeNoteFields
        }
        notes {
          ...NodeNoteFields
        }
        editable_fields
        reachability_history {
          from
          to
          reachable
        }
        edit_state {
          blocked_by
          can_edit
          can_delete
          can_move
        }
        parents {
          ...NodeFormSummary
        }
        children {
          ...NodeFormSummary
        }
        linking_nodes {
          ...NodeFormSummary
        }
        open_calls {
          ...CallCardFields
        }
      }
    }
  `,
  [NODE_FORM_SUMMARY, NODE_NOTE_FIELDS, CALL_CARD_FIELDS],
);

export type NodeView = ResultOf<typeof NODE_FORM_QUERY>["systemTreeNode"];
export type NodeNote = NodeView["notes"][number];
export type NodeSummary = NodeView["children"][number];
export type NodeOpenCall = NodeView["open_calls"][number];

/** The parent and linked-node pickers: at most fifty nodes the rules allow, matching the typed text. */
export const NODE_CHOICES_QUERY = graphql(`
  query SystemTreeNodeChoices($purpose: SystemTreeNodeChoicePurpose!, $node_id: Int, $search: String, $include_id: Int) {
    systemTreeNodeChoices(purpose: $purpose, node_id: $node_id, search: $search, include_id: $include_id) {
      id
      name
    }
  }
`);

export const CREATE_NODE = graphql(`
  mutation CreateSystemTreeNode($data: SystemTreeNodeInput!) {
    createSystemTreeNode(data: $data) {
      id
      name
    }
  }
`);

export const UPDATE_NODE = graphql(`
  mutation UpdateSystemTreeNode($id: Int!, $data: SystemTreeNodeInput!) {
    updateSystemTreeNode(id: $id, data: $data) {
      id
      name
    }
  }
`);

export const DELETE_NODE = graphql(`
  mutation DeleteSystemTreeNode($ids: [Int!]!) {
    deleteSystemTreeNode(ids: $ids) {
      id
    }
  }
`);

export const ADD_NODE_NOTE = graphql(
  `
    mutation AddSystemTreeNodeNote($node_id: Int!, $text: String!) {
      addSystemTreeNodeNote(node_id: $node_id, text: $text) {
        ...NodeNoteFields
      }
    }
  `,
  [NODE_NOTE_FIELDS],
);

/** The cache keys a node change makes stale (urql's document cache refetches on them). */
export const NODE_CONTEXT = { additionalTypenames: ["SystemTreeNode", "SystemTreeNodeSummary", "SystemTreeNodeNote"] };

/** Nodes changed (saved by someone, battery or reachability reported): an open form refetches its node. */
export const NODE_TREE_CHANGED = graphql(`
  subscription NodeFormTreeChanged {
    systemTreeChanged {
      system_id
      ids
    }
  }
`);

/** The parents of a call's device: the call form below a node checks that the call is the node's. */
export const CALL_DEVICE_PARENTS = graphql(`
  query CallDeviceParents($id: Int!) {
    systemTreeNode(id: $id) {
      id
      parents {
        id
      }
    }
  }
`);
