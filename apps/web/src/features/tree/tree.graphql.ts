import { graphql } from "../../api/graphql";

/**
 * Every node of the current system, flat: the client builds the tree (tree-model.ts). Read once
 * per visit; 20,000 nodes are about 3 MB of JSON, so the fields are only what the rows show.
 */
export const TREE_NODES = graphql(`
  query TreeNodes {
    systemTreeNodes {
      id
      name
      kind
      number
      parent_id
      sort_order
      section_id
      is_enabled
      text_long
      text_short
      battery
      battery_reported_at
      reachable
      last_reachable_at
      is_tech
      radio
      is_linkable
      linked_system_tree_node_id
      serial
      inherits
    }
  }
`);

/** spec §7: "callsChanged returns the open call list", live: the badges of the tree. */
export const TREE_CALLS_CHANGED = graphql(`
  subscription TreeCallsChanged {
    callsChanged {
      id
      number
      call_type {
        id
        urgency
        color
      }
    }
  }
`);

/** "ids become the children of parent_id in this order (moves need change_parents, order needs manage_structure)". */
export const SORT_TREE_NODES = graphql(`
  mutation SortSystemTreeNodes($parent_id: Int, $ids: [Int!]!) {
    sortSystemTreeNodes(parent_id: $parent_id, ids: $ids)
  }
`);

/** The views of the switcher, visible to the user and in order (spec §4 "System views" rule, applied by the server). */
export const TREE_SYSTEM_VIEWS = graphql(`
  query TreeSystemViews {
    systemViews {
      id
      name
      view_key
      is_system_view
      filters {
        key
        value
      }
    }
  }
`);

/** "Nodes of the current system changed ...: open trees refetch them." */
export const TREE_CHANGED = graphql(`
  subscription TreeChanged {
    systemTreeChanged {
      system_id
      ids
    }
  }
`);
