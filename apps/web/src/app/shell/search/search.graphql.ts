import { graphql } from "../../../api/graphql";

/** spec §7: "Search(query: string): entries with category and results (entity, key, kind)". */
export const GLOBAL_SEARCH = graphql(`
  query GlobalSearch($query: String!) {
    search(query: $query) {
      category
      results {
        entity
        key
        kind
        text
        context
      }
    }
  }
`);

/** spec §7 "HubPrinterMessage (no variables)": a device a technician touched with the magnet. */
export const HUB_PRINTER_MESSAGE = graphql(`
  subscription HubPrinterMessage {
    hubPrinterMessage {
      id
      address
      error
      system_tree_node {
        id
        kind
        name
        serial
        parent_name
      }
    }
  }
`);
