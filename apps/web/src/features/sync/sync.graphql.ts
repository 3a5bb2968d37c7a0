import { graphql, type ResultOf } from "../../api/graphql";

/**
 * spec §7 "configChangelog: status, error, progress, config, changelog" of the current system
 * (plus the running publish's send step), and the two actions of the sync route.
 */
export const CONFIG_CHANGELOG = graphql(`
  query ConfigChangelog {
    configChangelog {
      status
      error
      progress
      step
      config {
        revision
        fetched_at
        imported_at
        last_commit
        last_change
      }
      changelog {
        id
        entity_id
        entity_kind
        state
        changes {
          field
          ours
          theirs
        }
        ours
        theirs
      }
    }
  }
`);

export type ConfigChangelogResult = ResultOf<typeof CONFIG_CHANGELOG>["configChangelog"];
export type ChangelogEntry = ConfigChangelogResult["changelog"][number];

export const IMPORT_CONFIG_CHANGES = graphql(`
  mutation ImportConfigChanges {
    importConfigChanges
  }
`);

export const PUBLISH_CONFIG = graphql(`
  mutation PublishConfig {
    publishConfig
  }
`);

/** The name of a node a publish error names but the changelog does not hold. */
export const SYNC_NODE_NAME = graphql(`
  query SyncNodeName($id: Int!) {
    systemTreeNode(id: $id) {
      id
      name
    }
  }
`);
