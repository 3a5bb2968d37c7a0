import { gql, type TypedDocumentNode } from "@urql/core";
import { checkpoint, checkpointMap } from "@caresuite/domain";
import { recordSelection, type EntityRecord } from "../../../entity-admin/entity-documents";

/** A map holds few checkpoints; one page of the server's maximum is all of them. */
export const CHECKPOINTS_PER_MAP = 200;

export const CHECKPOINTS_OF_MAP: TypedDocumentNode<{ checkpoints: { total: number; items: EntityRecord[] } | null }, { mapId: number }> = gql(`
  query CheckpointsOfMap($mapId: Int!) {
    checkpoints(filter: { parent_id: $mapId, limit: ${CHECKPOINTS_PER_MAP} }) {
      total
      items { ${recordSelection(checkpoint)} }
    }
  }
`);

/** Checkpoint numbers are unique in the system (all maps): the highest one so far. */
export const HIGHEST_CHECKPOINT_NUMBER: TypedDocumentNode<{ checkpoints: { items: EntityRecord[] } | null }, Record<string, never>> = gql(`
  query HighestCheckpointNumber {
    checkpoints(filter: { sort: "number", direction: DESC, limit: 1 }) {
      items { id number }
    }
  }
`);

/** spec §7 "multipart for uploads": the file travels as the `file` variable. */
export const UPLOAD_MAP_IMAGE: TypedDocumentNode<{ uploadCheckpointMapImage: EntityRecord | null }, { id: number; file: File }> = gql(`
  mutation UploadCheckpointMapImage($id: Int!, $file: Upload!) {
    uploadCheckpointMapImage(id: $id, file: $file) { ${recordSelection(checkpointMap)} }
  }
`);
