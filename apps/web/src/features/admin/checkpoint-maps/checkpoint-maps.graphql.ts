import { graphql } from "../../../api/graphql";

/**
 * Every readable field of a checkpoint: what the registry's record documents select
 * (entity-documents recordSelection; checkpoint-maps.graphql.test.ts keeps the two equal), so
 * the records read here go into the registry's form and update documents unchanged.
 */
export const CHECKPOINT_FIELDS = graphql(`
  fragment CheckpointFields on Checkpoint {
    id
    checkpoint_map_id
    number
    char
    text
    section_id
    diameter
    position_x
    position_y
  }
`);

/** The same for a checkpoint map (what the upload answers). */
export const CHECKPOINT_MAP_FIELDS = graphql(`
  fragment CheckpointMapFields on CheckpointMap {
    id
    sort_order
    name
    section_id
    map_path
  }
`);

/** A map holds few checkpoints; one page of the server's maximum (200) is all of them. */
export const CHECKPOINTS_OF_MAP = graphql(
  `
    query CheckpointsOfMap($mapId: Int!) {
      checkpoints(filter: { parent_id: $mapId, limit: 200 }) {
        total
        items {
          ...CheckpointFields
        }
      }
    }
  `,
  [CHECKPOINT_FIELDS],
);

/** Checkpoint numbers are unique in the system (all maps): the highest one so far. */
export const HIGHEST_CHECKPOINT_NUMBER = graphql(`
  query HighestCheckpointNumber {
    checkpoints(filter: { sort: "number", direction: DESC, limit: 1 }) {
      items {
        id
        number
      }
    }
  }
`);

/** spec §7 "multipart for uploads": the file travels as the `file` variable. */
export const UPLOAD_MAP_IMAGE = graphql(
  `
    mutation UploadCheckpointMapImage($id: Int!, $file: Upload!) {
      uploadCheckpointMapImage(id: $id, file: $file) {
        ...CheckpointMapFields
      }
    }
  `,
  [CHECKPOINT_MAP_FIELDS],
);
